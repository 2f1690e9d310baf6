import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, isPgReachable } from './harness.ts';
import { describeOnDatabases } from './harness.ts';
import { ledgerProblems } from './domain-fixtures.ts';
import { DEMO_DEFAULTS, generateDemo, hasDomainData } from '../src/modules/demo/generator.ts';
import { int8Text, toNumber } from '../src/db/sql.ts';
import { checkAggregates } from '../src/modules/aggregate/maintenance.ts';

const END = Date.parse('2026-06-15T09:30:00Z');
const OPTIONS = { bets: 3000, days: 6, seed: 42, players: 150, end: END };

describeOnDatabases('demo generator', (t) => {
  it('generates a consistent demo through the ingest: every wallet matches its ledger', async () => {
    const { database } = t();
    expect(await hasDomainData(database.db)).toBe(false);
    const s = await generateDemo(database, OPTIONS);
    expect(await hasDomainData(database.db)).toBe(true);
    expect(s).toMatchObject({ agents: 21, games: 30, bets: 3000 });
    expect(s.players).toBe(150);

    const count = async (table: 'currency' | 'platform' | 'agent_user' | 'agent_admin_level' | 'wallet' | 'dealer_game_config' | 'prize_pool' | 'domain' | 'point_control' | 'api_key') =>
      toNumber((await database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(await count('currency')).toBe(5);
    expect(await count('platform')).toBe(4);
    expect(await count('agent_admin_level')).toBe(4);
    expect(await count('agent_user')).toBe(42);
    expect(await count('wallet')).toBe(150);
    expect(await count('dealer_game_config')).toBe(30);
    expect(await count('prize_pool')).toBeGreaterThan(0);
    expect(await count('domain')).toBe(7);
    // An ingest key, one agent key per top agent, a disabled one of a sub-agent and the sample client's.
    expect(await count('api_key')).toBe(6);
    expect(await count('point_control')).toBeGreaterThan(0);

    // Share rates (docs/product.md, "Agent settlement"): every agent's since always, two changes
    // from the demo's last month, which the agents' rates then are.
    const history = await database.db.selectFrom('agent_share_rate as h').innerJoin('agent as a', 'a.id', 'h.agent_id').select(['a.code', 'h.from_month', 'h.share_rate', 'a.share_rate as now']).execute();
    expect(history.filter((h) => h.from_month === '0000-01')).toHaveLength(21);
    const changes = history.filter((h) => h.from_month !== '0000-01');
    expect(changes.map((h) => [h.code, h.from_month, toNumber(h.share_rate)]).sort()).toEqual([
      ['CN01', '2026-06', 6000],
      ['CN01-SH-01', '2026-06', expect.any(Number)],
    ]);
    for (const h of changes) expect(toNumber(h.now)).toBe(toNumber(h.share_rate));

    const levels = await database.db.selectFrom('agent').select(['level']).execute();
    expect(Math.max(...levels.map((l) => toNumber(l.level)))).toBe(3);

    const span = await database.db
      .selectFrom('bet')
      .select([(eb) => eb.fn.min('settle_time').as('first'), (eb) => eb.fn.max('settle_time').as('last'), int8Text(sql`SUM(bet_amount)`).as('bet'), int8Text(sql`SUM(payout_amount + bonus_amount)`).as('ret')])
      .executeTakeFirstOrThrow();
    expect(toNumber(span.last)).toBeLessThan(END);
    expect(toNumber(span.first)).toBeGreaterThanOrEqual(END - 6 * 86_400_000);
    const rtp = Number((BigInt(span.ret) * 10_000n) / BigInt(span.bet)) / 10_000;
    expect(rtp).toBeGreaterThan(0.6); // a small sample: only plausibility here
    expect(rtp).toBeLessThan(1.4);

    // A few lost bets were voided (docs/product.md, "Bet cancellation"): the stake went back, the bet left the reports.
    const voided = await database.db.selectFrom('bet').select(['bet_id', 'cancel_reason']).where('cancelled_at', 'is not', null).execute();
    expect(voided.length).toBeGreaterThan(0);
    const refunds = await database.db.selectFrom('ledger_entry').select(int8Text(sql.ref('amount')).as('amount')).where('type', '=', 'bet_cancel').execute();
    expect(refunds).toHaveLength(voided.length);
    for (const r of refunds) expect(BigInt(r.amount)).toBeGreaterThan(0n);

    expect(await ledgerProblems(database.db)).toEqual([]);

    // A handful of jackpot prizes, each a ledger entry, a row of its pool's history and a bet's prize.
    const prizes = await database.db.selectFrom('ledger_entry').select(int8Text(sql.ref('amount')).as('amount')).where('type', '=', 'jackpot_prize').execute();
    expect(prizes.length).toBeGreaterThanOrEqual(3);
    expect(prizes.every((p) => BigInt(p.amount) > 0n)).toBe(true);
    const paid = await database.db.selectFrom('prize_pool_clean').select(['id']).where('kind', '=', 'prize').execute();
    expect(paid).toHaveLength(prizes.length);
    const bets = await database.db.selectFrom('bet').select(int8Text(sql`SUM(jackpot_prize)`).as('sum')).executeTakeFirstOrThrow();
    expect(BigInt(bets.sum)).toBe(prizes.reduce((s, p) => s + BigInt(p.amount), 0n));
    expect(await checkAggregates(database)).toEqual([]);

    // The demo's admin level names and remarks read in either console: Chinese, then English.
    const bilingual = /^\P{Script=Han}*\p{Script=Han}.* \/ [A-Za-z]/u;
    const levelNames = (await database.db.selectFrom('agent_admin_level').select('name').execute()).map((r) => r.name);
    expect(levelNames).toContain('财务 / Finance');
    const remarks = [
      ...levelNames,
      ...(await database.db.selectFrom('point_control').select('remark').execute()).map((r) => r.remark),
      ...(await database.db.selectFrom('ledger_entry').select('remark').where('type', 'in', ['manual_credit', 'manual_debit']).execute()).map((r) => r.remark),
      ...voided.map((v) => v.cancel_reason ?? ''),
    ];
    expect(remarks.length).toBeGreaterThan(levelNames.length);
    for (const text of remarks) expect(text).toMatch(bilingual);
  });
});

it('is deterministic: the same seed and end give the same bets', async () => {
  const dialect = (await isPgReachable()) ? 'postgres' : 'sqlite';
  const digest = async (d: 'sqlite' | 'postgres') => {
    const tdb = await createTestDatabase(d);
    try {
      await generateDemo(tdb.database, { ...OPTIONS, bets: 800, players: 60 });
      const rows = await tdb.database.db
        .selectFrom('bet as b')
        .innerJoin('player as p', 'p.id', 'b.player_id')
        .select(['b.bet_id', 'p.account', 'b.bet_time', int8Text(sql.ref('b.bet_amount')).as('bet'), int8Text(sql.ref('b.payout_amount')).as('payout')])
        .orderBy('b.bet_id')
        .execute();
      return JSON.stringify(rows.map((r) => [r.bet_id, r.account, toNumber(r.bet_time), r.bet, r.payout]));
    } finally {
      await tdb.drop();
    }
  };
  expect(await digest('sqlite')).toBe(await digest(dialect));
}, 60_000);

// The first start's demo at an end where a lost round that won a jackpot prize was picked to be
// voided: reversing it would take the cashed-out wallet below zero, and the ingest refused the
// whole start. A voided bet is one that took money from its player, prize included.
it('voids only bets that took money from their player, a jackpot prize included (the first start seeds)', async () => {
  const tdb = await createTestDatabase('sqlite');
  try {
    const s = await generateDemo(tdb.database, { ...DEMO_DEFAULTS, bets: 20_000, end: Date.parse('2026-12-08T02:30:00Z') });
    expect(s.bets).toBe(20_000);
    expect(await ledgerProblems(tdb.database.db)).toEqual([]);
  } finally {
    await tdb.drop();
  }
}, 120_000);
