import { beforeAll, expect, it } from 'vitest';
import { report, type ingest } from '@console/contract';
import { ingestBets, ingestTransfers } from '../src/modules/ingest/service.ts';
import { createDimensions, type Dimensions } from './domain-fixtures.ts';
import { describeOnDatabases } from './harness.ts';
import { addUser, passwordLogin } from './user-helpers.ts';

type Rows = Array<Record<string, unknown>>;
interface Answer {
  list: Rows;
  total: number;
  summary: Rows;
}

let seq = 0;
function bet(settleUtc: string, o: Partial<ingest.IngestBet> = {}): ingest.IngestBet {
  seq++;
  return {
    bet_id: `edge-${seq}`,
    round_id: `round-${seq}`,
    agent_code: 'A1',
    player_account: 'edge1',
    game_code: 'slot1',
    currency_code: 'CNY',
    bet_amount: '100.0000',
    valid_bet_amount: '100.0000',
    payout_amount: '150.5000',
    tax_amount: '1.2500',
    bonus_amount: '0.0000',
    jackpot_contribution: '0.1000',
    bet_time: settleUtc,
    settle_time: settleUtc,
    device: 'web',
    ...o,
  };
}

describeOnDatabases('report boundaries, filters, validation and permissions', (t) => {
  let token = '';
  let dims: Dimensions;
  const call = (d: report.ReportDef, body: Record<string, unknown>, tk = token) => t().call<Answer>(d.path, body, { token: tk });
  const R = report.REPORT_DEFS;

  beforeAll(async () => {
    dims = await createDimensions(t().database.db);
    const fund = (agent: string, account: string, currency: string, time: string) => ({
      order_id: `fund-${agent}-${account}-${currency}`,
      agent_code: agent,
      player_account: account,
      currency_code: currency,
      direction: 'in' as const,
      amount: '1000000.0000',
      time,
    });
    await ingestTransfers(t().database, [
      fund('A1', 'edge1', 'CNY', '2025-03-10T15:40:00Z'),
      fund('A1', 'edge1', 'USD', '2025-03-10T15:40:00Z'),
      fund('A1-1', 'edge2', 'CNY', '2025-03-31T15:05:00Z'),
      fund('A1-1-1', 'edge3', 'USD', '2025-03-31T15:05:00Z'),
      fund('B1', 'edge4', 'VND', '2025-02-28T13:00:00Z'),
    ]);
    await ingestBets(t().database, [
      // 15:45 UTC: 23:45 on the 10th in GMT+8:00, 00:15 on the 11th in GMT+8:30.
      bet('2025-03-10T15:45:00Z'),
      bet('2025-03-10T15:45:00Z', { currency_code: 'USD', bet_amount: '7.0000', valid_bet_amount: '7.0000', payout_amount: '0.0000', tax_amount: '0.0000' }),
      // 15:10 UTC on March 31: still March in +8:00/+8:30, April from +9:00 on.
      bet('2025-03-31T15:10:00Z', { agent_code: 'A1-1', player_account: 'edge2', game_code: 'card1' }),
      bet('2025-03-31T15:10:00Z', { agent_code: 'A1-1-1', player_account: 'edge3', currency_code: 'USD', game_code: 'fish1' }),
      bet('2025-02-28T13:30:00Z', { agent_code: 'B1', player_account: 'edge4', currency_code: 'VND', payout_amount: '0.0000' }),
    ]);
    token = await t().login();
  }, 60_000);

  it('a bet settled at 15:45 UTC is on the same day in GMT+8:00 and on the next day in GMT+8:30', async () => {
    const base = { start_date: '2025-03-10', end_date: '2025-03-11', currency_id: dims.currency.CNY, agent_id: dims.agent.A1 };
    const gmt8 = await call(R.agentDaily, { ...base, time_zone_id: 1 });
    const gmt830 = await call(R.agentDaily, { ...base, time_zone_id: 2 });
    const a1 = (rows: Rows) => rows.filter((r) => r.agent_id === dims.agent.A1).map((r) => [r.date, r.bet_count]);
    expect(a1(gmt8.data.list)).toEqual([['2025-03-10', 1]]);
    expect(a1(gmt830.data.list)).toEqual([['2025-03-11', 1]]);
    const hourly = await call(R.agentHourly, { ...base, time_zone_id: 2 });
    expect(hourly.data.list.filter((r) => r.bet_count).map((r) => r.hour)).toEqual(['2025-03-11 00:00']);
    const hourly8 = await call(R.agentHourly, { ...base, time_zone_id: 1 });
    expect(hourly8.data.list.filter((r) => r.bet_count).map((r) => r.hour)).toEqual(['2025-03-10 23:00']);
  });

  it('month edges follow the timezone: 15:10 UTC on March 31 is March in +8:30 and April in +9:00', async () => {
    const base = { start_date: '2025-03-01', end_date: '2025-04-30', agent_id: dims.agent['A1-1'] };
    const months = async (tz: number) =>
      (await call(R.agentMonthly, { ...base, time_zone_id: tz })).data.list.filter((r) => (r.bet_count as number) > 0).map((r) => [r.agent_id, r.month]);
    expect(await months(2)).toEqual(expect.arrayContaining([[dims.agent['A1-1'], '2025-03'], [dims.agent['A1-1-1'], '2025-03']]));
    expect(await months(3)).toEqual(expect.arrayContaining([[dims.agent['A1-1'], '2025-04'], [dims.agent['A1-1-1'], '2025-04']]));
    // The range edge cuts the month: April only, in +8:30, holds nothing.
    const april = await call(R.agentMonthly, { ...base, start_date: '2025-04-01', time_zone_id: 2 });
    expect(april.data.list.filter((r) => (r.bet_count as number) > 0)).toEqual([]);
    // February 28 13:30 UTC is still February in +10:00 (23:30).
    const feb = await call(R.currencyMonthly, { start_date: '2025-02-01', end_date: '2025-03-31', time_zone_id: 5, currency_id: dims.currency.VND });
    expect(feb.data.list.map((r) => [r.month, r.bet_count])).toEqual([['2025-02', 1]]);
  });

  it('an empty range answers no rows, total 0 and no totals', async () => {
    for (const d of [R.agentSummary, R.gameDaily, R.playerOdds, R.currencyMonthly, report.BETTING_REPORT]) {
      const r = await call(d, { start_date: '2024-06-01', end_date: '2024-06-30' });
      expect(r.error_code).toBe('0');
      expect(r.data).toEqual({ list: [], total: 0, summary: [] });
    }
  });

  it('currency_id -1 splits rows and totals by currency; one currency gives one of each', async () => {
    const all = await call(R.agentSummary, { start_date: '2025-03-10', end_date: '2025-03-10', currency_id: -1, agent_id: dims.agent.A1 });
    const a1 = all.data.list.filter((r) => r.agent_id === dims.agent.A1);
    expect(a1.map((r) => [r.currency_code, r.bet_amount, r.bettor_count])).toEqual(
      expect.arrayContaining([
        ['CNY', '100.0000', 1],
        ['USD', '7.0000', 1],
      ]),
    );
    expect(all.data.summary.map((s) => s.currency_code)).toEqual(['CNY', 'USD']);
    const cny = all.data.summary.find((s) => s.currency_code === 'CNY')!;
    // payout − bet − tax + bonus = 150.5 − 100 − 1.25 + 0; rtp = (150.5 + 0) / 100.
    expect([cny.player_win_loss, cny.platform_win_loss, cny.rtp]).toEqual(['49.2500', '-49.2500', '1.5050']);
    const one = await call(R.agentSummary, { start_date: '2025-03-10', end_date: '2025-03-10', currency_id: dims.currency.USD, agent_id: dims.agent.A1 });
    expect(one.data.list.every((r) => r.currency_code === 'USD')).toBe(true);
    expect(one.data.summary.map((s) => s.currency_code)).toEqual(['USD']);
  });

  it('an agent filter includes its whole sub-tree and rows stay per owning agent', async () => {
    const body = { start_date: '2025-03-01', end_date: '2025-04-30', time_zone_id: 1 };
    const withBets = (rows: Rows) => new Set(rows.filter((r) => (r.bet_count as number) > 0).map((r) => r.agent_code));
    expect(withBets((await call(R.agentSummary, { ...body, agent_id: dims.agent.A1 })).data.list)).toEqual(new Set(['A1', 'A1-1', 'A1-1-1']));
    expect(withBets((await call(R.agentSummary, { ...body, agent_id: dims.agent['A1-1'] })).data.list)).toEqual(new Set(['A1-1', 'A1-1-1']));
    expect(withBets((await call(R.agentSummary, { ...body, agent_id: dims.agent.B1 })).data.list)).toEqual(new Set());
    const unknown = await call(R.agentSummary, { ...body, agent_id: 999_999 });
    expect(unknown.error_code).toBe('A0400');
  });

  it('new players are counted in the period they registered, also on days without bets', async () => {
    const r = await call(R.agentDaily, { start_date: '2025-03-31', end_date: '2025-03-31', time_zone_id: 1, agent_id: dims.agent['A1-1'] });
    // Both registered at 15:05 UTC = 23:05 on March 31 in +8:00.
    expect(r.data.list.map((x) => [x.agent_code, x.new_player_count])).toEqual(expect.arrayContaining([['A1-1', 1], ['A1-1-1', 1]]));
    const cur = await call(R.currencySummary, { start_date: '2025-01-01', end_date: '2025-12-31' });
    expect(cur.data.summary.reduce((n, s) => n + (s.new_player_count as number), 0)).toBe(4);
  });

  it('sorting and paging: every sortable column, ascending and descending, pages that neither overlap nor skip', async () => {
    const body = { start_date: '2025-01-01', end_date: '2025-12-31', time_zone_id: 1 };
    for (const d of [R.agentDaily, R.gamePlayer, R.playerOdds]) {
      for (const [i, field] of report.reportSortFields(d).entries()) {
        // Each column once, the order alternating, keeps the call count (and the time) down.
        for (const order of [i % 2 ? 'ascend' : 'descend']) {
          const all = await call(d, { ...body, sort_field: field, sort_order: order, page_size: 500 });
          expect(all.error_code, `${d.path} ${field}`).toBe('0');
          const paged: Rows = [];
          for (let page = 1; page <= Math.ceil(all.data.total / 2); page++) {
            paged.push(...(await call(d, { ...body, sort_field: field, sort_order: order, page, page_size: 2 })).data.list);
          }
          expect(paged, `${d.path} ${field} ${order}`).toEqual(all.data.list);
          const beyond = await call(d, { ...body, sort_field: field, sort_order: order, page: 999, page_size: 2 });
          expect([beyond.data.list.length, beyond.data.total], `${d.path} ${field} page past the end`).toEqual([0, all.data.total]);
          // Numeric columns: the rows really are in the order asked for (names sort by the
          // database's collation, which differs between the two databases).
          const values = all.data.list.map((r) => r[field]);
          if (values.every((v) => typeof v === 'number' || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)))) {
            const nums = values.map(Number);
            const want = [...nums].sort((a, b) => (order === 'ascend' ? a - b : b - a));
            expect(nums, `${d.path} ${field} ${order} order`).toEqual(want);
          }
        }
      }
    }
    // Reports sorted by their period page through a window of periods (periodWindow): the default
    // order and both directions, across period boundaries, with new-player-only rows (agent).
    for (const d of [R.playerDaily, R.agentMonthly, R.gameDaily, R.currencyDaily]) {
      const periodField = d.period === 'month' ? 'month' : 'date';
      for (const sort of [{}, { sort_field: periodField, sort_order: 'ascend' }, { sort_field: periodField, sort_order: 'descend' }]) {
        const all = await call(d, { ...body, ...sort, page_size: 500 });
        expect(all.data.total, `${d.path} ${JSON.stringify(sort)}`).toBe(all.data.list.length);
        const paged: Rows = [];
        for (let page = 1; page <= Math.ceil(all.data.total / 3) + 1; page++) {
          const r = await call(d, { ...body, ...sort, page, page_size: 3 });
          expect(r.data.total).toBe(all.data.total);
          paged.push(...r.data.list);
        }
        expect(paged, `${d.path} ${JSON.stringify(sort)}`).toEqual(all.data.list);
        const periods = all.data.list.map((r) => String(r[periodField]));
        const ascending = 'sort_order' in sort && sort.sort_order === 'ascend';
        expect(periods).toEqual([...periods].sort((a, b) => (ascending ? a.localeCompare(b) : b.localeCompare(a))));
      }
    }
    const sorted = (await call(R.agentSummary, { ...body, sort_field: 'bet_amount', sort_order: 'ascend' })).data.list.map((r) => Number(r.bet_amount));
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
  }, 120_000);

  it('refuses ranges and parameters that make no sense, with A0400 and a clear message', async () => {
    const bad = async (d: report.ReportDef, body: Record<string, unknown>, text: RegExp) => {
      const r = await call(d, body);
      expect(r.error_code).toBe('A0400');
      expect(r.error_msg).toMatch(text);
    };
    await bad(R.agentDaily, { start_date: '2025-03-02', end_date: '2025-03-01' }, /end_date must not be before start_date/);
    await bad(R.agentHourly, { start_date: '2024-01-01', end_date: '2025-01-02' }, /at most 366 days/);
    await bad(R.agentDaily, { start_date: '2025-02-30', end_date: '2025-03-01' }, /start_date/);
    await bad(R.agentDaily, { start_date: '2025-03-01', end_date: '2025-03-02', time_zone_id: 6 }, /time_zone_id/);
    await bad(R.agentDaily, { start_date: '2025-03-01', end_date: '2025-03-02', page_size: 501 }, /page_size/);
    // Sorting is a whitelist: no column name, no SQL.
    await bad(R.agentDaily, { start_date: '2025-03-01', end_date: '2025-03-02', sort_field: 'bet_amount; DROP TABLE bet' }, /sort_field must be one of/);
    await bad(R.gameSummary, { start_date: '2025-03-01', end_date: '2025-03-02', sort_field: 'agent_code' }, /sort_field must be one of/);
    await bad(report.BETTING_REPORT, { start_date: '2025-03-01', end_date: '2025-03-02', sort_field: 'device' }, /sort_field must be one of/);
    const zh = await t().call(R.agentDaily.path, { start_date: '2025-03-02', end_date: '2025-03-01' }, { token, lang: 'zh-cn' });
    expect(zh.error_msg).toBe('结束日期不能早于开始日期');
  });

  it('refuses an unknown game_id, platform_id or currency_id (A0400, naming the field) on every report and its export; known ids work', async () => {
    const body = { start_date: '2025-03-01', end_date: '2025-03-31', time_zone_id: 1 };
    const bodyOf = (d: report.ReportDef) => (d.range === 'month' ? { start_month: '2025-03', end_month: '2025-03', time_zone_id: 1 } : body);
    const exportCount = async () => Number((await t().database.db.selectFrom('export').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await exportCount();
    const unknown = { game_id: 999_999, platform_id: 999_998, currency_id: 999_997 };
    const en = { game_id: 'game', platform_id: 'platform', currency_id: 'currency' };
    const zh = { game_id: '游戏', platform_id: '厂商', currency_id: '币种' };
    for (const field of ['game_id', 'platform_id', 'currency_id'] as const) {
      const id = unknown[field];
      for (const p of report.reportCallPairs) {
        // A report asked for by months (the settlement) takes the currency but no game or provider.
        if (p.def.range === 'month' && field !== 'currency_id') continue;
        for (const path of [p.list.path, p.export.path]) {
          const r = await t().call(path, { ...bodyOf(p.def), [field]: id }, { token, lang: 'en' });
          expect([r.error_code, r.error_msg], `${path} ${field}`).toEqual(['A0400', `${field}: there is no ${en[field]} ${id}`]);
        }
      }
      for (const path of [R.gameDaily.path, `${R.gameDaily.path}/export`, report.BETTING_REPORT.path, `${report.BETTING_REPORT.path}/export`]) {
        const r = await t().call(path, { ...body, [field]: id }, { token, lang: 'zh-cn' });
        expect([r.error_code, r.error_msg], `${path} ${field} zh-cn`).toEqual(['A0400', `${field}：${zh[field]} ${id} 不存在`]);
      }
    }
    // Refused before anything is recorded in the export list.
    expect(await exportCount()).toBe(before);

    // Known ids (and 0 / -1 for "all") still answer the report and the file.
    const known = [
      { game_id: dims.game.slot1 },
      { platform_id: dims.platform.JL },
      { currency_id: dims.currency.USD },
      { game_id: 0, platform_id: 0, currency_id: 0 },
      { currency_id: -1 },
    ];
    for (const filter of known) {
      for (const d of [R.gameDaily, R.platformSummary, R.currencySummary, report.BETTING_REPORT]) {
        const r = await call(d, { ...body, ...filter });
        expect(r.error_code, `${d.path} ${JSON.stringify(filter)}`).toBe('0');
        expect(r.data.total, `${d.path} ${JSON.stringify(filter)}`).toBeGreaterThan(0);
        const file = await t().call(`${d.path}/export`, { ...body, ...filter }, { token });
        expect(String(file.headers['content-type']), `${d.path}/export ${JSON.stringify(filter)}`).toContain('spreadsheetml');
      }
    }
    expect(await exportCount()).toBe(before + known.length * 4);
    // The filter really applies: slot1 rows only.
    const slot1 = await call(R.gameSummary, { ...body, game_id: dims.game.slot1 });
    expect(slot1.data.list.map((r) => r.game_id)).toEqual(slot1.data.list.map(() => dims.game.slot1));
  });

  it('each report and its export answer A0301 to a user without its code, and work with it', async () => {
    const body = { start_date: '2025-03-01', end_date: '2025-03-31' };
    const bodyOf = (d: report.ReportDef) => (d.range === 'month' ? { start_month: '2025-03', end_month: '2025-03' } : body);
    const u = await addUser(t(), token, { permissions: '1,13' });
    const other = (await passwordLogin(t(), u.account, u.password)).data.token;
    const pairs = report.reportCallPairs;
    for (const p of pairs) {
      expect((await t().call(p.list.path, bodyOf(p.def), { token: other })).error_code, p.list.path).toBe('A0301');
      expect((await t().call(p.export.path, bodyOf(p.def), { token: other })).error_code, p.export.path).toBe('A0301');
    }
    const granted = await addUser(t(), token, { permissions: pairs.map((p) => p.def.permission).join(',') });
    const gt = (await passwordLogin(t(), granted.account, granted.password)).data.token;
    for (const p of pairs) expect((await t().call(p.list.path, bodyOf(p.def), { token: gt })).error_code, p.list.path).toBe('0');
    // Without a session at all: HTTP 401 (docs/product.md, "Envelope and errors").
    expect((await t().call(R.agentDaily.path, body)).status).toBe(401);
  });
});


describeOnDatabases('hourly rows that tie on the sorted column', (t) => {
  let token = '';

  beforeAll(async () => {
    await createDimensions(t().database.db);
    await ingestTransfers(t().database, [{ order_id: 'tie-fund', agent_code: 'A1', player_account: 'tie1', currency_code: 'CNY', direction: 'in', amount: '1000.0000', time: '2025-06-01T00:00:00Z' }]);
    // One agent, the same bet in each of 24 hours: every hour's row ties on every column but the hour.
    await ingestBets(t().database, Array.from({ length: 24 }, (_, h) => bet(`2025-06-10T${String(h).padStart(2, '0')}:10:00Z`, { player_account: 'tie1', bet_amount: '10.0000', valid_bet_amount: '10.0000', payout_amount: '0.0000', tax_amount: '0.0000', jackpot_contribution: '0.0000' })));
    token = await t().login();
  }, 60_000);

  it('pages of one row hold every hour once, whatever the sort', async () => {
    const body = { start_date: '2025-06-10', end_date: '2025-06-11', time_zone_id: 1 };
    for (const sort of [{ sort_field: 'bet_amount', sort_order: 'descend' }, { sort_field: 'agent_code', sort_order: 'ascend' }, { sort_field: 'bettor_count', sort_order: 'ascend' }, {}]) {
      const hours: unknown[] = [];
      for (let page = 1; page <= 24; page++) {
        const r = await t().call<Answer>(report.REPORT_DEFS.agentHourly.path, { ...body, ...sort, page, page_size: 1 }, { token });
        expect(r.data.total).toBe(24);
        hours.push(r.data.list[0]!.hour);
      }
      // Ties broken by the row's key, the hour first (newest first, as the default order).
      expect(hours, JSON.stringify(sort)).toEqual([...hours].sort().reverse());
      expect(new Set(hours).size).toBe(24);
    }
  });
});
