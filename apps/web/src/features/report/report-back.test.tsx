import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { report } from '@console/contract';
import i18n, { loadAllNamespaces } from '../../locales';
import { useSessionStore } from '../../stores/session';
import { fakeApi, ok, operatorUser } from '../../test-utils';
import { backOf, backTarget, drillHref, drillTargets } from './report-config';
import { reportScreen } from './report-screen';

const R = report.REPORT_SCREENS;
const ACTIONS = '下钻';

describe('the way back of a drill-down', () => {
  it('carries the report it came from, with its filters, and leads back only to a report', () => {
    const from = backOf('/agent/report/daily', '?start_date=2026-10-01&end_date=2026-10-31&time_zone_id=2&back=%2Fcurrency%2Freport%2Fdaily');
    expect(from).toBe('/agent/report/daily?start_date=2026-10-01&end_date=2026-10-31&time_zone_id=2');
    const [players] = drillTargets(R.agentDaily, { date: '2026-10-05', agent_id: 7, currency_id: 1 }, { start_date: '2026-10-01', end_date: '2026-10-31', time_zone_id: 2 }).filter((d) => d.label === 'drill.players');
    const href = drillHref(players!, from);
    const search = href.slice(href.indexOf('?'));
    expect(backTarget(search)).toEqual({ def: R.agentDaily, href: from });
    expect(backTarget('?back=https%3A%2F%2Fevil.example%2F')).toBeNull();
    expect(backTarget('?back=%2F%2Fevil.example%2Fagent%2Freport%2Fdaily')).toBeNull();
    expect(backTarget('?back=%2Flog%2Findex')).toBeNull();
    expect(backTarget('?start_date=2026-10-01')).toBeNull();
  });
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

describe('ReportScreen drill-down', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh-cn');
    await loadAllNamespaces();
  });
  beforeEach(() => {
    // The trend chart stays off: jsdom has no canvas.
    localStorage.setItem('report-chart-hidden', '1');
    useSessionStore.setState({ token: 'tok', permissions: ['14', '1402', '2', '201'], userInfo: { ...operatorUser({ id: 1, account: 'admin' }), must_bind_google: false } });
    fakeApi((path) => {
      if (path === R.agentDaily.path) return ok({ list: [{ date: '2026-10-05', agent_id: 7, agent_code: 'east', currency_id: 1, currency_code: 'CNY' }], total: 1, summary: [] });
      if (path === R.playerSummary.path) return ok({ list: [], total: 0, summary: [] });
      return undefined;
    });
  });
  afterEach(cleanup);

  it('shows "back to" the daily report on the drilled-down screen, which brings the daily report back with its filters', async () => {
    const Daily = reportScreen('agentDaily');
    const Players = reportScreen('playerSummary');
    const start = '/agent/report/daily?start_date=2026-10-01&end_date=2026-10-31&time_zone_id=2';
    render(
      <App>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter initialEntries={[start]}>
            <Routes>
              <Route path={R.agentDaily.screen} element={<Daily />} />
              <Route path={R.playerSummary.screen} element={<Players />} />
            </Routes>
            <Where />
          </MemoryRouter>
        </QueryClientProvider>
      </App>,
    );
    expect(screen.queryByTestId('report-back')).toBeNull();
    // jsdom matches no media query: the screen is laid out for a phone, its drills in a menu.
    const row = (await screen.findByText('2026-10-05')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: ACTIONS }));
    fireEvent.click(await screen.findByRole('link', { name: '玩家' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toMatch(/^\/player\/report\/summary\?/));
    const back = await screen.findByTestId('report-back');
    const link = within(back).getByRole('link', { name: /返回代理日汇总/ });
    fireEvent.click(link);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(start));
  });
});
