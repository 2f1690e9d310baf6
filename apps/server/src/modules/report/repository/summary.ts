import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import { toNumber } from '../../../db/sql.ts';
import {
  bettorQuery,
  bettorSource,
  filterNeeds,
  groupedQuery,
  type Plan,
  plan,
  type ReportDef,
  type ResolvedFilter,
  SUM_COLUMNS,
  sumsSource,
} from './plan.ts';
import type { SumsRaw } from './rows.ts';
import { countsBySlices } from './slices.ts';

export interface SummaryRaw extends SumsRaw {
  currency_id: number;
  currency_code: string;
  bettor_count: number;
}

/**
 * Totals per currency over every row: sums from the coarsest table the filters allow, distinct
 * bettors over the whole range (not a sum of the rows' counts). `currencyBettors`, when given,
 * supplies those bettors per currency id (counted with the rows: countsEveryGroup,
 * rankingCountsBettors); when it yields null they are counted here after all.
 */
export async function querySummary(db: Kysely<DB>, d: ReportDef, f: ResolvedFilter, currencyBettors?: Promise<Map<number, number> | null>): Promise<SummaryRaw[]> {
  const needs = filterNeeds(f);
  const totalsDef: ReportDef = { ...d, period: 'none', dims: [] };
  let sumsSql: RawBuilder<unknown>;
  if (d.newPlayers && (f.gameId !== null || f.platformId !== null)) {
    // New players count only in rows that have bets: add up the rows themselves.
    const p = plan(d, f);
    sumsSql = sql`SELECT currency_id, ${sql.join([...SUM_COLUMNS, 'new_player_count'].map((c) => sql`SUM(${sql.ref(c)}) AS ${sql.ref(c)}`))}
      FROM (${groupedQuery(p)}) r GROUP BY currency_id`;
  } else {
    const p: Plan = { ...plan(totalsDef, f), sums: sumsSource('none', needs), newPlayerRows: d.newPlayers };
    p.d = { ...totalsDef, newPlayers: d.newPlayers };
    sumsSql = groupedQuery(p);
  }
  const bp: Plan = { ...plan(totalsDef, f), bettors: bettorSource('none', needs) };
  const [sums, bettors] = await Promise.all([
    sql<Record<string, unknown>>`SELECT s.currency_id, c.code AS currency_code, s.bet_count, s.win_count,
      ${sql.join(SUM_COLUMNS.filter((c) => c !== 'bet_count' && c !== 'win_count').map((c) => sql`CAST(s.${sql.ref(c)} AS TEXT) AS ${sql.ref(c)}`))},
      ${d.newPlayers ? sql`s.new_player_count` : sql`0 AS new_player_count`}
      FROM (${sumsSql}) s LEFT JOIN currency c ON c.id = s.currency_id ORDER BY c.code`.execute(db),
    (async () => {
      const counted = await currencyBettors;
      if (counted) return counted;
      const rows = await countsBySlices(db, f, ['currency_id'], 'bettor_count', (fs) => bettorQuery({ ...bp, f: fs }, f.from, f.to));
      return new Map(rows.map((r) => [toNumber(r.currency_id), toNumber(r.bettor_count)]));
    })(),
  ]);
  return sums.rows.map((r) => ({
    currency_id: toNumber(r.currency_id),
    currency_code: String(r.currency_code ?? ''),
    bet_count: toNumber(r.bet_count),
    win_count: toNumber(r.win_count),
    bettor_count: bettors.get(toNumber(r.currency_id)) ?? 0,
    bet_amount: String(r.bet_amount ?? '0'),
    valid_bet_amount: String(r.valid_bet_amount ?? '0'),
    payout_amount: String(r.payout_amount ?? '0'),
    tax_amount: String(r.tax_amount ?? '0'),
    bonus_amount: String(r.bonus_amount ?? '0'),
    jackpot_contribution: String(r.jackpot_contribution ?? '0'),
    jackpot_prize: String(r.jackpot_prize ?? '0'),
    new_player_count: toNumber(r.new_player_count ?? 0),
  }));
}
