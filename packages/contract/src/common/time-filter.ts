import { z } from 'zod';
import { DEFAULT_TIME_ZONE_ID, TIMEZONES, timezoneOffsetMinutes } from '../timezones.ts';

/** The timezone a request's dates and times are read and answered in (docs/product.md, "Timezones"): 1–5, default 1. */
export const timeZoneIdSchema = z.coerce.number().int().min(1).max(TIMEZONES.length).default(DEFAULT_TIME_ZONE_ID);

/** A wall-clock time as the console shows it, "YYYY-MM-DD HH:mm:ss". */
export const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Epoch milliseconds of a wall-clock time read as UTC, or NaN when it is not one that exists (2026-02-30, 24:00:00). */
function wallMs(text: string): number {
  const m = LOCAL_DATE_TIME.exec(text);
  if (!m) return Number.NaN;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const at = new Date(0);
  at.setUTCFullYear(y, mo - 1, d);
  at.setUTCHours(h, mi, s, 0);
  const same = at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d && at.getUTCHours() === h && at.getUTCMinutes() === mi;
  return same && s < 60 ? at.getTime() : Number.NaN;
}

/** A wall-clock time "YYYY-MM-DD HH:mm:ss" that exists, local to the request's `time_zone_id`. */
export const localDateTimeSchema = z.string().refine((s) => Number.isFinite(wallMs(s)), { message: 'datetime' });

/**
 * One end of a time range: an ISO-8601 instant with its zone ("2026-03-01T00:00:00+08:00"), or a
 * wall-clock time "YYYY-MM-DD HH:mm:ss" read in the request's `time_zone_id`.
 */
export const timeBoundSchema = z.union([z.iso.datetime({ offset: true }), localDateTimeSchema], { message: 'time_bound' });

/**
 * The instant (epoch ms) of a range's end as the time lists read it: an ISO instant exactly as
 * given; a wall-clock time in the zone of `timeZoneId`, and as an upper bound (`end`) its whole
 * second, so that "23:59:59" takes in 23:59:59.999.
 */
export function timeBoundMs(bound: string, timeZoneId: number, end: boolean): number {
  const wall = wallMs(bound);
  if (Number.isFinite(wall)) return wall - timezoneOffsetMinutes(timeZoneId) * 60_000 + (end ? 999 : 0);
  return Date.parse(bound);
}

/** Whether a bound is a wall-clock time (read in the request's timezone) rather than an instant with its own zone. */
export const isLocalDateTime = (bound: string) => LOCAL_DATE_TIME.test(bound);

/** An instant (epoch ms) as wall-clock time at `offsetMinutes` from UTC: "2026-11-27 08:01:44". */
export const localDateTimeText = (ms: number, offsetMinutes: number) => new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');
