import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Lang, report } from '@console/contract';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { playerDaysCondition } from '../../db/player-days.ts';
import { toNumber } from '../../db/sql.ts';
import { coverRange, HH_MS, HH_PER_DAY, isLongDaySegment, localMonths, LONG_SEGMENT_HH, periodStarts, type PeriodRange } from '../../lib/periods.ts';

/**
 * The SQL of every report. Reports read the aggregate tables only (docs/reports.md); the bet-record
 * list alone reads raw bets. Identifiers come from fixed lists below, every value is a parameter.
 *
 * Which table answers: the coarsest one that has every column the report groups or filters by —
 *   agg_agent_hour   hourly rows per agent (no game/platform/player filter)
 *   agg_agent        per agent (agent and currency reports, totals)
 *   agg_game         per game and platform
 *   agg_dim          agent x game x platform sums, no players
 *   agg_player       player sums (agent and player dimensions only)
 *   agg_player_game  everything (player x game), the fallback.
 * Distinct bettors need players: they come from agg_player or agg_player_game; for a page whose
 * sums come from a table without players they are counted for that page's rows only.
 */

type ReportDef = report.ReportDef;
type ReportDim = report.ReportDim;

export interface ResolvedFilter {
  /** The database the report runs on: some queries are written differently for each. */
  dialect: Dialect;
  /** [from, to) in half-hours (see aggregate/periods.ts). */
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

/** Players with lo ≤ id < hi; null is open-ended (the first and last slices). */
export interface PlayerSlice {
  lo: number | null;
  hi: number | null;
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
const PLAYER_GRAIN = new Set<Source>(['agg_player', 'agg_player_game']);

/** The primary key of each table after its (lvl or fam, period) columns: the order its rows are read in. */
const KEY_ORDER: Record<Source, readonly string[]> = {
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
function inReadOrder(dialect: Dialect, source: Source, cols: readonly string[]): string[] {
  if (dialect !== 'sqlite') return [...new Set(cols)];
  const rank = (c: string) => KEY_ORDER[source].indexOf(c);
  return [...new Set(cols)].sort((a, b) => rank(a) - rank(b));
}

const has = (s: Source, needs: Set<Need>) => [...needs].every((n) => COLUMNS_OF[s].has(n));

function filterNeeds(f: ResolvedFilter): Set<Need> {
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

function sumsSource(period: ReportDef['period'], needs: Set<Need>): Source {
  if (period === 'hour') return has('agg_agent_hour', needs) ? 'agg_agent_hour' : 'agg_player_game';
  if (has('agg_agent', needs)) return 'agg_agent';
  if (has('agg_game', needs)) return 'agg_game';
  if (has('agg_dim', needs)) return 'agg_dim';
  if (has('agg_player', needs)) return 'agg_player';
  return 'agg_player_game';
}

function bettorSource(period: ReportDef['period'], needs: Set<Need>): Source {
  if (period !== 'hour' && has('agg_player', needs)) return 'agg_player';
  return 'agg_player_game';
}

const int = (n: number) => sql`CAST(${n} AS integer)`;

/** The parts of [from, to) to read from a table, at the level the report's rows need. */
function partsFor(source: Source | 'agg_new_player', period: ReportDef['period'], from: number, to: number, offsetMinutes: number): Array<{ lead: number; from: number; to: number }> {
  if (to <= from) return [];
  if (source === 'agg_agent_hour') return [{ lead: (offsetMinutes / 30) % 2, from, to }];
  if (period === 'hour') return [{ lead: 0, from, to }];
  if (period === 'day') return [{ lead: 1, from, to }];
  return coverRange(from, to).map((p: PeriodRange) => ({ lead: p.level, from: p.from, to: p.to }));
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
function partRows(
  f: ResolvedFilter,
  source: Source | 'agg_new_player',
  parts: Array<{ lead: number; from: number; to: number }>,
  cols: readonly string[],
  extra: RawBuilder<unknown>[] = [],
): RawBuilder<unknown> {
  const conds = [...filterConditions(source, f), ...extra];
  const list = sql.join([...new Set(['period', ...cols])].map((c) => sql.ref(c)));
  const lead = sql.ref(source === 'agg_agent_hour' ? 'fam' : 'lvl');
  // A slice's players are found the same way: the key seeks to the first of them in each period.
  const byPeriod = f.dialect === 'sqlite' && (f.playerIds !== null || f.slice !== undefined) && PLAYER_GRAIN.has(source as Source);
  if (parts.length === 0) return sql`(SELECT ${list} FROM ${sql.table(source)} WHERE 1 = 0) ${sql.table(source)}`;
  if (byPeriod) {
    const named = namedPeriods(lead, parts.map((p) => ({ level: p.lead, periods: periodStarts(p.lead as 0 | 1 | 2, p.from, p.to) })));
    return sql`(SELECT ${list} FROM ${sql.table(source)} WHERE ${and([named, ...conds])}) ${sql.table(source)}`;
  }
  const inPart = (p: { lead: number; from: number; to: number }) => sql`(${lead} = ${int(p.lead)} AND period >= ${int(p.from)} AND period < ${int(p.to)})`;
  if (f.dialect === 'postgres' || parts.length === 1) {
    return sql`(SELECT ${list} FROM ${sql.table(source)} WHERE ${and([sql`(${sql.join(parts.map(inPart), sql` OR `)})`, ...conds])}) ${sql.table(source)}`;
  }
  const branches = parts.map((p) => sql`SELECT ${list} FROM ${sql.table(source)} WHERE ${and([inPart(p), ...conds])}`);
  return sql`(${sql.join(branches, sql` UNION ALL `)}) ${sql.table(source)}`;
}

/**
 * The rows of the given periods, each period named: of one level as `lvl = … AND period IN (…)`,
 * of several as one list of (level, period) pairs (see partRows). Our own integers, written into
 * the text: a year of half-hours would exceed the parameter limit.
 */
function namedPeriods(lead: RawBuilder<unknown>, levels: ReadonlyArray<{ level: number; periods: readonly number[] }>): RawBuilder<unknown> {
  const named = levels.filter((l) => l.periods.length > 0);
  if (named.length === 0) return sql`1 = 0`;
  if (named.length === 1) return sql`(${lead} = ${int(named[0]!.level)} AND period IN (${sql.raw(named[0]!.periods.join(', '))}))`;
  const pairs = named.flatMap((l) => l.periods.map((period) => `(${l.level}, ${period})`));
  return sql`(${lead}, period) IN (VALUES ${sql.raw(pairs.join(', '))})`;
}

function filterConditions(source: Source | 'agg_new_player' | 'player', f: ResolvedFilter): RawBuilder<unknown>[] {
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

const and = (conds: RawBuilder<unknown>[]) => (conds.length ? sql.join(conds, sql` AND `) : sql`1 = 1`);

/**
 * `parts` ranges of player ids that hold about as many player-grain rows each. The first and last
 * are open-ended, so a player created while the report runs still falls in one.
 */
export async function playerSlices(db: Kysely<DB>, parts: number): Promise<PlayerSlice[] | null> {
  const bounds = await sliceBounds(db, parts);
  if (bounds.length === 0) return null;
  return [null, ...bounds].map((b, i) => ({ lo: b, hi: bounds[i] ?? null }));
}

/** Slice bounds are recomputed after this long: any bounds give the same answers, only the balance drifts. */
const SLICE_BOUNDS_TTL_MS = 10 * 60_000;
const sliceBoundsCache = new WeakMap<Kysely<DB>, Map<number, { at: number; bounds: number[] }>>();

/**
 * The ids where each slice after the first starts, weighted by each player's month rows in
 * agg_player (about seven per active player a year). Equal ranges of ids were uneven: players
 * created early have bet in more months, and on the benchmark database the lower half of the ids
 * held 72 % of the rows, so one reader worked while the other waited. Reading the weights takes a
 * few milliseconds, so they are kept for a while per database and slice count.
 */
async function sliceBounds(db: Kysely<DB>, parts: number): Promise<number[]> {
  let byParts = sliceBoundsCache.get(db);
  if (!byParts) sliceBoundsCache.set(db, (byParts = new Map()));
  const kept = byParts.get(parts);
  if (kept && Date.now() - kept.at < SLICE_BOUNDS_TTL_MS) return kept.bounds;
  const { rows } = await sql<{ player_id: unknown; n: unknown }>`
    SELECT player_id, COUNT(*) AS n FROM agg_player WHERE lvl = 2 GROUP BY player_id ORDER BY player_id`.execute(db);
  const total = rows.reduce((t, r) => t + toNumber(r.n), 0);
  const bounds: number[] = [];
  let seen = 0;
  for (const r of rows) {
    const id = toNumber(r.player_id);
    // This player starts the next slice once the rows before it reach that slice's share.
    if (seen >= (total * (bounds.length + 1)) / parts && bounds.length < parts - 1) bounds.push(id);
    seen += toNumber(r.n);
  }
  byParts.set(parts, { at: Date.now(), bounds });
  return bounds;
}

/** The slices a statement is split into; none under a player filter, which names its players. */
const slicesOf = (f: ResolvedFilter) => (f.playerIds === null ? f.playerSlices : null);

/**
 * The rows of one statement over player-grain rows, made once per player slice and run side by
 * side (see ResolvedFilter.playerSlices): `build` is given the filter of each slice in turn (the
 * whole filter when there are none). The caller combines the slices' rows.
 */
async function bySlices(db: Kysely<DB>, f: ResolvedFilter, build: (f: ResolvedFilter) => RawBuilder<unknown>): Promise<Array<Array<Record<string, unknown>>>> {
  const slices = slicesOf(f);
  if (!slices) return [(await build(f).execute(db)).rows as Array<Record<string, unknown>>];
  return Promise.all(slices.map(async (slice) => (await build({ ...f, slice }).execute(db)).rows as Array<Record<string, unknown>>));
}

/** `bySlices` for a statement of counts per key: the keys' counts summed over the slices. */
async function countsBySlices(db: Kysely<DB>, f: ResolvedFilter, keys: readonly string[], count: string, build: (f: ResolvedFilter) => RawBuilder<unknown>) {
  return sumCounts(await bySlices(db, f, build), keys, count);
}

/** The `count` of each distinct `keys` over every slice's rows, one row per key (its first row's other columns). */
function sumCounts(slices: ReadonlyArray<ReadonlyArray<Record<string, unknown>>>, keys: readonly string[], count: string) {
  const sums = new Map<string, Record<string, unknown>>();
  for (const rows of slices) {
    for (const r of rows) {
      const key = keys.map((k) => toNumber(r[k])).join(',');
      const seen = sums.get(key);
      if (seen) seen[count] = toNumber(seen[count]) + toNumber(r[count]);
      else sums.set(key, { ...r, [count]: toNumber(r[count]) });
    }
  }
  return [...sums.values()];
}

/** Local hour / day / month number of a row, from its period start (any point of a part lies in the same local bucket). */
function bucketExpr(d: ReportDef, f: ResolvedFilter, col: RawBuilder<unknown> = sql.ref('period')): RawBuilder<unknown> | null {
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

const SUM_COLUMNS = ['bet_count', 'win_count', 'bet_amount', 'valid_bet_amount', 'payout_amount', 'tax_amount', 'bonus_amount', 'jackpot_contribution'] as const;

interface Plan {
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

function plan(d: ReportDef, f: ResolvedFilter): Plan {
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
function newPlayerRows(p: Plan, from: number, to: number): RawBuilder<unknown> {
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
function groupedQuery(p: Plan, from = p.f.from, to = p.f.to): RawBuilder<unknown> {
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
function bettorQuery(p: Plan, from: number, to: number, extra: RawBuilder<unknown>[] = [], withCurrencyPlayers = false): RawBuilder<unknown> {
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
function currencyPlayers(dialect: Dialect, table: string): RawBuilder<unknown> {
  const list = dialect === 'postgres' ? sql`string_agg(currency_id || ':' || n, ',')` : sql`group_concat(currency_id || ':' || n, ',')`;
  return sql`(SELECT ${list} FROM (SELECT currency_id, COUNT(*) AS n FROM (SELECT DISTINCT player_id, currency_id FROM ${sql.table(table)}) pc GROUP BY currency_id) c)`;
}

/**
 * The distinct players per currency id of currencyPlayers, read off the first row of each slice's
 * answer and added up (a player belongs to one slice).
 */
function readCurrencyPlayers(slices: ReadonlyArray<ReadonlyArray<Record<string, unknown>>>): Map<number, number> {
  const counts = new Map<number, number>();
  for (const rows of slices) {
    for (const entry of String(rows[0]?.currency_players ?? '').split(',').filter(Boolean)) {
      const [currency, n] = entry.split(':').map(Number) as [number, number];
      counts.set(currency, (counts.get(currency) ?? 0) + n);
    }
  }
  return counts;
}

const money = (c: string) => sql`CAST(g.${sql.ref(c)} AS TEXT) AS ${sql.ref(c)}`;
const pwl = sql`(g.payout_amount - g.bet_amount - g.tax_amount + g.bonus_amount)`;

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
      return sql`(CASE WHEN g.bet_amount = 0 THEN NULL ELSE (g.payout_amount + g.bonus_amount) * 1.0 / g.bet_amount END)`;
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

export interface ReportRowRaw {
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
  bet_count: number;
  win_count: number;
  bettor_count: number | null;
  bet_amount: string;
  valid_bet_amount: string;
  payout_amount: string;
  tax_amount: string;
  bonus_amount: string;
  jackpot_contribution: string;
  new_player_count: number;
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
    p: p.dims.includes('player_id') ? { cols: [sql`p.account AS player_account`], join: sql`LEFT JOIN player p ON p.id = g.player_id` } : null,
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

/**
 * Whether a statement that already forms every player-grain group of the range also counts the
 * totals' distinct bettors per currency among them (currencyPlayers), instead of the totals
 * reading the range again in a statement of their own. On SQLite: the largest statements are
 * split by player over every reader and the totals' count waits for one, so the call does less
 * work in all (over a year: platform summary 72–76 → 61–69 ms p50, platform player 97–100 →
 * 80, player summary and odds about a fifth faster; bench/README.md). Not on PostgreSQL: there
 * the grouping statement is the call's longest and the totals' count runs beside it in another
 * server process, so the extra counting only made the longest statement longer (the game player
 * ranking 292 → 317 ms, the platform summary's bettors 124 → 151 ms, against 46–54 ms for the
 * totals' count on its own).
 */
const totalsFromGroups = (f: ResolvedFilter) => f.dialect === 'sqlite';

/**
 * Groups that split the players of each currency, per agent or per currency over the whole range
 * (the agent and currency summaries): each currency's distinct bettors are the sum of its groups'.
 */
function groupsSplitPlayers(d: ReportDef, f: ResolvedFilter): boolean {
  const p = plan(d, f);
  return d.period === 'none' && d.dims.every((x) => x === 'agent') && !PLAYER_GRAIN.has(p.sums) && p.bettors === bettorSource('none', filterNeeds(f));
}

/**
 * Whether every group's distinct bettors are counted beside the page (groupBettors), rather than
 * for the page's groups once it is known (fillBettors):
 *
 * - groups that split each currency's players (groupsSplitPlayers): counting them all reads what
 *   the totals' count reads, and the totals' bettors are their sums, so one count serves both;
 * - the platform summary: its groups (platform and currency: a few game providers) all fit on
 *   its first page, so counting them all is the same work as counting the page's, and no longer
 *   waits for the page (over a year the call got a quarter faster on SQLite and 40 % on
 *   PostgreSQL). Not for games: a page holds a fraction of their groups, and counting every
 *   game's bettors made the game summary slower. Sorted by the bettors, the page joins them itself.
 */
export function countsEveryGroup(d: ReportDef, f: ResolvedFilter, o: RowQueryOptions): boolean {
  const fewOnFirstPage =
    o.page !== null && o.sortField !== 'bettor_count' && d.period === 'none' && d.dims.length > 0 && d.dims.every((x) => x === 'platform') && !PLAYER_GRAIN.has(plan(d, f).sums);
  return groupsSplitPlayers(d, f) || fewOnFirstPage;
}

/**
 * Whether groupBettors also answers the totals' distinct bettors (GroupBettors.byCurrency). When it
 * does not, the totals count their own from the start, beside it, rather than after it.
 */
export function groupBettorsCountTotals(d: ReportDef, f: ResolvedFilter): boolean {
  return groupsSplitPlayers(d, f) || totalsFromGroups(f);
}

export interface GroupBettors {
  /** Distinct bettors per group, keyed like the rows (their dimension ids joined by commas). */
  byGroup: Map<string, number>;
  /** The totals' distinct bettors per currency id, when they come with the groups' (groupBettorsCountTotals), else null. */
  byCurrency: Map<number, number> | null;
}

/** Distinct bettors of every group of the report and, where they come with them, of its totals (see countsEveryGroup). */
export async function groupBettors(db: Kysely<DB>, d: ReportDef, f: ResolvedFilter): Promise<GroupBettors> {
  const p = plan(d, f);
  const split = groupsSplitPlayers(d, f);
  const withCurrencyPlayers = !split && groupBettorsCountTotals(d, f);
  const slices = await bySlices(db, f, (fs) => bettorQuery({ ...p, f: fs }, f.from, f.to, [], withCurrencyPlayers));
  const counts = (keys: readonly string[]) => sumCounts(slices, keys, 'bettor_count').map((r) => [keys.map((k) => toNumber(r[k])).join(','), toNumber(r.bettor_count)] as const);
  const byCurrency = split ? new Map(counts(['currency_id']).map(([key, n]) => [Number(key), n])) : withCurrencyPlayers ? readCurrencyPlayers(slices) : null;
  return { byGroup: new Map(counts(p.dims)), byCurrency };
}

/** The local bucket numbers lo … hi as a range of half-hours, within the filter's range. */
function bucketSpan(d: ReportDef, f: ResolvedFilter, lo: number, hi: number): [number, number] {
  const off = f.offsetMinutes / 30;
  if (d.period === 'hour') return [Math.max(f.from, lo * 2 - off), Math.min(f.to, (hi + 1) * 2 - off)];
  if (d.period === 'day') return [Math.max(f.from, lo * 48 - off), Math.min(f.to, (hi + 1) * 48 - off)];
  const months = localMonths(f.from, f.to, f.offsetMinutes).filter((m) => m.index >= lo && m.index <= hi);
  return months.length ? [months[0]!.from, months[months.length - 1]!.to] : [f.from, f.from];
}

/**
 * A page of a report sorted by its period (the default order of hourly, daily and monthly
 * reports) holds the rows of a few neighbouring periods. Counting the groups of each period —
 * their keys only, no sums — gives the total and tells which periods the page spans; only those
 * are then summed and sorted, instead of every group of the range. Null when the rows are not
 * sorted by period.
 */
async function periodWindow(db: Kysely<DB>, p: Plan, o: RowQueryOptions) {
  const { d, f } = p;
  const byPeriod = !o.sortField || o.sortField === 'date' || o.sortField === 'hour' || o.sortField === 'month';
  if (!o.page || !p.bucket || p.direct || !byPeriod) return null;
  const parts = partsFor(p.sums, d.period, f.from, f.to, f.offsetMinutes);
  const keys = (rows: RawBuilder<unknown>) => sql`SELECT DISTINCT ${p.bucket} AS bucket, ${sql.join(inReadOrder(f.dialect, p.sums, p.dims).map((c) => sql.ref(c)))} FROM ${rows}`;
  const withNewPlayers = d.newPlayers && p.newPlayerRows;
  // Groups of one player each are counted per player slice and added up.
  const sliceable = PLAYER_GRAIN.has(p.sums) && p.dims.includes('player_id') && !withNewPlayers;
  // Per player, most half-hour rows have no row in their day's 22-hour segment (see
  // groupsPerLocalDay); per game or agent nearly all have, and looking each up cost more than
  // de-duplicating them (game daily's count on PostgreSQL: about 110 → 165 ms).
  const rowPerPlayerDay = sliceable && d.period === 'day' && sameColumns(KEY_ORDER[p.sums], p.dims);
  const rows = await countsBySlices(db, sliceable ? f : { ...f, playerSlices: null }, ['bucket'], 'n', (fs) => {
    if (rowPerPlayerDay) return groupsPerLocalDay({ ...p, f: fs });
    let groups = keys(partRows(fs, p.sums, parts, p.dims));
    if (withNewPlayers) {
      // Periods with registrations but no bets are rows too (see groupedQuery).
      groups = sql`${groups} UNION ${keys(sql`(${newPlayerRows(p, f.from, f.to)}) np`)}`;
    }
    return sql`SELECT bucket, COUNT(*) AS n FROM (${groups}) k GROUP BY bucket`;
  });
  const descending = !o.sortField || o.sortOrder !== 'asc';
  const counts = rows.map((r) => ({ bucket: toNumber(r.bucket), n: toNumber(r.n) })).sort((a, b) => (descending ? b.bucket - a.bucket : a.bucket - b.bucket));
  const total = counts.reduce((sum, c) => sum + c.n, 0);
  const { limit, offset } = o.page;
  // The periods holding rows offset … offset + limit - 1, and the rows before the first of them.
  let before = 0;
  let first = -1;
  let last = -1;
  for (let i = 0, seen = 0; i < counts.length && seen < offset + limit; seen += counts[i]!.n, i++) {
    if (seen + counts[i]!.n <= offset) continue;
    if (first < 0) [first, before] = [i, seen];
    last = i;
  }
  if (first < 0) return { total, range: { from: f.from, to: f.from }, page: { limit, offset: 0 } };
  const [lo, hi] = [counts[first]!.bucket, counts[last]!.bucket].sort((a, b) => a - b) as [number, number];
  const [from, to] = bucketSpan(d, f, lo, hi);
  return { total, range: { from, to }, page: { limit, offset: offset - before } };
}

const sameColumns = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((c) => b.includes(c));

/**
 * The groups of each local day, counted from a table whose key is the report's group (the daily
 * player report read from agg_player): one row per group and day segment. A local day of every
 * report timezone is one 22-hour segment and four half-hour ones (aggregate/periods.ts). Each row
 * of the 22-hour segment is a group of its own, so those rows are only counted; a half-hour row
 * is a new group of the day when its key has no row in that day's 22-hour segment, and only
 * those are de-duplicated. De-duplicating every row of a year (about 290,000 on the benchmark
 * database, 85 % of them in 22-hour segments) was most of the daily player report's time.
 */
function groupsPerLocalDay(p: Plan): RawBuilder<unknown> {
  const { f, sums: source } = p;
  const periods = periodStarts(1, f.from, f.to);
  const rowsIn = (list: number[], alias: string) =>
    sql`${sql.table(source)} ${sql.raw(alias)} WHERE ${and([namedPeriods(sql.ref('lvl'), [{ level: 1, periods: list }]), ...filterConditions(source, f)])}`;
  const bucket = bucketExpr(p.d, f, sql`s.period`);
  const sameKey = KEY_ORDER[source].map((k) => sql`l.${sql.ref(k)} = s.${sql.ref(k)}`);
  const longOfDay = sql`(${bucket} - 1) * ${int(HH_PER_DAY)} + ${int(LONG_SEGMENT_HH)}`;
  return sql`SELECT ${p.bucket} AS bucket, COUNT(*) AS n FROM ${rowsIn(periods.filter(isLongDaySegment), 'l')} GROUP BY period
    UNION ALL
    SELECT bucket, COUNT(*) AS n FROM (
      SELECT DISTINCT ${bucket} AS bucket, ${sql.join(KEY_ORDER[source].map((k) => sql`s.${sql.ref(k)}`))}
      FROM ${rowsIn(periods.filter((x) => !isLongDaySegment(x)), 's')} AND NOT EXISTS (
        SELECT 1 FROM ${sql.table(source)} l WHERE ${and([sql`l.lvl = ${int(1)}`, sql`l.period = ${longOfDay}`, ...sameKey])})
    ) k GROUP BY bucket`;
}

/** Whether a page is ranked by rankedPage: per-player groups without periods, sorted by one of their sums. */
function ranksPerPlayerGroups(p: Plan, o: RowQueryOptions): o is RowQueryOptions & { page: NonNullable<RowQueryOptions['page']> } {
  const field = o.sortField ?? 'bet_amount';
  const oneSum = (SUM_COLUMNS as readonly string[]).includes(field);
  return o.page !== null && !p.bucket && !p.direct && !p.d.newPlayers && oneSum && PLAYER_GRAIN.has(p.sums) && p.dims.includes('player_id');
}

/**
 * Whether the page's ranking also counts the distinct bettors of each currency for the totals
 * (queryRows' `currencyBettors`; where: totalsFromGroups). Its groups are every player-grain row
 * of the range that passes the filter, grouped by player among other keys, so their distinct
 * players per currency are the totals' bettors.
 */
export function rankingCountsBettors(d: ReportDef, f: ResolvedFilter, o: RowQueryOptions): boolean {
  return totalsFromGroups(f) && ranksPerPlayerGroups(plan(d, f), o);
}

/**
 * A page of per-player rows sorted by one of their sums (the default: bet amount) in two steps:
 * rank every group by that one sum, then total all eight only for the groups of the page. Sorting
 * tens of thousands of groups with all their sums was most of the work, and one sum is enough to
 * rank them. On SQLite the same statement counts each currency's distinct players among the
 * groups (see rankingCountsBettors). Null when the rows are not of that kind.
 */
async function rankedPage(db: Kysely<DB>, p: Plan, o: RowQueryOptions) {
  const { d, f } = p;
  if (!ranksPerPlayerGroups(p, o)) return null;
  const field = o.sortField ?? 'bet_amount';
  const ascending = o.sortField !== null && o.sortOrder === 'asc';
  const dir = ascending ? sql`ASC` : sql`DESC`;
  const parts = partsFor(p.sums, d.period, f.from, f.to, f.offsetMinutes);
  const keys = p.dims.map((c) => sql.ref(c));
  const { limit, offset } = o.page;
  const sliced = slicesOf(f) !== null;
  const withCurrencyPlayers = totalsFromGroups(f);
  // The same order as rowsQuery: the sum, then the group key ascending. Split by players, each
  // slice answers its first offset + limit rows with its own count; the page is cut from them.
  const ranked = await bySlices(
    db,
    f,
    // The groups are kept once and counted there: a window count (COUNT(*) OVER ()) copied every
    // group into a buffer of its own before the sort. About a tenth faster on SQLite (game player
    // over a year: 190–215 → 174–193 ms, interleaved), the same on PostgreSQL.
    (fs) => sql`WITH g AS MATERIALIZED (
        SELECT ${sql.join(keys)}, SUM(${sql.ref(field)}) AS rank_value, CAST(SUM(${sql.ref(field)}) AS TEXT) AS rank_text
        FROM ${partRows(fs, p.sums, parts, [...p.dims, field])}
        GROUP BY ${sql.join(inReadOrder(f.dialect, p.sums, p.dims).map((c) => sql.ref(c)))})
      SELECT g.*, (SELECT COUNT(*) FROM g) AS total_rows${withCurrencyPlayers ? sql`, ${currencyPlayers(f.dialect, 'g')} AS currency_players` : sql``} FROM g
      ORDER BY rank_value ${dir}, ${sql.join(keys.map((k) => sql`${k} ASC`))}
      LIMIT ${sliced ? offset + limit : limit} OFFSET ${sliced ? 0 : offset}`,
  );
  const keyOf = (r: Record<string, unknown>) => p.dims.map((c) => toNumber(r[c])).join(',');
  let rows: Array<Record<string, unknown>>;
  let total: number | null;
  // A slice is asked from its first row, so one without rows has no groups and no players; a
  // page past the end of an unsliced ranking has no row to read the totals' bettors from.
  const currencyBettors = withCurrencyPlayers && (sliced || ranked[0]!.length > 0) ? readCurrencyPlayers(ranked) : null;
  if (sliced) {
    total = ranked.reduce((n, slice) => n + (slice.length ? toNumber(slice[0]!.total_rows) : 0), 0);
    const byRank = (a: Record<string, unknown>, b: Record<string, unknown>) => {
      const [x, y] = [BigInt(String(a.rank_text)), BigInt(String(b.rank_text))];
      if (x !== y) return (x < y) !== ascending ? 1 : -1;
      for (const c of p.dims) if (toNumber(a[c]) !== toNumber(b[c])) return toNumber(a[c]) - toNumber(b[c]);
      return 0;
    };
    rows = ranked.flat().sort(byRank).slice(offset, offset + limit);
  } else {
    rows = ranked[0]!;
    total = rows.length ? toNumber(rows[0]!.total_rows) : null;
  }
  if (rows.length === 0) return { rows: [], total, currencyBettors };
  // The page's groups in full: narrowed to their players, then picked by key in rank order.
  const players = [...new Set(rows.map((r) => toNumber(r.player_id)))];
  const { query } = rowsQuery(d, { ...f, playerIds: players }, { ...o, page: null });
  const full = new Map((await query.execute(db)).rows.map((r) => [keyOf(r), r]));
  return { rows: rows.map((r) => full.get(keyOf(r))!), total, currencyBettors };
}

/** The number of groups (rows) of a report, counted alone. */
async function countGroups(db: Kysely<DB>, p: Plan): Promise<number> {
  const r = await sql<{ n: unknown }>`SELECT COUNT(*) AS n FROM (${groupedQuery(p)}) g`.execute(db);
  return toNumber(r.rows[0]?.n);
}

/**
 * One page of rows and the number of rows. `everyGroup` (see countsEveryGroup) may still be being
 * counted: the rows are read meanwhile and it is awaited only to fill their bettor counts.
 * `currencyBettors`: the totals' distinct bettors per currency id, when the page's ranking
 * counted them (see rankingCountsBettors), else null.
 */
export async function queryRows(
  db: Kysely<DB>,
  d: ReportDef,
  f: ResolvedFilter,
  o: RowQueryOptions,
  everyGroup?: Promise<GroupBettors>,
): Promise<{ list: ReportRowRaw[]; total: number; currencyBettors: Map<number, number> | null }> {
  const p = plan(d, f);
  const ranked = await rankedPage(db, p, o);
  if (ranked) {
    // Per-player groups: one bettor each (groupedQuery's bettor_count). A page past the end
    // has no window count to read the total from.
    return { list: ranked.rows.map(rowFromSql), total: ranked.total ?? (await countGroups(db, p)), currencyBettors: ranked.currencyBettors };
  }
  const window = await periodWindow(db, p, o);
  const { query, bettorsJoined } = window ? rowsQuery(d, f, { ...o, page: window.page }, window.range) : rowsQuery(d, f, o);
  const { rows } = await query.execute(db);
  let total = window ? window.total : rows.length ? toNumber(rows[0]!.total_rows) : 0;
  if (!window && (p.direct || (rows.length === 0 && o.page && o.page.offset > 0))) total = await countGroups(db, p);
  const list = rows.map(rowFromSql);
  if (everyGroup && !bettorsJoined) {
    const bettors = (await everyGroup).byGroup;
    for (const r of list) r.bettor_count = bettors.get(p.dims.map((k) => (r as unknown as Record<string, number>)[k]).join(',')) ?? 0;
  } else if (!bettorsJoined) {
    await fillBettors(db, p, list);
  }
  return { list, total, currencyBettors: null };
}

/**
 * `col` among the page's values. On PostgreSQL as a table of values (`IN (VALUES …)`), which the
 * planner joins to the rows of the range: a plain list became `= ANY(array)` inside the primary
 * key scan (its columns follow the period's), and to avoid the repeated index scans that implies
 * the planner read the whole table in parallel instead. Statements alone, 11 runs, median: the
 * monthly currency page's bettors 67 → 43 ms, the game summary page's 85 → 51 (bench/README.md).
 */
function pageValues(dialect: Dialect, col: string, values: readonly number[]): RawBuilder<unknown> {
  if (dialect === 'postgres') return sql`${sql.ref(col)} IN (VALUES ${sql.join(values.map((v) => sql`(CAST(${v} AS bigint))`))})`;
  return sql`${sql.ref(col)} IN (${sql.join(values)})`;
}

/** Counts distinct bettors for the given rows only (a page), from a player-grain table. */
export async function fillBettors(db: Kysely<DB>, p: Plan, list: ReportRowRaw[]): Promise<void> {
  if (list.length === 0) return;
  const { d, f } = p;
  let from = f.from;
  let to = f.to;
  const extra: RawBuilder<unknown>[] = [];
  if (p.bucket) {
    // Narrow the time range to the buckets on the page.
    const buckets = list.map((r) => r.bucket!);
    [from, to] = bucketSpan(d, f, Math.min(...buckets), Math.max(...buckets));
  }
  for (const col of p.dims) {
    if (col === 'currency_id' && f.currencyId !== null) continue;
    const values = [...new Set(list.map((r) => (r as unknown as Record<string, number | null>)[col]).filter((v): v is number => v !== null))];
    if (values.length) extra.push(pageValues(f.dialect, col, values));
  }
  const keys = [...(p.bucket ? ['bucket'] : []), ...p.dims];
  const rows = await countsBySlices(db, f, keys, 'bettor_count', (fs) => bettorQuery({ ...p, f: fs }, from, to, extra));
  const keyOf = (r: Record<string, unknown>) => keys.map((k) => toNumber(r[k])).join(',');
  const counts = new Map(rows.map((r) => [keyOf(r), toNumber(r.bettor_count)]));
  for (const r of list) r.bettor_count = counts.get(keyOf(r as unknown as Record<string, unknown>)) ?? 0;
}

export interface SummaryRaw {
  currency_id: number;
  currency_code: string;
  bet_count: number;
  win_count: number;
  bettor_count: number;
  bet_amount: string;
  valid_bet_amount: string;
  payout_amount: string;
  tax_amount: string;
  bonus_amount: string;
  jackpot_contribution: string;
  new_player_count: number;
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
    new_player_count: toNumber(r.new_player_count ?? 0),
  }));
}

// ---------------------------------------------------------------------------------------------
// The bet-record list (player betting): raw bets, newest first.

const BETTING_SORT: Record<string, RawBuilder<unknown>> = {
  settle_time: sql`b.settle_time`,
  bet_time: sql`b.bet_time`,
  bet_amount: sql`b.bet_amount`,
  valid_bet_amount: sql`b.valid_bet_amount`,
  payout_amount: sql`b.payout_amount`,
  tax_amount: sql`b.tax_amount`,
  bonus_amount: sql`b.bonus_amount`,
  jackpot_contribution: sql`b.jackpot_contribution`,
  player_win_loss: sql`(b.payout_amount - b.bet_amount - b.tax_amount + b.bonus_amount)`,
};
export const bettingSortable = (field: string) => field in BETTING_SORT;

export function bettingQuery(f: ResolvedFilter, o: RowQueryOptions): RawBuilder<Record<string, unknown>> {
  const conds: RawBuilder<unknown>[] = [sql`b.settle_time >= ${f.from * HH_MS}`, sql`b.settle_time < ${f.to * HH_MS}`];
  if (f.currencyId !== null) conds.push(sql`b.currency_id = ${f.currencyId}`);
  if (f.agentIds) conds.push(sql`b.agent_id IN (${sql.join(f.agentIds)})`);
  if (f.gameId !== null) conds.push(sql`b.game_id = ${f.gameId}`);
  if (f.platformId !== null) conds.push(sql`b.platform_id = ${f.platformId}`);
  if (f.playerIds) {
    conds.push(sql`b.player_id IN (${sql.join(f.playerIds)})`);
    const days = playerDaysCondition(f.dialect, 'b.settle_time', f.from * HH_MS, f.to * HH_MS);
    if (days) conds.push(days);
  }
  const dir = o.sortOrder === 'asc' ? sql`ASC` : sql`DESC`;
  const sortBy = o.sortField && BETTING_SORT[o.sortField] ? BETTING_SORT[o.sortField]! : BETTING_SORT.settle_time!;
  const paging = o.page ? sql` LIMIT ${o.page.limit} OFFSET ${o.page.offset}` : sql``;
  const amounts = ['bet_amount', 'valid_bet_amount', 'payout_amount', 'tax_amount', 'bonus_amount', 'jackpot_contribution'].map(
    (c) => sql`CAST(b.${sql.ref(c)} AS TEXT) AS ${sql.ref(c)}`,
  );
  return sql<Record<string, unknown>>`SELECT b.id, b.bet_id, b.round_id, b.player_id, b.agent_id, b.game_id, b.platform_id, b.currency_id,
      ${sql.join(amounts)}, b.bet_time, b.settle_time, b.device,
      p.account AS player_account, a.code AS agent_code, a.name AS agent_name, gm.code AS game_code,
      ${o.lang === 'en' ? sql`gm.name_en` : sql`gm.name_zh`} AS game_name, pf.code AS platform_code, c.code AS currency_code
    FROM bet b
    LEFT JOIN player p ON p.id = b.player_id
    LEFT JOIN agent a ON a.id = b.agent_id
    LEFT JOIN game gm ON gm.id = b.game_id
    LEFT JOIN platform pf ON pf.id = b.platform_id
    LEFT JOIN currency c ON c.id = b.currency_id
    WHERE ${and(conds)}
    ORDER BY ${sortBy} ${dir}, b.id ${dir}${paging}`;
}

export async function queryBetting(db: Kysely<DB>, f: ResolvedFilter, o: RowQueryOptions) {
  const { rows } = await bettingQuery(f, o).execute(db);
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Filter resolution.

/** Which of the filter's game, platform and currency ids (0: not filtered) name nothing stored. */
export async function unknownFilterIds(db: Kysely<DB>, ids: { game_id: number; platform_id: number; currency_id: number }) {
  const exists = async (table: 'game' | 'platform' | 'currency', id: number) =>
    id <= 0 || (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  const [game, platform, currency] = await Promise.all([exists('game', ids.game_id), exists('platform', ids.platform_id), exists('currency', ids.currency_id)]);
  return (['game_id', 'platform_id', 'currency_id'] as const).filter((_, i) => ![game, platform, currency][i]);
}

export async function playersByAccount(db: Kysely<DB>, account: string, agentIds: number[] | null): Promise<number[]> {
  let q = db.selectFrom('player').select('id').where('account', '=', account);
  if (agentIds) q = q.where('agent_id', 'in', agentIds);
  return (await q.execute()).map((r) => toNumber(r.id));
}
