import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from '../../../db/database.ts';
import type { DB } from '../../../db/schema.ts';
import { isMoneySumOverflow, toNumber } from '../../../db/sql.ts';
import { HH_PER_DAY, isLongDaySegment, localDayZone, localMonths, LONG_SEGMENT_HH, offsetHh, periodStarts } from '../../../lib/periods.ts';
import {
  and,
  bettorQuery,
  bettorSource,
  bucketExpr,
  currencyPlayers,
  filterConditions,
  filterNeeds,
  groupedQuery,
  groupKeys,
  inReadOrder,
  int,
  KEY_ORDER,
  namedPeriods,
  newPlayerRows,
  partRows,
  partsFor,
  type Plan,
  plan,
  PLAYER_GRAIN,
  readCurrencyPlayers,
  type ReportDef,
  type ResolvedFilter,
  sourceTable,
  SUM_COLUMNS,
} from './plan.ts';
import { type ReportRowRaw, rowFromSql, type RowQueryOptions, rowsQuery } from './rows.ts';
import { bySlices, countsBySlices, slicesOf, sumCounts } from './slices.ts';

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
const totalsFromGroups = (f: ResolvedFilter) => f.dialect === 'sqlite' || slicesOf(f) !== null;

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
 *   PostgreSQL). Not for games over every agent: a page holds a fraction of their groups, and
 *   counting every game's bettors made the game summary slower;
 * - the game summary under an agent filter (agentRowsRead).
 *
 * Sorted by the bettors, the page joins them itself.
 */
export function countsEveryGroup(d: ReportDef, f: ResolvedFilter, o: RowQueryOptions): boolean {
  const wholeRange = o.page !== null && o.sortField !== 'bettor_count' && d.period === 'none' && d.dims.length > 0 && !PLAYER_GRAIN.has(plan(d, f).sums);
  const fewOnFirstPage = wholeRange && d.dims.every((x) => x === 'platform');
  return groupsSplitPlayers(d, f) || fewOnFirstPage || (wholeRange && agentRowsRead(d, f));
}

/**
 * Under an agent filter (an agent user's sub-tree, or an operator's pick), the game summary: the
 * page's count reads the agent's rows of the range whatever games the page names, and the page
 * holds most of an agent's games. Counting every game's bettors then reads what the page's count
 * reads, and one count serves the totals too, instead of a second read of the agent's players (an
 * agent user's game summary over a year, interleaved, p50: PostgreSQL 102–114 → 77–80 ms, SQLite
 * 35–42 → 27–31; bench/README.md).
 */
function agentRowsRead(d: ReportDef, f: ResolvedFilter): boolean {
  return f.agentIds !== null && d.dims.every((x) => x === 'game');
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
  const keys = (rows: RawBuilder<unknown>) => sql`SELECT DISTINCT ${p.bucket} AS bucket, ${sql.join(inReadOrder(f.dialect, p.sums, groupKeys(p.dims)).map((c) => sql.ref(c)))} FROM ${rows}`;
  const withNewPlayers = d.newPlayers && p.newPlayerRows;
  // Groups of one player each are counted per player slice and added up.
  const sliceable = PLAYER_GRAIN.has(p.sums) && p.dims.includes('player_id') && !withNewPlayers;
  // The daily player report's groups: over every player, kept per local day by the ingest
  // (keptGroupsPerLocalDay); under a filter, counted from the player's day-segment rows, on SQLite
  // by looking up each half-hour row in its day's 22-hour segment (groupsPerLocalDay). Per game
  // or agent nearly every half-hour row has a 22-hour row, and looking each up cost more than
  // de-duplicating them (game daily's count on PostgreSQL: about 110 → 165 ms). PostgreSQL
  // de-duplicates a filter's fraction of the rows in one scan (ADR 0020 measured the lookup form
  // slower there: an agent user's year, CN01-SH, 73–90 ms p50 one way, 89–100 the other).
  const rowPerPlayerDay = sliceable && d.period === 'day' && sameColumns(KEY_ORDER[p.sums], p.dims);
  const kept = rowPerPlayerDay ? keptGroupsPerLocalDay(f) : null;
  const rows = kept
    ? (await kept.execute(db)).rows
    : await countsBySlices(db, sliceable ? f : { ...f, playerSlices: null }, ['bucket'], 'n', (fs) => {
        if (rowPerPlayerDay && f.dialect === 'sqlite') return groupsPerLocalDay({ ...p, f: fs });
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
 * The daily player report's groups of each local day over every player, as the ingest keeps them
 * in player_day_count (migration 0023, ADR 0022): one row per day, however many players bet.
 * Counting them from the players' day-segment rows read about 290,000 rows over a year of 10 M
 * bets, most of the report's time. Null under a filter (the counts are of every player), or for a
 * range that is not whole local days of one of the report timezones.
 */
function keptGroupsPerLocalDay(f: ResolvedFilter) {
  const zone = localDayZone(f.offsetMinutes);
  const off = offsetHh(f.offsetMinutes);
  const filtered = f.currencyId !== null || f.agentIds !== null || f.playerIds !== null || f.gameId !== null || f.platformId !== null;
  if (filtered || zone === null || (f.from + off) % HH_PER_DAY !== 0 || (f.to + off) % HH_PER_DAY !== 0) return null;
  return sql<{ bucket: unknown; n: unknown }>`SELECT day AS bucket, n FROM player_day_count
    WHERE zone = ${int(zone)} AND day >= ${int((f.from + off) / HH_PER_DAY)} AND day < ${int((f.to + off) / HH_PER_DAY)} AND n <> 0`;
}

/**
 * SQLite: the groups of each local day under a filter, counted from a table whose key is the
 * report's group (the daily player report read from agg_player): one row per group and day
 * segment. A local day of every report timezone is one 22-hour segment and four half-hour
 * segments (lib/periods.ts), and each row of the 22-hour segment is a group of its own. So a
 * day's groups are its 22-hour rows and the keys of its half-hour rows that have no 22-hour row,
 * each half-hour row looked up by the primary key, and only those few rows (about 15 % of a
 * year's) are de-duplicated.
 */
function groupsPerLocalDay(p: Plan): RawBuilder<unknown> {
  const { f, sums: source } = p;
  const periods = periodStarts(1, f.from, f.to);
  const table = sourceTable(f, source);
  const rowsIn = (list: number[], alias: string) => sql`${table} ${sql.raw(alias)} WHERE ${and([namedPeriods(sql.ref('lvl'), [{ level: 1, periods: list }]), ...filterConditions(source, f)])}`;
  const longs = periods.filter(isLongDaySegment);
  const halves = periods.filter((x) => !isLongDaySegment(x));
  const keys = KEY_ORDER[source];
  const halfBucket = bucketExpr(p.d, f, sql`s.period`);
  const halfDayKey = sql`${halfBucket} AS bucket, ${sql.join(keys.map((k) => sql`s.${sql.ref(k)}`))}`;
  const sameKey = keys.map((k) => sql`l.${sql.ref(k)} = s.${sql.ref(k)}`);
  const longOfDay = sql`(${halfBucket} - 1) * ${int(HH_PER_DAY)} + ${int(LONG_SEGMENT_HH)}`;
  return sql`SELECT ${p.bucket} AS bucket, COUNT(*) AS n FROM ${rowsIn(longs, 'l')} GROUP BY period
    UNION ALL
    SELECT bucket, COUNT(*) AS n FROM (
      SELECT DISTINCT ${halfDayKey}
      FROM ${rowsIn(halves, 's')} AND NOT EXISTS (
        SELECT 1 FROM ${table} l WHERE ${and([sql`l.lvl = ${int(1)}`, sql`l.period = ${longOfDay}`, ...sameKey])})
    ) k GROUP BY bucket`;
}

/**
 * PostgreSQL: a group's sum as a bigint (migration 0024), for ranking the per-player groups.
 * PostgreSQL's SUM(bigint) keeps a 128-bit state per group and answers a numeric; ranking a year's
 * player-and-game groups spent about an eighth of each part's statement on that. A bigint is what
 * SQLite's SUM answers over integers; past its range the sum is an error, never a wrong figure,
 * and the ranking sums again with SUM (isMoneySumOverflow: SQLSTATE 22003). ADR 0023.
 */
const bigintSum = (col: RawBuilder<unknown>) => sql`sum_bigint(${col})`;

/** SUM, PostgreSQL's numeric one: where sum_bigint cannot answer. */
const plainSum = (col: RawBuilder<unknown>) => sql`SUM(${col})`;

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
  const rank = groupKeys(p.dims);
  const keys = rank.map((c) => sql.ref(c));
  const { limit, offset } = o.page;
  const sliced = slicesOf(f) !== null;
  const withCurrencyPlayers = totalsFromGroups(f);
  // The same order as rowsQuery: the sum, then the group key ascending. Split by players, each
  // slice answers its first offset + limit rows with its own count; the page is cut from them.
  const rankBy = (sum: (col: RawBuilder<unknown>) => RawBuilder<unknown>) =>
    bySlices(
      db,
      f,
      // The groups are kept once and counted there: a window count (COUNT(*) OVER ()) copied every
      // group into a buffer of its own before the sort. About a tenth faster on SQLite (game player
      // over a year: 190–215 → 174–193 ms, interleaved), the same on PostgreSQL.
      // The slices' rows are merged by the exact sum: SQLite answers an integer sum as a JavaScript
      // number, so it is also read as text there; PostgreSQL's is read as text already (a text copy
      // of every group's sum cost its ranking a tenth).
      (fs) => sql`WITH g AS MATERIALIZED (
          SELECT ${sql.join(keys)}, ${sum(sql.ref(field))} AS rank_value${f.dialect === 'sqlite' ? sql`, CAST(SUM(${sql.ref(field)}) AS TEXT) AS rank_text` : sql``}
          FROM ${partRows(fs, p.sums, parts, [...rank, field])}
          GROUP BY ${sql.join(inReadOrder(f.dialect, p.sums, rank).map((c) => sql.ref(c)))})
        SELECT g.*, (SELECT COUNT(*) FROM g) AS total_rows${withCurrencyPlayers ? sql`, ${currencyPlayers(f.dialect, 'g')} AS currency_players` : sql``} FROM g
        ORDER BY rank_value ${dir}, ${sql.join(keys.map((k) => sql`${k} ASC`))}
        LIMIT ${sliced ? offset + limit : limit} OFFSET ${sliced ? 0 : offset}`,
    );
  const ranked = await rankBy(f.dialect === 'postgres' ? bigintSum : plainSum).catch((err: unknown) => {
    // A sum past the bigint range: ranked again by PostgreSQL's numeric SUM (see bigintSum).
    if (f.dialect === 'postgres' && isMoneySumOverflow(f.dialect, err)) return rankBy(plainSum);
    throw err;
  });
  const keyOf = (r: Record<string, unknown>) => rank.map((c) => toNumber(r[c])).join(',');
  let rows: Array<Record<string, unknown>>;
  let total: number | null;
  // A slice is asked from its first row, so one without rows has no groups and no players; a
  // page past the end of an unsliced ranking has no row to read the totals' bettors from.
  const currencyBettors = withCurrencyPlayers && (sliced || ranked[0]!.length > 0) ? readCurrencyPlayers(ranked) : null;
  if (sliced) {
    total = ranked.reduce((n, slice) => n + (slice.length ? toNumber(slice[0]!.total_rows) : 0), 0);
    const byRank = (a: Record<string, unknown>, b: Record<string, unknown>) => {
      const [x, y] = [BigInt(String(a.rank_text ?? a.rank_value)), BigInt(String(b.rank_text ?? b.rank_value))];
      if (x !== y) return (x < y) !== ascending ? 1 : -1;
      for (const c of rank) if (toNumber(a[c]) !== toNumber(b[c])) return toNumber(a[c]) - toNumber(b[c]);
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
