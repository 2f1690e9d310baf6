import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from '../../../db/database.ts';
import { PLAYER_AGGREGATE_PARTITIONS } from '../../../db/player-partitions.ts';
import type { DB } from '../../../db/schema.ts';
import { toNumber } from '../../../db/sql.ts';
import type { PlayerSlice, ResolvedFilter } from './plan.ts';

/**
 * `parts` ranges of player ids that hold about as many player-grain rows each. The first and last
 * are open-ended, so a player created while the report runs still falls in one.
 *
 * On PostgreSQL the slices are the hash parts of the player-grain tables (migration 0022), which
 * split the players evenly by themselves: each slice's statement reads only its part's table. With
 * the parts as slices, a year's game player ranking over 10 M bets took 56 ms as four statements
 * side by side, against 80 ms as one statement aggregating the parts on parallel workers and 130
 * ms over one table (bench/README.md); an id range of the whole table read every row of the
 * range once per slice.
 */
export async function playerSlices(db: Kysely<DB>, dialect: Dialect, parts: number): Promise<PlayerSlice[] | null> {
  if (dialect === 'postgres') return Array.from({ length: PLAYER_AGGREGATE_PARTITIONS }, (_, part) => ({ lo: null, hi: null, part }));
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
export const slicesOf = (f: ResolvedFilter) => (f.playerIds === null ? f.playerSlices : null);

/**
 * The rows of one statement over player-grain rows, made once per player slice and run side by
 * side (see ResolvedFilter.playerSlices): `build` is given the filter of each slice in turn (the
 * whole filter when there are none). The caller combines the slices' rows.
 */
export async function bySlices(db: Kysely<DB>, f: ResolvedFilter, build: (f: ResolvedFilter) => RawBuilder<unknown>): Promise<Array<Array<Record<string, unknown>>>> {
  const slices = slicesOf(f);
  if (!slices) return [(await build(f).execute(db)).rows as Array<Record<string, unknown>>];
  return Promise.all(slices.map(async (slice) => (await build({ ...f, slice }).execute(db)).rows as Array<Record<string, unknown>>));
}

/** `bySlices` for a statement of counts per key: the keys' counts summed over the slices. */
export async function countsBySlices(db: Kysely<DB>, f: ResolvedFilter, keys: readonly string[], count: string, build: (f: ResolvedFilter) => RawBuilder<unknown>) {
  return sumCounts(await bySlices(db, f, build), keys, count);
}

/** The `count` of each distinct `keys` over every slice's rows, one row per key (its first row's other columns). */
export function sumCounts(slices: ReadonlyArray<ReadonlyArray<Record<string, unknown>>>, keys: readonly string[], count: string) {
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
