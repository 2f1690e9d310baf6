import { describe, expect, it } from 'vitest';
import { monthReportListRequestSchema, reportCallPairs, reportColumns, reportFields, reportListRequestSchema, reportResponseSchema, reportSortFields, reportSummaryShape } from './modules/report.ts';
import { PERMISSION_PARENT, PERMISSION_TREE, type PermissionNode } from './permissions.ts';
import { BETTING_REPORT, REPORT_COLUMNS, REPORT_DEFS, REPORT_SCREENS, reportScreenPath, SETTLEMENT_REPORT } from './report-defs.ts';
import { ASYNC_ROUTES, joinPath, type RouteDef } from './routes.ts';

const reports = Object.values(REPORT_SCREENS);

function leaves(routes: readonly RouteDef[], parent = ''): Array<{ path: string; route: RouteDef }> {
  return routes.flatMap((r) => {
    const full = parent ? joinPath(parent, r.path) : r.path;
    return r.children ? leaves(r.children, full) : [{ path: full, route: r }];
  });
}

function findNode(nodes: readonly PermissionNode[], code: string): PermissionNode | undefined {
  for (const node of nodes) {
    if (node.code === code) return node;
    const inner = node.children && findNode(node.children, code);
    if (inner) return inner;
  }
  return undefined;
}

describe('each report is described once (report-defs.ts)', () => {
  it('names, permission codes, screens and call paths are unique; the betting list is the one raw report', () => {
    for (const field of ['key', 'name', 'permission', 'screen', 'path'] as const) {
      expect(new Set(reports.map((d) => d[field])).size).toBe(reports.length);
    }
    expect(reports.filter((d) => d.raw)).toEqual([BETTING_REPORT]);
    // Every report but the bet-record list and the settlement is an aggregated report.
    expect(Object.values(REPORT_DEFS)).toHaveLength(reports.length - 2);
    expect(Object.values(REPORT_DEFS)).not.toContain(SETTLEMENT_REPORT);
    expect(reports.filter((d) => d.columns !== null)).toEqual([SETTLEMENT_REPORT]);
    expect(REPORT_DEFS.agentDaily).toMatchObject({ key: 'agentDaily', name: 'agent-daily', permission: '1402', screen: '/agent/report/daily' });
  });

  it('every report has its screen in the route table, guarded by its own permission code, titled by its key', () => {
    const routes = leaves(ASYNC_ROUTES);
    for (const d of reports) {
      const found = routes.filter((r) => r.path === d.screen);
      expect(found, d.screen).toHaveLength(1);
      expect(found[0]!.route).toMatchObject({ component: `report-${d.name}`, meta: { title: d.key, roles: [d.permission], keepAlive: true } });
      const [parent] = reportScreenPath(d);
      const group = ASYNC_ROUTES.find((r) => r.path === parent);
      expect(group?.meta?.roles, parent).toEqual([PERMISSION_PARENT.get(d.permission)]);
    }
    const reportRoutes = routes.filter((r) => r.route.component?.startsWith('report-'));
    expect(reportRoutes).toHaveLength(reports.length);
  });

  it('every report is a leaf of the permission tree under its group, named by its title', () => {
    for (const d of reports) {
      expect(findNode(PERMISSION_TREE, d.permission)).toEqual({ code: d.permission, name: d.title });
      expect(PERMISSION_PARENT.get(d.permission)).toBe(d.permission.slice(0, -2));
    }
  });

  it('every report has a list call and an export call on its path, guarded by its code', () => {
    for (const d of reports) {
      const pair = reportCallPairs.find((p) => p.def === d);
      expect(pair?.list).toMatchObject({ path: d.path, access: { permission: d.permission } });
      expect(pair?.export).toMatchObject({ path: `${d.path}/export`, access: { permission: d.permission }, binary: true });
    }
    expect(reportCallPairs).toHaveLength(reports.length);
  });

  it('every column of every report row and summary has a header in both languages, a kind and decimals', () => {
    for (const d of reports) {
      for (const key of [...reportFields(d), ...Object.keys(reportSummaryShape(d))]) {
        const meta = REPORT_COLUMNS[key];
        expect(meta, `${d.name}.${key}`).toBeDefined();
        expect(meta!.title['zh-cn'] && meta!.title.en).toBeTruthy();
      }
    }
    expect(reportColumns(REPORT_DEFS.agentDaily).slice(0, 4).map((c) => c.key)).toEqual(['date', 'agent_id', 'agent_code', 'agent_name']);
    expect(reportColumns(REPORT_DEFS.agentDaily).find((c) => c.key === 'bet_amount')).toMatchObject({ kind: 'money', decimals: 4, title: { en: 'Bet amount' } });
    expect(REPORT_COLUMNS.rtp).toMatchObject({ kind: 'rate', decimals: 4 });
    expect(REPORT_COLUMNS.agent_id).toMatchObject({ kind: 'id', decimals: 0 });
  });
});

describe('the agent settlement (1405): a month report with its own columns', () => {
  const d = SETTLEMENT_REPORT;

  it('is an agent report over whole months, after the monthly agent summary in the menu', () => {
    expect(d).toMatchObject({ key: 'agentSettlement', path: 'agent/report/agent/settlement', permission: '1405', screen: '/agent/report/settlement', period: 'month', range: 'month', dims: ['agent'] });
    expect(d.title).toEqual({ 'zh-cn': '代理占成', en: 'Agent settlement' });
    const agentKeys = reports.filter((r) => r.permission.startsWith('14')).map((r) => r.key);
    expect(agentKeys).toEqual(['agentSummary', 'agentHourly', 'agentDaily', 'agentMonthly', 'agentSettlement']);
    // Every other report is asked for by dates.
    expect(reports.filter((r) => r.range === 'month')).toEqual([d]);
  });

  it('has the rows, totals and sort fields of its own column list', () => {
    const rows = ['month', 'agent_id', 'agent_code', 'currency_id', 'currency_code', 'platform_win_loss', 'share_rate', 'own_take', 'upline_take'];
    expect(reportFields(d)).toEqual(rows);
    expect(reportSortFields(d)).toEqual(rows);
    expect(Object.keys(reportSummaryShape(d))).toEqual(['currency_id', 'currency_code', 'platform_win_loss', 'own_take', 'upline_take']);
    expect(REPORT_COLUMNS.share_rate).toMatchObject({ kind: 'bp', decimals: 0 });
    expect(REPORT_COLUMNS.own_take).toMatchObject({ kind: 'money', decimals: 4 });
    const row = { month: '2026-01', agent_id: 1, agent_code: 'a1', currency_id: 1, currency_code: 'CNY', platform_win_loss: '10.0000', share_rate: 5000, own_take: '5.0000', upline_take: '5.0000' };
    const ok = reportResponseSchema(d).safeParse({ list: [row], total: 1, summary: [{ currency_id: 1, currency_code: 'CNY', platform_win_loss: '10.0000', own_take: '5.0000', upline_take: '5.0000' }] });
    expect(ok.success).toBe(true);
    expect(reportResponseSchema(d).safeParse({ list: [{ ...row, share_rate: '50%' }], total: 1, summary: [] }).success).toBe(false);
  });

  it('takes months, the timezone, the currency and the agent', () => {
    const pair = reportCallPairs.find((p) => p.def === d)!;
    expect(pair.list.request).toBe(monthReportListRequestSchema);
    const parsed = monthReportListRequestSchema.parse({ start_month: '2026-01', end_month: '2026-03', agent_id: 0, currency_id: -1, time_zone_id: 1, page: 1, page_size: 20 });
    expect(parsed).toMatchObject({ start_month: '2026-01', end_month: '2026-03', agent_id: 0, currency_id: -1, time_zone_id: 1, page: 1, page_size: 20 });
    for (const bad of ['2026-13', '2026-00', '2026-1', '2026-01-01', '']) expect(monthReportListRequestSchema.safeParse({ start_month: bad, end_month: '2026-03' }).success, bad).toBe(false);
    // The other reports keep their date filters.
    expect(reportCallPairs.find((p) => p.def === REPORT_DEFS.agentMonthly)!.list.request).toBe(reportListRequestSchema);
  });
});
