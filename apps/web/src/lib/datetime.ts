import { DEFAULT_TIME_ZONE_ID, isLocalDateTime, TIMEZONES } from '@console/contract';

/**
 * The one date-time format of the console: every time on every screen is shown in the operator's
 * chosen timezone (the persisted timezone of the reports, docs/product.md "Timezones"), as
 * `YYYY-MM-DD HH:mm:ss` (or to the minute, or the date alone), whatever the browser's own zone and
 * language. One zone everywhere means a ledger line, a report row and the dashboard's "today" never
 * disagree about which day a moment belongs to.
 */
export type DateTimePrecision = 'second' | 'minute' | 'date';

const LENGTH: Record<DateTimePrecision, number> = { second: 19, minute: 16, date: 10 };

/** The offset of a timezone id in minutes (an unknown id counts as the default zone). */
export function offsetOf(timeZoneId: number): number {
  return (TIMEZONES.find((t) => t.id === timeZoneId) ?? TIMEZONES.find((t) => t.id === DEFAULT_TIME_ZONE_ID)!).offsetMinutes;
}

/** The label of a timezone id ("GMT+8:00"). */
export function zoneLabel(timeZoneId: number): string {
  return (TIMEZONES.find((t) => t.id === timeZoneId) ?? TIMEZONES[0]).label;
}

/**
 * A moment (an ISO string with its offset, a Date or epoch milliseconds) as wall-clock time at
 * `offsetMinutes` from UTC: "2026-11-27 08:01:44". Empty or unreadable input gives "".
 */
export function formatDateTime(value: string | number | Date | null | undefined, offsetMinutes: number, precision: DateTimePrecision = 'second'): string {
  if (value === null || value === undefined || value === '') return '';
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms)) return '';
  return new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, LENGTH[precision]).replace('T', ' ');
}

/** The calendar day of a moment at `offsetMinutes` from UTC ("2026-11-27"): what "today" is in the chosen zone. */
export const dayAt = (value: string | number | Date, offsetMinutes: number): string => formatDateTime(value, offsetMinutes, 'date');

/**
 * A wall-clock time picked in the chosen timezone ("2026-11-27 10:00:00", or a date alone) as an
 * instant with that zone's offset ("2026-11-27T10:00:00+09:00"): a filter means the times the
 * screen shows, whatever the browser's own zone.
 */
export function instantAt(wall: string, offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const zone = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  const [date, time = '00:00:00'] = wall.trim().split(/[ T]/);
  return `${date}T${time.length === 5 ? `${time}:00` : time}${zone}`;
}

/**
 * One end of a list's time filter as wall-clock text of its timezone ("2026-11-27 10:00:00"): a
 * wall-clock time as it is, an instant with its own zone (an older link) at `offsetMinutes`.
 */
export const wallTimeOf = (bound: string, offsetMinutes: number): string => (isLocalDateTime(bound) ? bound : formatDateTime(bound, offsetMinutes));
