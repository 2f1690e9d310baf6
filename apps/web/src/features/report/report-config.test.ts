import { describe, expect, it } from 'vitest';
import { report } from '@console/contract';
import {
  busiestCurrency,
  chartSource,
  currentPeriod,
  defaultRange,
  drillHref,
  drillTargets,
  localToday,
  monthPresetRange,
  periodsOf,
  presetRange,
  rangeKeys,
  rangeProblem,
  reportColumnSpecs,
  reportFilterFields,
  reportFilterSchemaOf,
  rowRange,
  sortFieldsOf,
  trendByCurrency,
} from './report-config';

const R = report.REPORT_SCREENS;

describe('report definition → filters', () => {
  it('shows each report only the filters it takes', () => {
    expect(reportFilterFields(R.currencyDaily)).toEqual(['dates', 'time_zone_id', 'currency_id', 'agent_id']);
    expect(reportFilterFields(R.agentDaily)).toEqual(['dates', 'time_zone_id', 'currency_id', 'agent_id', 'game_id', 'platform_id']);
    expect(reportFilterFields(R.platformSummary)).toEqual(['dates', 'time_zone_id', 'currency_id', 'agent_id', 'platform_id']);
    expect(reportFilterFields(R.playerSummary)).toContain('player_account');
    expect(reportFilterFields(R.gamePlayer)).toContain('player_account');
    expect(reportFilterFields(R.playerBetting)).toEqual(['dates', 'time_zone_id', 'currency_id', 'agent_id', 'game_id', 'platform_id', 'player_account']);
    expect(reportFilterFields(R.gameSummary)).not.toContain('player_account');
  });

  it('reads the URL through the call’s own schema, field by field', () => {
    const schema = reportFilterSchemaOf(R.currencyDaily);
    expect(Object.keys(schema.shape).sort()).toEqual(['agent_id', 'currency_id', 'end_date', 'start_date', 'time_zone_id']);
    expect(schema.shape.start_date.safeParse('2026-02-30').success).toBe(false);
    expect(Object.keys(reportFilterSchemaOf(R.playerBetting).shape)).toContain('player_account');
  });

  it('sorts by the row columns, and the bet list by its indexed fields only', () => {
    expect(sortFieldsOf(R.agentDaily)).toContain('date');
    expect(sortFieldsOf(R.agentDaily)).toContain('platform_win_loss');
    expect(sortFieldsOf(R.playerBetting)).toEqual(report.BETTING_SORT_FIELDS);
  });
});

describe('a report over whole months (the agent settlement)', () => {
  const d = R.agentSettlement;

  it('takes months, the timezone, the currency and the agent, read through the call’s own schema', () => {
    expect(reportFilterFields(d)).toEqual(['months', 'time_zone_id', 'currency_id', 'agent_id']);
    expect(rangeKeys(d)).toEqual(['start_month', 'end_month']);
    expect(rangeKeys(R.agentMonthly)).toEqual(['start_date', 'end_date']);
    const schema = reportFilterSchemaOf(d);
    expect(Object.keys(schema.shape).sort()).toEqual(['agent_id', 'currency_id', 'end_month', 'start_month', 'time_zone_id']);
    expect(schema.shape.start_month.safeParse('2026-13').success).toBe(false);
    expect(schema.shape.start_month.safeParse('2026-02').success).toBe(true);
  });

  it('opens on the current month and the two before, and has month presets and its longest range', () => {
    expect(defaultRange(d, '2026-03-16')).toEqual(['2026-01', '2026-03']);
    expect(defaultRange(d, '2026-01-01')).toEqual(['2025-11', '2026-01']);
    expect(monthPresetRange('thisMonth', '2026-03-16')).toEqual(['2026-03', '2026-03']);
    expect(monthPresetRange('lastMonth', '2026-01-16')).toEqual(['2025-12', '2025-12']);
    expect(monthPresetRange('last6Months', '2026-03-31')).toEqual(['2025-10', '2026-03']);
    expect(monthPresetRange('thisYear', '2026-03-16')).toEqual(['2026-01', '2026-03']);
    expect(rangeProblem(d, '2024-04', '2026-03')).toBeNull();
    expect(rangeProblem(d, '2024-03', '2026-03')).toEqual({ reason: 'tooManyMonths', maxMonths: 24 });
    expect(rangeProblem(d, '2026-03', '2026-02')).toEqual({ reason: 'order' });
  });

  it('shows its own columns: the month and agent pinned, the share rate a right-aligned percentage, ids hidden, every column sortable', () => {
    const specs = reportColumnSpecs(d);
    expect(specs.map((s) => s.key)).toEqual(['month', 'agent_id', 'agent_code', 'currency_id', 'currency_code', 'platform_win_loss', 'share_rate', 'own_take', 'upline_take']);
    const byKey = Object.fromEntries(specs.map((s) => [s.key, s]));
    expect(byKey.share_rate).toMatchObject({ kind: 'bp', align: 'right', sortable: true, title: { 'zh-cn': '占成', en: 'Share rate' } });
    expect(byKey.own_take).toMatchObject({ kind: 'money', align: 'right', title: { en: 'Own take' } });
    expect(byKey.agent_id?.defaultHidden).toBe(true);
    expect(sortFieldsOf(d)).toContain('own_take');
  });

  it('has no trend chart (no metrics to plot), and leads a row to its agent’s days of that month and its players', () => {
    expect(chartSource(d, () => true)).toBeNull();
    const row = { month: '2026-02', agent_id: 7, agent_code: 'a7', currency_id: 3, own_take: '1.0000' };
    const [daily, players] = drillTargets(d, row, { start_month: '2026-01', end_month: '2026-03', time_zone_id: 2, currency_id: -1, agent_id: 0 });
    expect(daily).toMatchObject({ screen: '/agent/report/daily', query: { agent_id: 7, start_date: '2026-02-01', end_date: '2026-02-28', time_zone_id: 2, currency_id: 3 } });
    expect(players?.screen).toBe('/player/report/summary');
  });
});

describe('report definition → columns', () => {
  it('has the spreadsheet’s columns, headers and kinds, numbers right-aligned, ids hidden until asked for', () => {
    const specs = reportColumnSpecs(R.agentDaily);
    expect(specs.map((s) => s.key)).toEqual(report.reportFields(R.agentDaily));
    const byKey = Object.fromEntries(specs.map((s) => [s.key, s]));
    expect(byKey.date).toMatchObject({ kind: 'date', align: 'left', sortable: true, title: { 'zh-cn': '日期', en: 'Date' } });
    expect(byKey.bet_amount).toMatchObject({ kind: 'money', align: 'right', defaultHidden: false });
    expect(byKey.rtp).toMatchObject({ kind: 'rate', align: 'right' });
    expect(byKey.bet_count).toMatchObject({ kind: 'count', align: 'right' });
    expect(byKey.agent_id?.defaultHidden).toBe(true);
    expect(byKey.new_player_count).toBeDefined();
    expect(reportColumnSpecs(R.playerOdds).map((s) => s.key)).toContain('win_rate');
  });

  it('keeps the bet list readable: round, placing time and the agent’s name start hidden, and only indexed fields sort', () => {
    const specs = Object.fromEntries(reportColumnSpecs(R.playerBetting).map((s) => [s.key, s]));
    expect(specs.round_id?.defaultHidden).toBe(true);
    expect(specs.bet_time?.defaultHidden).toBe(true);
    expect(specs.agent_name?.defaultHidden).toBe(true);
    expect(specs.settle_time).toMatchObject({ defaultHidden: false, sortable: true });
    expect(specs.player_account?.sortable).toBe(false);
  });
});

describe('dates', () => {
  // 2026-03-15 20:00 UTC: already the 16th in GMT+8 (id 1) and GMT+10 (id 5).
  const now = Date.UTC(2026, 2, 15, 20, 0);

  it('takes today in the report timezone, not the browser’s', () => {
    expect(localToday(1, now)).toBe('2026-03-16');
    expect(localToday(1, Date.UTC(2026, 2, 15, 15, 59))).toBe('2026-03-15');
    expect(localToday(4, Date.UTC(2026, 2, 15, 14, 30))).toBe('2026-03-16');
  });

  it('has the presets and the defaults of each period', () => {
    expect(presetRange('today', '2026-03-16')).toEqual(['2026-03-16', '2026-03-16']);
    expect(presetRange('yesterday', '2026-03-01')).toEqual(['2026-02-28', '2026-02-28']);
    expect(presetRange('last7', '2026-03-03')).toEqual(['2026-02-25', '2026-03-03']);
    expect(presetRange('thisMonth', '2026-03-16')).toEqual(['2026-03-01', '2026-03-16']);
    expect(presetRange('lastMonth', '2026-03-16')).toEqual(['2026-02-01', '2026-02-28']);
    expect(presetRange('lastMonth', '2024-03-16')).toEqual(['2024-02-01', '2024-02-29']);
    expect(presetRange('lastMonth', '2026-01-05')).toEqual(['2025-12-01', '2025-12-31']);
    expect(defaultRange(R.agentHourly, '2026-03-16')).toEqual(['2026-03-15', '2026-03-16']);
    expect(defaultRange(R.agentDaily, '2026-03-16')).toEqual(['2026-03-10', '2026-03-16']);
    expect(defaultRange(R.currencyMonthly, '2026-03-16')).toEqual(['2026-01-01', '2026-03-16']);
  });

  it('refuses a range past the report’s longest, and an end before the start', () => {
    expect(rangeProblem(R.agentHourly, '2025-01-01', '2026-01-02')).toEqual({ reason: 'tooLong', maxDays: 366 });
    expect(rangeProblem(R.agentHourly, '2025-01-01', '2026-01-01')).toBeNull();
    expect(rangeProblem(R.agentDaily, '2025-01-01', '2026-01-01')).toBeNull();
    expect(rangeProblem(R.agentDaily, '2026-01-02', '2026-01-01')).toEqual({ reason: 'order' });
  });

  it('lists every period of a range for the chart', () => {
    expect(periodsOf('date', '2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(periodsOf('month', '2025-11-20', '2026-02-03')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    const hours = periodsOf('hour', '2026-03-01', '2026-03-01');
    expect(hours).toHaveLength(24);
    expect(hours[23]).toBe('2026-03-01 23:00');
    // Nothing after the current period: it has no bets yet.
    expect(periodsOf('hour', '2026-03-01', '2026-03-01', '2026-03-01 02:00')).toEqual(['2026-03-01 00:00', '2026-03-01 01:00', '2026-03-01 02:00']);
    expect(currentPeriod('hour', 2, Date.UTC(2026, 2, 1, 17, 45))).toBe('2026-03-02 02:00');
    expect(currentPeriod('month', 1, Date.UTC(2026, 2, 31, 16, 0))).toBe('2026-04');
    expect(currentPeriod('date', 5, Date.UTC(2026, 2, 31, 13, 59))).toBe('2026-03-31');
  });
});

describe('drill-down', () => {
  const filters = { start_date: '2026-03-01', end_date: '2026-03-20', time_zone_id: 2, currency_id: -1, agent_id: 0 };

  it('leads an agent row to that agent’s daily report with the filters carried over', () => {
    const [daily, players] = drillTargets(R.agentSummary, { agent_id: 7, currency_id: 3, bet_amount: '1.0000' }, filters);
    expect(daily).toMatchObject({ screen: '/agent/report/daily', permission: '1402', query: { agent_id: 7, start_date: '2026-03-01', end_date: '2026-03-20', time_zone_id: 2, currency_id: 3 } });
    expect(players?.screen).toBe('/player/report/summary');
    expect(drillHref(daily!)).toBe('/agent/report/daily?start_date=2026-03-01&end_date=2026-03-20&time_zone_id=2&currency_id=3&agent_id=7');
  });

  it('narrows the dates to the row’s own period, inside the range asked for', () => {
    expect(rowRange({ date: '2026-03-05' }, filters)).toEqual(['2026-03-05', '2026-03-05']);
    expect(rowRange({ month: '2026-02' }, { ...filters, start_date: '2026-02-10' })).toEqual(['2026-02-10', '2026-02-28']);
    expect(rowRange({ hour: '2026-03-04 13:00' }, filters)).toEqual(['2026-03-04', '2026-03-04']);
    const [players] = drillTargets(R.agentDaily, { date: '2026-03-05', agent_id: 7, currency_id: 3 }, filters);
    expect(players?.query).toMatchObject({ start_date: '2026-03-05', end_date: '2026-03-05', agent_id: 7 });
  });

  it('leads a game row to its daily report or its players, and a player to their bets and ledger', () => {
    expect(drillTargets(R.gameSummary, { game_id: 4, currency_id: 1 }, filters).map((d) => d.screen)).toEqual(['/game/report/daily', '/game/report/player']);
    expect(drillTargets(R.gameDaily, { game_id: 4, date: '2026-03-02', currency_id: 1 }, filters).map((d) => d.screen)).toEqual(['/game/report/player']);
    const player = { player_account: 'p001', agent_id: 9, currency_id: 1, player_id: 5 };
    const targets = drillTargets(R.playerSummary, player, filters);
    expect(targets.map((d) => d.screen)).toEqual(['/player/report/daily', '/player/report/betting', '/bill/report']);
    expect(targets[1]?.query).toMatchObject({ player_account: 'p001', agent_id: 9 });
    expect(targets[2]?.query).toEqual({ player_account: 'p001', agent_id: 9, start_time: '2026-03-01T00:00:00+08:30', end_time: '2026-03-20T23:59:59+08:30' });
    // A game × player row: the player's bets in that game.
    expect(drillTargets(R.gamePlayer, { ...player, game_id: 4 }, filters)[0]?.query).toMatchObject({ game_id: 4, player_account: 'p001' });
    // A bet: the player's ledger on its settle day.
    expect(drillTargets(R.playerBetting, { ...player, settle_time: '2026-03-07 10:00:00' }, filters).map((d) => d.query.start_time)).toEqual(['2026-03-07T00:00:00+08:30']);
  });
});

describe('trend chart', () => {
  it('reads the currency report of the same period when allowed, else the report’s own rows', () => {
    expect(chartSource(R.agentSummary, () => true)).toBeNull();
    expect(chartSource(R.agentDaily, () => true)).toBe(R.currencyDaily);
    expect(chartSource(R.gameMonthly, () => true)).toBe(R.currencyMonthly);
    expect(chartSource(R.agentDaily, (c) => c !== '502')).toBe(R.agentDaily);
    expect(chartSource(R.agentHourly, () => true)).toBe(R.agentHourly);
  });

  it('adds rows up exactly per currency and period, with empty periods as zero', () => {
    const rows = [
      { date: '2026-03-01', currency_code: 'CNY', bet_amount: '0.1000', platform_win_loss: '-0.2000' },
      { date: '2026-03-01', currency_code: 'CNY', bet_amount: '0.2000', platform_win_loss: '0.0500' },
      { date: '2026-03-03', currency_code: 'USD', bet_amount: '900719925474099.1234', platform_win_loss: '1.0000' },
      { date: '2026-03-03', currency_code: 'USD', bet_amount: '1.0001', platform_win_loss: '0.0000' },
    ];
    const trend = trendByCurrency(rows, 'date', ['2026-03-01', '2026-03-02', '2026-03-03']);
    expect([...trend.keys()]).toEqual(['CNY', 'USD']);
    expect(trend.get('CNY')).toEqual([
      { period: '2026-03-01', bet_amount: '0.3000', platform_win_loss: '-0.1500' },
      { period: '2026-03-02', bet_amount: '0.0000', platform_win_loss: '0.0000' },
      { period: '2026-03-03', bet_amount: '0.0000', platform_win_loss: '0.0000' },
    ]);
    expect(trend.get('USD')?.[2]?.bet_amount).toBe('900719925474100.1235');
    // The chart opens on the currency with bets in the most periods.
    expect(busiestCurrency(trend)).toBe('CNY');
    expect(busiestCurrency(new Map())).toBeUndefined();
  });
});
