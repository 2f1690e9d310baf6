import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import i18n, { loadAllNamespaces } from '../../locales';
import { useAppStore } from '../../stores/app';
import { useDictStore } from '../../stores/dict';
import { useSessionStore } from '../../stores/session';
import { operatorUser } from '../../test-utils';
import { greetingOf, hourAt, Welcome, weekdayOf } from './welcome';

describe('Welcome', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh-cn');
    await loadAllNamespaces();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('names today and the last sign-in in the chosen timezone, the day the cards below count', () => {
    // 17:30 UTC on the 26th is already the 27th in GMT+8 (timezone 1), whatever the browser's zone.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T17:30:00Z'));
    useSessionStore.setState({ userInfo: { ...operatorUser({ name: '运营', last_login_at: '2026-11-26T16:05:00.000Z' }), must_bind_google: false } });
    useDictStore.setState({ timeZoneId: 1 });
    useAppStore.setState({ language: 'zh-cn' });
    render(<Welcome />);
    expect(screen.getByTestId('dashboard-today').textContent).toBe(`2026-11-27 ${weekdayOf('2026-11-27', 'zh-cn')}`);
    expect(screen.getByText('2026-11-27 00:05')).toBeTruthy();
  });

  it('greets by the hour in the chosen timezone, not the browser’s', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    useSessionStore.setState({ userInfo: { ...operatorUser({ name: '运营' }), must_bind_google: false } });
    useAppStore.setState({ language: 'zh-cn' });
    // 03:30 UTC: 11:30 in GMT+8 (timezone 1), 12:00 in GMT+8:30 (2), 13:30 in GMT+10:00 (5); the
    // browser's own zone (Asia/Shanghai in the tests, or any other) plays no part.
    vi.setSystemTime(new Date('2026-11-27T03:30:00Z'));
    const greeting = (timeZoneId: number) => {
      useDictStore.setState({ timeZoneId });
      const { unmount } = render(<Welcome />);
      const text = screen.getByTestId('dashboard-greeting').textContent;
      unmount();
      return text;
    };
    expect(greeting(1)).toBe(i18n.t('dashboard:greeting.morning', { name: '运营' }));
    expect(greeting(2)).toBe(i18n.t('dashboard:greeting.afternoon', { name: '运营' }));
    expect(greeting(5)).toBe(i18n.t('dashboard:greeting.afternoon', { name: '运营' }));
    // 20:45 UTC: 04:45 the next day in GMT+8 (still evening), 05:45 in GMT+9:00 (morning).
    vi.setSystemTime(new Date('2026-11-27T20:45:00Z'));
    expect(greeting(1)).toBe(i18n.t('dashboard:greeting.evening', { name: '运营' }));
    expect(greeting(3)).toBe(i18n.t('dashboard:greeting.morning', { name: '运营' }));
    vi.setSystemTime(new Date('2026-11-27T10:15:00Z'));
    expect(greeting(1)).toBe(i18n.t('dashboard:greeting.evening', { name: '运营' }));
    expect(greeting(5)).toBe(i18n.t('dashboard:greeting.evening', { name: '运营' }));
    vi.setSystemTime(new Date('2026-11-27T09:45:00Z'));
    expect(greeting(1)).toBe(i18n.t('dashboard:greeting.afternoon', { name: '运营' }));
    expect(greeting(4)).toBe(i18n.t('dashboard:greeting.evening', { name: '运营' }));
  });

  it('reads the hour of an instant on a zone’s wall clock', () => {
    expect(hourAt(Date.parse('2026-11-27T15:59:59Z'), 480)).toBe(23);
    expect(hourAt(Date.parse('2026-11-27T16:00:00Z'), 480)).toBe(0);
    expect(hourAt(Date.parse('2026-11-27T15:29:59Z'), 510)).toBe(23);
    expect(hourAt(Date.parse('2026-11-27T15:30:00Z'), 510)).toBe(0);
    expect([4, 5, 11, 12, 17, 18].map(greetingOf)).toEqual(['evening', 'morning', 'morning', 'afternoon', 'afternoon', 'evening']);
  });

  it('names the weekday of a calendar day whatever the browser’s zone', () => {
    expect(weekdayOf('2026-11-27', 'en')).toBe('Friday');
    expect(weekdayOf('2026-11-27', 'zh-cn')).toBe('星期五');
  });
});
