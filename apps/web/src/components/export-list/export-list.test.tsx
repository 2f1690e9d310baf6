import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { exportFile } from '@console/contract';
import i18n, { loadAllNamespaces } from '../../locales';
import { useSessionStore } from '../../stores/session';
import { fakeApi, ok, operatorUser, renderWithProviders } from '../../test-utils';
import { ExportList } from './export-list';

const item: exportFile.ExportItem = {
  id: 41,
  report: 'agent-daily',
  report_path: 'agent/report/agent/daily/summary',
  filters: { start_date: '2026-10-01', end_date: '2026-10-31', time_zone_id: 2, agent_id: 7, currency_id: 1 },
  requested_by: 1,
  requested_by_account: 'admin',
  status: 'done',
  row_count: 1234,
  file_size: 56789,
  file_name: 'agent-daily.xlsx',
  error_msg: '',
  created_at: '2026-11-26T16:10:00.000Z',
  finished_at: '2026-11-26T16:10:05.000Z',
  expires_at: '2026-12-03T16:10:05.000Z',
  downloadable: true,
};

describe('ExportList', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
    await loadAllNamespaces();
  });
  beforeEach(() => {
    useSessionStore.setState({ token: 'tok', permissions: ['13', '1305'], userInfo: { ...operatorUser({ id: 1, account: 'admin' }), must_bind_google: false } });
    fakeApi((path) => (path === 'export/list' ? ok({ list: [item], total: 1 }) : undefined));
  });
  afterEach(cleanup);

  it('keeps "download" pinned at the right edge on a phone, however wide the row, and the report at the left', async () => {
    renderWithProviders(<ExportList id="export-test" />);
    const download = await screen.findByRole('button', { name: /Download/ });
    const cell = download.closest('td')!;
    expect(cell.className).toContain('ant-table-cell-fix-end');
    // jsdom matches no media query, so this is the phone's table: there the report, the row's name,
    // stays pinned at the left edge too (jsdom lays nothing out, so the room beside it never measures short).
    expect(within(download.closest('tr')!).getByText('Daily agent summary').closest('td')!.className).toContain('ant-table-cell-fix-start');
    // The times are in the chosen timezone (GMT+8 by default), in the console's one format.
    const row = download.closest('tr')!;
    expect(within(row).getByText('2026-11-27 00:10:00')).toBeTruthy();
  });
});
