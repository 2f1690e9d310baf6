import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n, { loadAllNamespaces } from '../../locales';
import { useDictStore } from '../../stores/dict';
import { useSessionStore } from '../../stores/session';
import { desktopMatchMedia, fakeApi, ok, renderWithProviders } from '../../test-utils';
import LogScreen from './log-screen';

const row = {
  id: 9, operator_id: 1, operator_account: 'admin', action: 'agent/add', target: 'a01', summary: '{}', ip: '10.0.0.1', result_code: '0',
  created_at: '2026-11-26T15:30:00.000Z', agent_code: '',
};

/** A desktop: every min-width media query matches, so antd's breakpoints are all on (the filters in the bar, not a drawer). */
const realMatchMedia = window.matchMedia;

describe('LogScreen', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh-cn');
    await loadAllNamespaces();
    window.matchMedia = desktopMatchMedia;
  });
  afterAll(() => {
    window.matchMedia = realMatchMedia;
  });
  beforeEach(() => {
    sessionStorage.clear();
    useSessionStore.setState({ permissions: ['11'] });
    // GMT+9:00 persisted.
    useDictStore.setState({ timeZoneId: 3 });
  });
  afterEach(cleanup);

  it('asks in the persisted timezone and shows the times in it', async () => {
    const api = fakeApi((path) => (path === 'log/list' ? ok({ list: [row], total: 1 }) : undefined));
    renderWithProviders(<LogScreen />, { route: '/log/index' });
    await waitFor(() => expect(api.sent('log/list')[0]).toMatchObject({ time_zone_id: 3 }));
    expect(await screen.findByText('2026-11-27 00:30:00')).toBeTruthy();
  });

  it('reads the zone and a wall-clock range from a link, and a search sends the range picked, to its minute, in the zone chosen', async () => {
    const api = fakeApi((path) => (path === 'log/list' ? ok({ list: [row], total: 1 }) : undefined));
    renderWithProviders(<LogScreen />, { route: `/log/index?time_zone_id=5&start_time=${encodeURIComponent('2026-11-27 00:00:00')}&end_time=${encodeURIComponent('2026-11-27 23:59:59')}` });
    await waitFor(() => expect(api.sent('log/list')[0]).toMatchObject({ time_zone_id: 5, start_time: '2026-11-27 00:00:00', end_time: '2026-11-27 23:59:59' }));
    expect(await screen.findByText('2026-11-27 01:30:00')).toBeTruthy();
    await waitFor(() => expect((document.querySelector('#log-filters_start_time') as HTMLInputElement).value).toBe('2026-11-27 00:00'));
    expect((document.querySelector('#log-filters_end_time') as HTMLInputElement).value).toBe('2026-11-27 23:59');

    const zoneField = document.querySelector('#log-filters_time_zone_id')!.closest('.ant-select')! as HTMLElement;
    expect(within(zoneField).getByTitle('GMT+10:00')).toBeTruthy();
    fireEvent.mouseDown(zoneField.querySelector('.ant-select-selector, .ant-select-content, [role="combobox"]') ?? zoneField);
    fireEvent.click((await screen.findAllByTitle('GMT+8:00')).at(-1)!);
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(api.sent('log/list').at(-1)).toMatchObject({ time_zone_id: 1, start_time: '2026-11-27 00:00:00', end_time: '2026-11-27 23:59:59' }));
    expect(useDictStore.getState().timeZoneId).toBe(1);
    expect(await screen.findByText('2026-11-26 23:30:00')).toBeTruthy();
  });
});
