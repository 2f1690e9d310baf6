import { sql, type RawBuilder } from 'kysely';
import type { Lang } from '@console/contract';
import { playerReturnSql, playerWinLossSql, toNumber } from '../../../db/sql.ts';
import {
  bettorQuery,
  groupedQuery,
  type Plan,
  plan,
  PLAYER_GRAIN,
  type ReportDef,
  type ResolvedFilter,
  type SortOrder,
  SUM_COLUMNS,
} from './plan.ts';

const money = (c: string) => sql`CAST(g.${sql.ref(c)} AS TEXT) AS ${sql.ref(c)}`;
const pwl = playerWinLossSql('g');

/** SQL for each sortable column of a report row. */
function sortExpr(p: Plan, field: string, bettorRef: RawBuilder<unknown>, lang: Lang): RawBuilder<unknown> | null {
  switch (field) {
    case 'date':
    case 'hour':
    case 'month':
      return p.direct ? sql`g.period` : p.bucket ? sql`g.bucket` : null;
    case 'agent_code':
      return sql`a.code`;
    case 'agent_name':
      return sql`a.name`;
    case 'game_code':
      return sql`gm.code`;
    case 'game_name':
      return lang === 'en' ? sql`gm.name_en` : sql`gm.name_zh`;
    case 'platform_code':
      return sql`pf.code`;
    case 'platform_name':
      return sql`pf.name`;
    case 'player_account':
      return sql`p.account`;
    case 'currency_code':
      return sql`c.code`;
    case 'bettor_count':
      return bettorRef;
    case 'player_win_loss':
      return pwl;
    case 'platform_win_loss':
      return sql`(0 - ${pwl})`;
    case 'rtp':
      return sql`(CASE WHEN g.bet_amount = 0 THEN NULL ELSE ${playerReturnSql('g')} * 1.0 / g.bet_amount END)`;
    case 'win_rate':
      return sql`(CASE WHEN g.bet_count = 0 THEN NULL ELSE g.win_count * 1.0 / g.bet_count END)`;
    case 'new_player_count':
      return p.d.newPlayers ? sql`g.new_player_count` : null;
    default:
      if ((SUM_COLUMNS as readonly string[]).includes(field)) return sql`g.${sql.ref(field)}`;
      if (p.dims.includes(field)) return sql`g.${sql.ref(field)}`;
      return null;
  }
}

/** The sums a row and a summary entry carry, read exactly (money stays text). */
export interface SumsRaw {
  bet_count: number;
  win_count: number;
  bettor_count: number | null;
  bet_amount: string;
  valid_bet_amount: string;
  payout_amount: string;
  tax_amount: string;
  bonus_amount: string;
  jackpot_contribution: string;
  jackpot_prize: string;
  new_player_count: number;
}

export interface ReportRowRaw extends SumsRaw {
  bucket: number | null;
  agent_id: number | null;
  game_id: number | null;
  platform_id: number | null;
  player_id: number | null;
  currency_id: number;
  agent_code: string | null;
  agent_name: string | null;
  game_code: string | null;
  game_name: string | null;
  platform_code: string | null;
  platform_name: string | null;
  player_account: string | null;
  currency_code: string | null;
}

/** A row of the rows query, read exactly (money stays text). */
export function rowFromSql(r: Record<string, unknown>): ReportRowRaw {
  const n = (k: string) => (r[k] === null || r[k] === undefined ? null : toNumber(r[k]));
  const s = (k: string) => (r[k] === null || r[k] === undefined ? null : String(r[k]));
  return {
    bucket: n('bucket'),
    agent_id: n('agent_id'),
    game_id: n('game_id'),
    platform_id: n('platform_id'),
    player_id: n('player_id'),
    currency_id: toNumber(r.currency_id),
    agent_code: s('agent_code'),
    agent_name: s('agent_name'),
    game_code: s('game_code'),
    game_name: s('game_name'),
    platform_code: s('platform_code'),
    platform_name: s('platform_name'),
    player_account: s('player_account'),
    currency_code: s('currency_code'),
    bet_count: toNumber(r.bet_count),
    win_count: toNumber(r.win_count),
    bettor_count: n('bettor_count'),
    bet_amount: String(r.bet_amount ?? '0'),
    valid_bet_amount: String(r.valid_bet_amount ?? '0'),
    payout_amount: String(r.payout_amount ?? '0'),
    tax_amount: String(r.tax_amount ?? '0'),
    bonus_amount: String(r.bonus_amount ?? '0'),
    jackpot_contribution: String(r.jackpot_contribution ?? '0'),
    jackpot_prize: String(r.jackpot_prize ?? '0'),
    new_player_count: toNumber(r.new_player_count ?? 0),
  };
}

export interface RowQueryOptions {
  sortField: string | null;
  sortOrder: SortOrder;
  lang: Lang;
  /** A page; null for every row (exports). */
  page: { limit: number; offset: number } | null;
}

/** The name table a sort field needs joined before sorting (see rowsQuery), by its alias. */
const SORT_JOIN: Record<string, 'a' | 'gm' | 'pf' | 'p' | 'c'> = {
  agent_code: 'a',
  agent_name: 'a',
  game_code: 'gm',
  game_name: 'gm',
  platform_code: 'pf',
  platform_name: 'pf',
  player_account: 'p',
  currency_code: 'c',
};

/**
 * Under a player filter, the player names are looked up for those players alone. PostgreSQL
 * otherwise hashed the whole player table to name a few hundred rows: the full rows of a ranked
 * page's twenty players (rankedPage) took 3.6 ms, 2.3 with the filter's players named here
 * (medians of 15, interleaved, 10 M bets). The rows hold no other player, so nothing changes.
 */
const playersNamed = (f: ResolvedFilter) => (f.playerIds ? sql` AND p.id IN (${sql.join(f.playerIds)})` : sql``);

/**
 * The report's rows query: groups joined with their dimension names, sorted, optionally paged
 * (with the total number of groups). Distinct bettors are joined for every group when sorting by
 * them or reading every row; otherwise they are filled in for the page afterwards (fillBettors).
 *
 * A page is sorted and cut first and only its rows get their names: a year of per-player rows is
 * hundreds of thousands of groups, and looking up four names for each before keeping twenty was
 * most of the work. Only a sort by a name joins that one name table before sorting.
 */
export function rowsQuery(
  d: ReportDef,
  f: ResolvedFilter,
  o: RowQueryOptions,
  range: { from: number; to: number } = f,
): { query: RawBuilder<Record<string, unknown>>; bettorsJoined: boolean } {
  const p = plan(d, f);
  const playerGrain = PLAYER_GRAIN.has(p.sums);
  const joinBettors = !playerGrain && (o.page === null || o.sortField === 'bettor_count');
  const bettorRef = playerGrain ? sql`g.bettor_count` : joinBettors ? sql`COALESCE(bc.bettor_count, 0)` : sql`0`;
  const keys = [...(p.bucket ? ['bucket'] : []), ...p.dims];

  const nameJoins: Record<'a' | 'gm' | 'pf' | 'p' | 'c', { cols: RawBuilder<unknown>[]; join: RawBuilder<unknown> } | null> = {
    c: { cols: [sql`c.code AS currency_code`], join: sql`LEFT JOIN currency c ON c.id = g.currency_id` },
    a: p.dims.includes('agent_id') ? { cols: [sql`a.code AS agent_code`, sql`a.name AS agent_name`], join: sql`LEFT JOIN agent a ON a.id = g.agent_id` } : null,
    gm: p.dims.includes('game_id')
      ? { cols: [sql`gm.code AS game_code`, sql`${o.lang === 'en' ? sql`gm.name_en` : sql`gm.name_zh`} AS game_name`], join: sql`LEFT JOIN game gm ON gm.id = g.game_id` }
      : null,
    pf: p.dims.includes('platform_id') ? { cols: [sql`pf.code AS platform_code`, sql`pf.name AS platform_name`], join: sql`LEFT JOIN platform pf ON pf.id = g.platform_id` } : null,
    p: p.dims.includes('player_id') ? { cols: [sql`p.account AS player_account`], join: sql`LEFT JOIN player p ON p.id = g.player_id${playersNamed(f)}` } : null,
  };
  const names = Object.values(nameJoins).filter((n) => n !== null);
  const bettorJoin = joinBettors
    ? [sql`LEFT JOIN (${bettorQuery(p, f.from, f.to)}) bc ON ${sql.join(keys.map((k) => sql`bc.${sql.ref(k)} = g.${sql.ref(k)}`), sql` AND `)}`]
    : [];
  const order = (bettor: RawBuilder<unknown>) => {
    const dir = o.sortOrder === 'asc' ? sql`ASC` : sql`DESC`;
    const defaultSort = p.direct ? sql`g.period DESC` : p.bucket ? sql`g.bucket DESC` : sql`g.bet_amount DESC`;
    const requested = o.sortField ? sortExpr(p, o.sortField, bettor, o.lang) : null;
    // Ties are broken by the group key, so pages never overlap or skip rows (direct rows: in the
    // order of their index read backwards; their key begins with the period, which a requested
    // sort does not already order by: rows of one agent in two hours tie on every other column).
    const tiebreak = p.direct
      ? [...(requested ? [sql`g.period DESC`] : []), ...keys.filter((k) => k !== 'bucket').map((k) => sql`g.${sql.ref(k)} DESC`)]
      : keys.map((k) => sql`g.${sql.ref(k)} ${k === 'bucket' ? sql`DESC` : sql`ASC`}`);
    return sql.join([requested ? sql`${requested} ${dir} NULLS LAST` : defaultSort, ...tiebreak]);
  };
  const rowCols = (bettor: RawBuilder<unknown>) => [
    ...keys.map((k) => sql`g.${sql.ref(k)}`),
    sql`g.bet_count`,
    sql`g.win_count`,
    ...SUM_COLUMNS.filter((c) => c !== 'bet_count' && c !== 'win_count').map(money),
    sql`${bettor} AS bettor_count`,
    d.newPlayers ? sql`g.new_player_count` : sql`0 AS new_player_count`,
  ];

  if (!o.page) {
    // Every row (exports): one pass, names joined as the rows stream out.
    const query = sql<Record<string, unknown>>`SELECT ${sql.join([...rowCols(bettorRef), ...names.flatMap((n) => n.cols)])}
      FROM (${groupedQuery(p)}) g ${sql.join([...bettorJoin, ...names.map((n) => n.join)], sql` `)}
      ORDER BY ${order(bettorRef)}`;
    return { query, bettorsJoined: playerGrain || joinBettors };
  }

  const sortJoin = o.sortField ? SORT_JOIN[o.sortField] : undefined;
  const earlyName = sortJoin ? nameJoins[sortJoin] : null;
  // Direct rows count themselves with a separate index count (see queryRows), so the page can
  // stop after its rows instead of materializing all of them for a window count.
  const total = p.direct ? [] : [sql`COUNT(*) OVER () AS total_rows`];
  const pageCols = [
    // Direct rows sort by their period.
    ...(p.direct ? [sql`g.period`] : []),
    ...keys.map((k) => sql`g.${sql.ref(k)}`),
    ...SUM_COLUMNS.map((c) => sql`g.${sql.ref(c)}`),
    sql`${bettorRef} AS bettor_count`,
    ...(d.newPlayers ? [sql`g.new_player_count`] : []),
    ...total,
  ];
  const pageRows = sql`SELECT ${sql.join(pageCols)}
    FROM (${groupedQuery(p, range.from, range.to)}) g ${sql.join([...bettorJoin, ...(earlyName ? [earlyName.join] : [])], sql` `)}
    ORDER BY ${order(bettorRef)} LIMIT ${o.page.limit} OFFSET ${o.page.offset}`;
  const query = sql<Record<string, unknown>>`SELECT ${sql.join([...rowCols(sql`g.bettor_count`), ...names.flatMap((n) => n.cols), ...(p.direct ? [] : [sql`g.total_rows`])])}
    FROM (${pageRows}) g ${sql.join(names.map((n) => n.join), sql` `)}
    ORDER BY ${order(sql`g.bettor_count`)}`;
  return { query, bettorsJoined: playerGrain || joinBettors };
}
