/**
 * Time partitions of the aggregate tables. Every period is identified by its first half-hour
 * ("hh": epoch milliseconds / 1,800,000, UTC), so all levels share one number line and a range
 * query on any level is a range on `period`.
 *
 * The five report timezones (+8:00 … +10:00) start their local days at 16:00, 15:30, 15:00,
 * 14:30 and 14:00 UTC. Cutting each UTC day at those five instants gives partitions in which
 * every local day, hour and month of every timezone is a whole number of parts:
 *
 *   level 0  half-hours.
 *   level 1  day segments: a 22-hour part [16:00, next day 14:00) and four half-hours
 *            14:00, 14:30, 15:00, 15:30. A local day of any timezone is exactly five of them.
 *   level 2  month segments: [16:00 UTC of the last day of the previous month, 14:00 UTC of the
 *            last day of this month) and the four half-hours 14:00–16:00 of that last day.
 *
 * So one row set serves all five timezones (instead of one per timezone) and a bet touches one
 * row per level.
 */

export const HH_MS = 1_800_000;
export const HH_PER_DAY = 48;
/** Offsets in half-hours of the five timezones (8:00 … 10:00 = 16 … 20). */
const SMALL_FROM = 28; // 14:00 UTC
const SMALL_TO = 32; // 16:00 UTC

export const hhOf = (epochMs: number) => Math.floor(epochMs / HH_MS);

/** Start (hh) of the level-1 day segment containing hh. */
export function daySegmentOf(hh: number): number {
  const dayStart = Math.floor(hh / HH_PER_DAY) * HH_PER_DAY;
  const h = hh - dayStart;
  if (h < SMALL_FROM) return dayStart - HH_PER_DAY + SMALL_TO;
  if (h < SMALL_TO) return hh;
  return dayStart + SMALL_TO;
}

/**
 * Epoch day of a UTC calendar date (month from 0; overflowing months and days roll over).
 * Date.UTC would read the years 0–99 as 1900–1999; a report may be asked for any year.
 */
function utcDay(year: number, month0: number, day: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month0, day);
  return d.getTime() / 86_400_000;
}

/** Epoch day (days since 1970-01-01 UTC) of the first day of the month containing epoch day d. */
function monthStartDay(epochDay: number): number {
  const dt = new Date(epochDay * 86_400_000);
  return utcDay(dt.getUTCFullYear(), dt.getUTCMonth(), 1);
}
function nextMonthStartDay(epochDay: number): number {
  const dt = new Date(epochDay * 86_400_000);
  return utcDay(dt.getUTCFullYear(), dt.getUTCMonth() + 1, 1);
}

/** [first day of the month, first day of the next month] per epoch day: calendar math is the costly part. */
const monthOfDay = new Map<number, [number, number]>();
function monthDays(day: number): [number, number] {
  let m = monthOfDay.get(day);
  if (!m) {
    if (monthOfDay.size > 10_000) monthOfDay.clear();
    m = [monthStartDay(day), nextMonthStartDay(day)];
    monthOfDay.set(day, m);
  }
  return m;
}

/** Start (hh) of the level-2 month segment containing hh. */
export function monthSegmentOf(hh: number): number {
  const day = Math.floor(hh / HH_PER_DAY);
  const h = hh - day * HH_PER_DAY;
  const [start, next] = monthDays(day);
  if (day === next - 1) {
    // The last UTC day of a month: 14:00–16:00 are the four small parts, from 16:00 on it is the
    // next month's big part.
    if (h >= SMALL_TO) return next * HH_PER_DAY - (HH_PER_DAY - SMALL_TO);
    if (h >= SMALL_FROM) return hh;
  }
  return start * HH_PER_DAY - (HH_PER_DAY - SMALL_TO);
}

/** The level-2 boundaries (period starts) in [from, to], ascending. */
function monthBoundaries(from: number, to: number): number[] {
  const out: number[] = [];
  let day = monthStartDay(Math.floor(from / HH_PER_DAY) - 1);
  for (;;) {
    const big = day * HH_PER_DAY - (HH_PER_DAY - SMALL_TO);
    const next = nextMonthStartDay(day);
    const lastDay = next - 1;
    const smalls = [0, 1, 2, 3].map((i) => lastDay * HH_PER_DAY + SMALL_FROM + i);
    for (const b of [big, ...smalls]) if (b >= from && b <= to) out.push(b);
    if (big > to) break;
    day = next;
  }
  return out;
}

export interface PeriodRange {
  level: 0 | 1 | 2;
  /** Inclusive start (hh). */
  from: number;
  /** Exclusive end (hh). */
  to: number;
}

/**
 * The fewest rows that exactly cover [from, to) (both on day-segment boundaries): whole month
 * segments (level 2) in the middle and day segments (level 1) at the edges.
 */
export function coverRange(from: number, to: number): PeriodRange[] {
  if (to <= from) return [];
  const b = monthBoundaries(from, to);
  const first = b[0];
  const last = b[b.length - 1];
  if (first === undefined || last === undefined || last <= first) return [{ level: 1, from, to }];
  const out: PeriodRange[] = [];
  if (from < first) out.push({ level: 1, from, to: first });
  out.push({ level: 2, from: first, to: last });
  if (last < to) out.push({ level: 1, from: last, to });
  return out;
}

/**
 * Every period start of a level in [from, to): each half-hour (level 0), each day-segment start
 * (level 1: 14:00, 14:30, 15:00, 15:30 and 16:00 UTC of each day) or each month-segment start
 * (level 2). A read narrowed to a few players names these periods one by one, so that the
 * (level, period, player) primary key finds each player's rows directly.
 */
export function periodStarts(level: 0 | 1 | 2, from: number, to: number): number[] {
  if (to <= from) return [];
  if (level === 2) return monthBoundaries(from, to).filter((b) => b < to);
  const out: number[] = [];
  for (let hh = from; hh < to; hh++) {
    const h = hh - Math.floor(hh / HH_PER_DAY) * HH_PER_DAY;
    if (level === 0 || (h >= SMALL_FROM && h <= SMALL_TO)) out.push(hh);
  }
  return out;
}

/**
 * The half-hour of its UTC day at which a day's 22-hour level-1 segment starts (16:00). Each local
 * day of the five timezones starts between 14:00 and 16:00 UTC of the UTC day before and ends
 * between 14:00 and 16:00 of its own, so local day d holds the one that starts at
 * (d - 1) * HH_PER_DAY + LONG_SEGMENT_HH, and four half-hour segments.
 */
export const LONG_SEGMENT_HH = SMALL_TO;

/** Whether a level-1 period is a day's 22-hour segment, [16:00, next day 14:00) UTC. */
export const isLongDaySegment = (period: number) => period - Math.floor(period / HH_PER_DAY) * HH_PER_DAY === LONG_SEGMENT_HH;

/**
 * Which of a player's day segments fall on local day d, per timezone (player_day_mask, ADR 0022). A
 * player_day_mask row of day d marks, one bit each, the day segments the player bet in around it:
 *
 *   bit 0      the 22-hour segment of day d, which lies in local day d of every timezone;
 *   bits 1–4   the half-hours 14:00 … 15:30 UTC before it (the UTC day d − 1);
 *   bits 5–8   the half-hours 14:00 … 15:30 UTC after it (the UTC day d).
 *
 * So a half-hour segment sets a bit in two rows: its UTC day's (after) and the next day's (before).
 * Local day d of the timezone k half-hours east of +8:00 (k = 0 … 4) holds the last k half-hours
 * before the 22-hour segment and the first 4 − k after it; the player bet on that local day when
 * its row's mask has a bit of LOCAL_DAY_MASKS[k].
 */
export const LOCAL_DAY_MASKS: readonly number[] = [0, 1, 2, 3, 4].map((k) => {
  let m = 1;
  for (let j = 4 - k; j < 4; j++) m |= 2 << j;
  for (let j = 0; j < 4 - k; j++) m |= 32 << j;
  return m;
});

/** The timezone index of LOCAL_DAY_MASKS (0 … 4) of an offset in minutes, or null for any other offset. */
export function localDayZone(offsetMinutes: number): number | null {
  // +8:00, whose day starts at SMALL_TO, is zone 0.
  const k = offsetHh(offsetMinutes) - (HH_PER_DAY - SMALL_TO);
  return Number.isInteger(k) && k >= 0 && k < LOCAL_DAY_MASKS.length ? k : null;
}

/**
 * The player_day_mask rows and bits a level-1 segment sets, written into `out` as day, bit pairs
 * (one for the 22-hour segment, two for a half-hour one); answers how many. Nothing is allocated:
 * the ingest calls it for every bet.
 */
export function playerDayBits(daySegment: number, out: number[]): 1 | 2 {
  const utcDay = Math.floor(daySegment / HH_PER_DAY);
  const h = daySegment - utcDay * HH_PER_DAY;
  if (h === SMALL_TO) {
    out[0] = utcDay + 1;
    out[1] = 1;
    return 1;
  }
  const j = h - SMALL_FROM;
  out[0] = utcDay;
  out[1] = 32 << j;
  out[2] = utcDay + 1;
  out[3] = 2 << j;
  return 2;
}

/** Offset of a timezone in half-hours (480 minutes -> 16). */
export const offsetHh = (offsetMinutes: number) => offsetMinutes / 30;

/** Epoch day of a YYYY-MM-DD date. */
export function epochDayOf(date: string): number {
  return utcDay(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

/** [from, to) in hh of the local dates start..end (inclusive) in a timezone. */
export function localRangeHh(startDate: string, endDate: string, offsetMinutes: number): { from: number; to: number } {
  const off = offsetHh(offsetMinutes);
  return { from: epochDayOf(startDate) * HH_PER_DAY - off, to: (epochDayOf(endDate) + 1) * HH_PER_DAY - off };
}

export const formatDay = (localDay: number) => new Date(localDay * 86_400_000).toISOString().slice(0, 10);
export const formatHour = (localHour: number) => `${new Date(localHour * 3_600_000).toISOString().slice(0, 13).replace('T', ' ')}:00`;
/** Month index = year * 12 + month0. */
export const formatMonth = (monthIndex: number) => `${Math.floor(monthIndex / 12)}-${String((monthIndex % 12) + 1).padStart(2, '0')}`;

/** "YYYY-MM" of a month index, the year always of four digits (what request months and the share-rate history hold). */
export const monthText = (index: number) => `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;

/** The month index (year * 12 + month0) of "YYYY-MM". */
export const monthIndexOf = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

/** The local month index of an instant (epoch milliseconds) in a timezone. */
export function localMonthIndex(epochMs: number, offsetMinutes: number): number {
  const d = new Date(epochMs + offsetMinutes * 60_000);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

/** The first local day ("YYYY-MM-DD") of a month index, and the last. */
export function monthDates(index: number): [first: string, last: string] {
  const year = Math.floor(index / 12);
  const month0 = index - year * 12;
  const first = utcDay(year, month0, 1);
  const last = utcDay(year, month0 + 1, 0);
  const text = (day: number) => {
    const d = new Date(day * 86_400_000);
    return `${String(d.getUTCFullYear()).padStart(4, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
  };
  return [text(first), text(last)];
}

/**
 * The local months touched by [from, to) in a timezone, each with its hh boundaries: the month
 * of a row is found by comparing its period start with these boundaries.
 */
export function localMonths(from: number, to: number, offsetMinutes: number): Array<{ index: number; from: number; to: number }> {
  const off = offsetHh(offsetMinutes);
  const out: Array<{ index: number; from: number; to: number }> = [];
  const startDay = Math.floor((from + off) / HH_PER_DAY);
  let d = new Date(startDay * 86_400_000);
  let y = d.getUTCFullYear();
  let m = d.getUTCMonth();
  for (;;) {
    const mFrom = utcDay(y, m, 1) * HH_PER_DAY - off;
    const mTo = utcDay(y, m + 1, 1) * HH_PER_DAY - off;
    if (mFrom >= to) break;
    out.push({ index: y * 12 + m, from: Math.max(mFrom, from), to: Math.min(mTo, to) });
    d = new Date(utcDay(y, m + 1, 1) * 86_400_000);
    y = d.getUTCFullYear();
    m = d.getUTCMonth();
  }
  return out;
}
