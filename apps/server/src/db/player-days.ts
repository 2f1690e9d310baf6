import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from './database.ts';

export const DAY_MS = 86_400_000;

/**
 * The UTC day number of an instant as SQL writes it, `time / 86400000` (integer division
 * truncates). `+ 0` turns the -0 of the last day before 1970 into the 0 SQL gives.
 */
export const utcDayOf = (epochMs: number) => Math.trunc(epochMs / DAY_MS) + 0;

/** The instants (inclusive epoch ms) whose utcDayOf is `day`: day 0 spans both sides of 1970, since division truncates. */
export function instantsOfUtcDay(day: number): { from: number; to: number } {
  if (day > 0) return { from: day * DAY_MS, to: (day + 1) * DAY_MS - 1 };
  if (day === 0) return { from: -DAY_MS + 1, to: DAY_MS - 1 };
  return { from: (day - 1) * DAY_MS + 1, to: day * DAY_MS };
}

/**
 * On SQLite the by-player indexes of bet and ledger_entry lead with the UTC day of the row's time,
 * `(time / 86400000)` (migration 0008). A query narrowed to players adds the condition below,
 * naming each day of its time range, so that SQLite looks each player up day by day through that
 * index. Null on PostgreSQL, whose (player_id, time) indexes need nothing more.
 *
 * `column` is a fixed column reference of the caller ("b.settle_time", "ledger_entry.time"); the
 * days are our own integers, written into the text so that the expression matches the index.
 * [fromMs, toMs) is the time range (epoch milliseconds).
 */
export function playerDaysCondition(dialect: Dialect, column: 'b.settle_time' | 'ledger_entry.time', fromMs: number, toMs: number): RawBuilder<unknown> | null {
  if (dialect !== 'sqlite') return null;
  const days = utcDaysOf(fromMs, toMs);
  return days.length ? sql.raw(`(${column} / ${DAY_MS}) IN (${days.join(', ')})`) : sql`1 = 0`;
}

/** The day numbers `time / 86400000` (SQL integer division: truncated) of every instant in [fromMs, toMs). */
export function utcDaysOf(fromMs: number, toMs: number): number[] {
  const days: number[] = [];
  for (let d = utcDayOf(fromMs); fromMs < toMs && d <= utcDayOf(toMs - 1); d++) days.push(d);
  return days;
}
