import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import i18n, { loadAllNamespaces } from '../../locales';
import { useAppStore } from '../../stores/app';
import { useDictStore } from '../../stores/dict';
import { useSessionStore } from '../../stores/session';
import { operatorUser } from '../../test-utils';
import { Welcome, weekdayOf } from './welcome';

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

  it('names the weekday of a calendar day whatever the browser’s zone', () => {
    expect(weekdayOf('2026-11-27', 'en')).toBe('Friday');
    expect(weekdayOf('2026-11-27', 'zh-cn')).toBe('星期五');
  });
});
