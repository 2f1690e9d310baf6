/** Report timezones (docs/product.md, "Timezones"): id -> offset from UTC in minutes. */
export const TIMEZONES = [
  { id: 1, label: 'GMT+8:00', offsetMinutes: 480 },
  { id: 2, label: 'GMT+8:30', offsetMinutes: 510 },
  { id: 3, label: 'GMT+9:00', offsetMinutes: 540 },
  { id: 4, label: 'GMT+9:30', offsetMinutes: 570 },
  { id: 5, label: 'GMT+10:00', offsetMinutes: 600 },
] as const;
export type TimeZoneId = (typeof TIMEZONES)[number]['id'];
export const DEFAULT_TIME_ZONE_ID: TimeZoneId = 1;

export function timezoneOffsetMinutes(id: number): number {
  const tz = TIMEZONES.find((t) => t.id === id);
  if (!tz) throw new Error(`unknown time_zone_id ${id}`);
  return tz.offsetMinutes;
}
