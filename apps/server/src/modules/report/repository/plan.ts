import { sql, type RawBuilder } from 'kysely';
import type { report } from '@console/contract';
import type { Dialect } from '../../../db/database.ts';
import { coverRange, HH_MS, localMonths, periodStarts, type PeriodRange } from '../../../lib/periods.ts';

export type ReportDef = report.ReportDef;
type ReportDim = report.ReportDim;

export interface ResolvedFilter {
  /** The database the report runs on: some queries are written differently for each. */
  dialect: Dialect;
  /** [from, to) in half-hours (see lib/periods.ts). */
  from: number;
  to: number;
  offsetMinutes: number;
  currencyId: number | null;
  agentIds: number[] | null;
  gameId: number | null;
  platformId: number | null;
  playerIds: number[] | null;
  /**
   * Player-id ranges [lo, hi) that split every player (null: no split). The largest statements —
   * distinct bettor counts, the count of per-player groups by period, the ranking of per-player
   * groups — are made once per slice and run side by side (SQLite's reader workers; see
   * Database.readParallelism), and their answers combined: player-grain groups and distinct
   * players never span two slices, so counts add up and each slice's best rows contain the best
   * rows of all.
   */
  playerSlices: PlayerSlice[] | null;
  /** The one slice a statement is made for (bySlices): its player-grain rows are that slice's. */
  slice?: PlayerSlice;
}

/**
 * Players with lo ≤ id < hi; null is open-ended (the first and last slices). On PostgreSQL a slice
 * is instead one hash part of the player-grain tables (`part`, migration 0022): its statements read
 * that part's table, whose players no other part holds, and lo and hi are null.
 */
export interface PlayerSlice {
  lo: number | null;
  hi: number | null;
  part?: number;
}

export type SortOrder = 'asc' | 'desc';

type Source = 'agg_player_game' | 'agg_player' | 'agg_dim' | 'agg_agent' | 'agg_game' | 'agg_agent_hour';
type Need = ReportDim;

const COLUMNS_OF: Record<Source, ReadonlySet<Need>> = {
  agg_agent_hour: new Set(['agent']),
  agg_agent: new Set(['agent']),
  agg_game: new Set(['game', 'platform']),
  agg_dim: new Set(['agent', 'game', 'platform']),
  agg_player: new Set(['agent', 'player']),
  agg_player_game: new Set(['agent', 'game', 'platform', 'player']),
};
export const PLAYER_GRAIN = new Set<Source>(['agg_player', 'agg_player_game']);

/** The primary key of each table after its (lvl or fam, period) columns: the order its rows are read in. */
export const KEY_ORDER: Record<Source, readonly string[]> = {
  agg_player_game: ['player_id', 'game_id', 'currency_id', 'agent_id', 'platform_id'],
  agg_player: ['player_id', 'currency_id', 'agent_id'],
  agg_dim: ['agent_id', 'game_id', 'currency_id', 'platform_id'],
  agg_agent: ['agent_id', 'currency_id'],
  agg_game: ['game_id', 'currency_id', 'platform_id'],
  agg_agent_hour: ['agent_id', 'currency_id'],
};

/**
 * On SQLite, grouping columns in the order `source`'s rows are read (by period, then by its key).
 * SQLite groups by sorting, and de-duplicates through a temporary index, on the listed columns in
 * the listed order: led by a column of few values (game, platform, currency) nearly every
 * comparison had to go on to the next column, and rows arriving in that index's order are
 * inserted next to each other. On a year of a 10-million-bet database the ranking of the
 * per-player reports got about a third faster and the distinct bettor counts a quarter
 * (bench/README.md). PostgreSQL hashes both and keeps the order written. The order changes
 * nothing in the results: every query sorts its output.
 */
export function inReadOrder(dialect: Dialect, source: Source, cols: readonly string[]): string[] {
  if (dialect !== 'sqlite') return [...new Set(cols)];
  const rank = (c: string) => KEY_ORDER[source].indexOf(c);
  return [...new Set(cols)].sort((a, b) => rank(a) - rank(b));
}

/**
 * The columns of `cols` that tell report groups apart. A player's agent is the one it was added
 * under, for good, and a game's provider is set when the game is added and never changed
 * (platform/repository.ts): beside the player the agent splits no group, nor the provider beside
 * the game. Grouping, de-duplicating or ranking on the other columns alone gives the same groups in
 * the same order (each left-out column follows one that stays), with less to hash and compare.
 */
export function groupKeys(cols: readonly string[]): string[] {
  return cols.filter((c) => !(c === 'agent_id' && cols.includes('player_id')) && !(c === 'platform_id' && cols.includes('game_id')));
}

const has = (s: Source, needs: Set<Need>) => [...needs].every((n) => COLUMNS_OF[s].has(n));

export function filterNeeds(f: ResolvedFilter): Set<Need> {
  const n = new Set<Need>();
  if (f.agentIds) n.add('agent');
  if (f.gameId !== null) n.add('game');
  if (f.platformId !== null) n.add('platform');
  if (f.playerIds) n.add('player');
  return n;
}

function needsOf(d: ReportDef, f: ResolvedFilter): Set<Need> {
  const n = filterNeeds(f);
  for (const dim of d.dims) n.add(dim);
  return n;
}

export function sumsSource(period: ReportDef['period'], needs: Set<Need>): Source {
  if (period === 'hour') return has('agg_agent_hour', needs) ? 'agg_agent_hour' : 'agg_player_game';
  if (has('agg_agent', needs)) return 'agg_agent';
  if (has('agg_game', needs)) return 'agg_game';
  if (has('agg_dim', needs)) return 'agg_dim';
  if (has('agg_player', needs)) return 'agg_player';
  return 'agg_player_game';
}

export function bettorSource(period: ReportDef['period'], needs: Set<Need>): Source {
  if (period !== 'hour' && has('agg_player', needs)) return 'agg_player';
  return 'agg_player_game';
}

export const int = (n: number) => sql`CAST(${n} AS integer)`;

/** The parts of [from, to) to read from a table, at the level the report's rows need. */
export function partsFor(source: Source | 'agg_new_player', period: ReportDef['period'], from: number, to: number, offsetMinutes: number): Array<{ lead: number; from: number; to: number }> {
  if (to <= from) return [];
  if (source === 'agg_agent_hour') return [{ lead: (offsetMinutes / 30) % 2, from, to }];
  if (period === 'hour') return [{ lead: 0, from, to }];
  if (period === 'day') return [{ lead: 1, from, to }];
  return coverRange(from, to).map((p: PeriodRange) => ({ lead: p.level, from: p.from, to: p.to }));
}

/**
 * The table a statement of `f` reads `source` from: the slice's own hash part of a player-grain
 * table on PostgreSQL (see PlayerSlice), else `source` itself.
 */
export function sourceTable(f: ResolvedFilter, source: Source | 'agg_new_player'): RawBuilder<unknown> {
  const part = f.slice?.part;
  return part !== undefined && PLAYER_GRAIN.has(source as Source) ? sql.table(`${source}_p${part}`) : sql.table(source);
}

/**
 * The rows of `source` in the given parts of a range that pass the filter (and `extra`), as a
 * table expression named like the table. On SQLite one branch per part, joined by UNION ALL: with
 * the parts OR-ed in one WHERE, SQLite reads the same index ranges but then de-duplicates the rows
 * found through each (it cannot tell the ranges apart), which cost as much again as reading them.
 * PostgreSQL does the opposite: one bitmap scan over the OR-ed ranges beats the appended branches
 * by a quarter on the per-player reports.
 *
 * Only the columns `cols` are read (and `period`, which the local buckets are computed from). On
 * SQLite the branches feed the outer query through a co-routine that copies every selected column
 * of each row: with only those the outer query uses, a year's ranking of game player runs 5 %
 * fewer instructions and the platform summary's distinct bettor count 11 % (bench/README.md).
 *
 * Narrowed to a few players, a player-grain table is read on SQLite by naming each period of the
 * parts: the (level, period, player) primary key then finds each player's rows directly, so there
 * those tables need no index by player, which every ingested bet paid for (migration 0007).
 * PostgreSQL keeps that index and reads a player's rows through it. The periods of every part are
 * named in one list of (level, period) pairs, read by one scan: no branches, so no co-routine
 * copies the rows to the outer query (a year's ranking of game player split by player, 6 % fewer
 * instructions; the platform summary's distinct bettors, 9 %; bench/README.md).
 */
export function partRows(
  f: ResolvedFilter,
  source: Source | 'agg_new_player',
  parts: Array<{ lead: number; from: number; to: number }>,
  cols: readonly string[],
  extra: RawBuilder<unknown>[] = [],
): RawBuilder<unknown> {
  const conds = [...filterConditions(source, f), ...extra];
  const from = sourceTable(f, source);
  const list = sql.join([...new Set(['period', ...cols])].map((c) => sql.ref(c)));
  const lead = sql.ref(source === 'agg_agent_hour' ? 'fam' : 'lvl');
  // A slice's players are found the same way: the key seeks to the first of them in each period.
  const byPeriod = f.dialect === 'sqlite' && (f.playerIds !== null || f.slice !== undefined) && PLAYER_GRAIN.has(source as Source);
  if (parts.length === 0) return sql`(SELECT ${list} FROM ${from} WHERE 1 = 0) ${sql.table(source)}`;
  if (byPeriod) {
    const named = namedPeriods(lead, parts.map((p) => ({ level: p.lead, periods: periodStarts(p.lead as 0 | 1 | 2, p.from, p.to) })));
    return sql`(SELECT ${list} FROM ${from} WHERE ${and([named, ...conds])}) ${sql.table(source)}`;
  }
  const inPart = (p: { lead: number; from: number; to: number }) => sql`(${lead} = ${int(p.lead)} AND period >= ${int(p.from)} AND period < ${int(p.to)})`;
  if (f.dialect === 'postgres' || parts.length === 1) {
    return sql`(SELECT ${list} FROM ${from} WHERE ${and([sql`(${sql.join(parts.map(inPart), sql` OR `)})`, ...conds])}) ${sql.table(source)}`;
  }
  const branches = parts.map((p) => sql`SELECT ${list} FROM ${from} WHERE ${and([inPart(p), ...conds])}`);
  return sql`(${sql.join(branches, sql` UNION ALL `)}) ${sql.table(source)}`;
}

/**
 * The rows of the given periods, each period named: of one level as `lvl = … AND period IN (…)`,
 * of several as one list of (level, period) pairs (see partRows). Our own integers, written into
 * the text: a year of half-hours would exceed the parameter limit.
 */
export function namedPeriods(lead: RawBuilder<unknown>, levels: ReadonlyArray<{ level: number; periods: readonly number[] }>): RawBuilder<unknown> {
  const named = levels.filter((l) => l.periods.length > 0);
  if (named.length === 0) return sql`1 = 0`;
  if (named.length === 1) return sql`(${lead} = ${int(named[0]!.level)} AND period IN (${sql.raw(named[0]!.periods.join(', '))}))`;
  const pairs = named.flatMap((l) => l.periods.map((period) => `(${l.level}, ${period})`));
  return sql`(${lead}, period) IN (VALUES ${sql.raw(pairs.join(', '))})`;
}

export function filterConditions(source: Source | 'agg_new_player' | 'player', f: ResolvedFilter): RawBuilder<unknown>[] {
  const out: RawBuilder<unknown>[] = [];
  if (f.currencyId !== null) out.push(sql`currency_id = ${f.currencyId}`);
  if (f.agentIds) out.push(sql`agent_id IN (${sql.join(f.agentIds)})`);
  if (source === 'agg_new_player' || source === 'player') {
    if (source === 'player' && f.playerIds) out.push(sql`id IN (${sql.join(f.playerIds)})`);
    return out;
  }
  if (f.gameId !== null) out.push(sql`game_id = ${f.gameId}`);
  if (f.platformId !== null) out.push(sql`platform_id = ${f.platformId}`);
  if (f.playerIds) out.push(sql`player_id IN (${sql.join(f.playerIds)})`);
  if (f.slice) {
    if (f.slice.lo !== null) out.push(sql`player_id >= ${int(f.slice.lo)}`);
    if (f.slice.hi !== null) out.push(sql`player_id < ${int(f.slice.hi)}`);
  }
  return out;
}

export const and = (conds: RawBuilder<unknown>[]) => (conds.length ? sql.join(conds, sql` AND `) : sql`1 = 1`);


/** Local hour / day / month number of a row, from its period start (any point of a part lies in the same local bucket). */
export function bucketExpr(d: ReportDef, f: ResolvedFilter, col: RawBuilder<unknown> = sql.ref('period')): RawBuilder<unknown> | null {
  const off = f.offsetMinutes / 30;
  if (d.period === 'hour') return sql`((${col} + ${int(off)}) / 2)`;
  if (d.period === 'day') return sql`((${col} + ${int(off)}) / 48)`;
  if (d.period === 'month') {
    const months = localMonths(f.from, f.to, f.offsetMinutes);
    const last = months[months.length - 1];
    if (!last) return int(0);
    const whens = months.slice(0, -1).map((m) => sql`WHEN ${col} < ${int(m.to)} THEN ${int(m.index)}`);
    return whens.length ? sql`(CASE ${sql.join(whens, sql` `)} ELSE ${int(last.index)} END)` : int(last.index);
  }
  return null;
}

/** The id columns a report groups by, beside its period and currency. */
function dimColumns(d: ReportDef): string[] {
  const cols: string[] = [];
  const add = (...c: string[]) => c.forEach((x) => !cols.includes(x) && cols.push(x));
  for (const dim of d.dims) {
    if (dim === 'agent') add('agent_id');
    if (dim === 'game') add('game_id', 'platform_id');
    if (dim === 'platform') add('platform_id');
    if (dim === 'player') add('player_id', 'agent_id');
  }
  add('currency_id');
  return cols;
}

export const SUM_COLUMNS = ['bet_count', 'win_count', 'bet_amount', 'valid_bet_amount', 'payout_amount', 'tax_amount', 'bonus_amount', 'jackpot_contribution', 'jackpot_prize'] as const;

export interface Plan {
  d: ReportDef;
  f: ResolvedFilter;
  sums: Source;
  bettors: Source;
  bucket: RawBuilder<unknown> | null;
  dims: string[];
  /** Groups with only new players are rows too, unless a game/platform filter narrows rows to bets. */
  newPlayerRows: boolean;
  /**
   * The sums table holds exactly one row per report row (hourly agent rows, which also carry
   * their new-player counts): rows are read without grouping, in index order.
   */
  direct: boolean;
}

export function plan(d: ReportDef, f: ResolvedFilter): Plan {
  const needs = needsOf(d, f);
  return {
    d,
    f,
    sums: sumsSource(d.period, needs),
    bettors: bettorSource(d.period, needs),
    bucket: bucketExpr(d, f),
    dims: dimColumns(d),
    newPlayerRows: d.newPlayers && f.gameId === null && f.platformId === null,
    direct: sumsSource(d.period, needs) === 'agg_agent_hour',
  };
}

/** New registrations as rows (period, agent_id, currency_id, player_count) for the union with the sums. */
export function newPlayerRows(p: Plan, from: number, to: number): RawBuilder<unknown> {
  const { f } = p;
  if (f.playerIds) {
    // A player filter: count those players straight from the player table.
    return sql`SELECT CAST(registered_at / ${HH_MS} AS integer) AS period, agent_id, currency_id, 1 AS player_count
      FROM player WHERE ${and([...filterConditions('player', f), sql`registered_at >= ${from * HH_MS}`, sql`registered_at < ${to * HH_MS}`])}`;
  }
  const parts = partsFor('agg_new_player', p.d.period, from, to, f.offsetMinutes);
  return sql`SELECT period, agent_id, currency_id, player_count FROM ${partRows(f, 'agg_new_player', parts, ['agent_id', 'currency_id', 'player_count'])}`;
}

/**
 * One row per report group: bucket, dimension ids, the sums, new_player_count and — when the sums
 * come from a player-grain table — bettor_count.
 */
export function groupedQuery(p: Plan, from = p.f.from, to = p.f.to): RawBuilder<unknown> {
  const { d, f, sums, bucket } = p;
  const dims = inReadOrder(f.dialect, sums, p.dims);
  if (p.direct) {
    const parts = partsFor(sums, d.period, from, to, f.offsetMinutes);
    return sql`SELECT period, ${bucket} AS bucket, ${sql.join(dims.map((c) => sql.ref(c)))}, ${sql.join(SUM_COLUMNS.map((c) => sql.ref(c)))}, new_player_count
      FROM ${partRows(f, sums, parts, [...dims, ...SUM_COLUMNS, 'new_player_count'])}`;
  }
  const keyCols = [...(bucket ? [sql`${bucket} AS bucket`] : []), ...dims.map((c) => sql.ref(c))];
  const groupBy = [...(bucket ? [sql.ref('bucket')] : []), ...dims.map((c) => sql.ref(c))];
  const parts = partsFor(sums, d.period, from, to, f.offsetMinutes);
  const playerGrain = PLAYER_GRAIN.has(sums);
  const rows = partRows(f, sums, parts, [...dims, ...SUM_COLUMNS, ...(playerGrain ? ['player_id'] : [])]);
  const sumCols = SUM_COLUMNS.map((c) => sql`SUM(${sql.ref(c)}) AS ${sql.ref(c)}`);
  // A row per player has exactly one bettor; counting distinct players there is wasted work.
  const bettor = playerGrain ? [dims.includes('player_id') ? sql`1 AS bettor_count` : sql`COUNT(DISTINCT player_id) AS bettor_count`] : [];
  if (!d.newPlayers) {
    return sql`SELECT ${sql.join([...keyCols, ...sumCols, ...bettor])} FROM ${rows} GROUP BY ${sql.join(groupBy)}`;
  }
  const zeros = SUM_COLUMNS.map((c) => sql`0 AS ${sql.ref(c)}`);
  const rawKey = (src: 'sums' | 'np') =>
    [...(bucket ? [sql`${bucket} AS bucket`] : []), ...dims.map((c) => sql.ref(c))].concat(src === 'np' && playerGrain ? [sql`NULL AS player_id`] : src === 'sums' && playerGrain ? [sql.ref('player_id')] : []);
  const betPart = sql`SELECT ${sql.join([...rawKey('sums'), ...SUM_COLUMNS.map((c) => sql.ref(c)), sql`0 AS new_player_count`])}
    FROM ${rows}`;
  const npPart = sql`SELECT ${sql.join([...rawKey('np'), ...zeros, sql`player_count AS new_player_count`])}
    FROM (${newPlayerRows(p, from, to)}) np`;
  const unionGroupBy = [...(bucket ? [sql.ref('bucket')] : []), ...dims.map((c) => sql.ref(c))];
  const outerKeys = [...(bucket ? [sql.ref('bucket')] : []), ...dims.map((c) => sql.ref(c))];
  return sql`SELECT ${sql.join([...outerKeys, ...sumCols, ...bettor, sql`SUM(new_player_count) AS new_player_count`])}
    FROM (${betPart} UNION ALL ${npPart}) u GROUP BY ${sql.join(unionGroupBy)}${p.newPlayerRows ? sql`` : sql` HAVING SUM(bet_count) > 0`}`;
}

/**
 * Distinct bettors per report group, from a player-grain table. `extra` narrows to some groups.
 * Written as DISTINCT then COUNT: PostgreSQL hashes a DISTINCT but sorts for COUNT(DISTINCT),
 * about twice as slow here; SQLite does the same work either way.
 */
export function bettorQuery(p: Plan, from: number, to: number, extra: RawBuilder<unknown>[] = [], withCurrencyPlayers = false): RawBuilder<unknown> {
  const { d, f, bettors } = p;
  const dims = inReadOrder(f.dialect, bettors, p.dims);
  const bucket = bucketExpr(d, f);
  const distinctCols = [...(bucket ? [sql`${bucket} AS bucket`] : []), ...inReadOrder(f.dialect, bettors, [...dims, 'player_id']).map((c) => sql.ref(c))];
  const groupBy = [...(bucket ? [sql.ref('bucket')] : []), ...dims.map((c) => sql.ref(c))];
  const parts = partsFor(bettors, d.period, from, to, f.offsetMinutes);
  const players = sql`SELECT DISTINCT ${sql.join(distinctCols)} FROM ${partRows(f, bettors, parts, [...dims, 'player_id'], extra)}`;
  if (!withCurrencyPlayers) return sql`SELECT ${sql.join([...groupBy, sql`COUNT(*) AS bettor_count`])} FROM (${players}) b GROUP BY ${sql.join(groupBy)}`;
  // The distinct (group, player) pairs kept once, for the groups' counts and each currency's.
  return sql`WITH b AS MATERIALIZED (${players})
    SELECT ${sql.join([...groupBy, sql`COUNT(*) AS bettor_count`, sql`${currencyPlayers(f.dialect, 'b')} AS currency_players`])} FROM b GROUP BY ${sql.join(groupBy)}`;
}

/**
 * Each currency's distinct players among the rows of `table` (a WITH table of a statement that
 * holds player-grain groups, with player_id and currency_id), as a scalar 'currency:count,…'
 * computed once for the statement: the totals' distinct bettors, from groups already formed,
 * instead of a statement of their own that reads the range again (see readCurrencyPlayers).
 */
export function currencyPlayers(dialect: Dialect, table: string): RawBuilder<unknown> {
  const list = dialect === 'postgres' ? sql`string_agg(currency_id || ':' || n, ',')` : sql`group_concat(currency_id || ':' || n, ',')`;
  return sql`(SELECT ${list} FROM (SELECT currency_id, COUNT(*) AS n FROM (SELECT DISTINCT player_id, currency_id FROM ${sql.table(table)}) pc GROUP BY currency_id) c)`;
}

/**
 * The distinct players per currency id of currencyPlayers, read off the first row of each slice's
 * answer and added up (a player belongs to one slice).
 */
export function readCurrencyPlayers(slices: ReadonlyArray<ReadonlyArray<Record<string, unknown>>>): Map<number, number> {
  const counts = new Map<number, number>();
  for (const rows of slices) {
    for (const entry of String(rows[0]?.currency_players ?? '').split(',').filter(Boolean)) {
      const [currency, n] = entry.split(':').map(Number) as [number, number];
      counts.set(currency, (counts.get(currency) ?? 0) + n);
    }
  }
  return counts;
}
