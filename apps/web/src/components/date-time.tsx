import { createContext, type ReactNode, useCallback, useContext } from 'react';
import { type DateTimePrecision, formatDateTime, offsetOf, zoneLabel } from '../lib/datetime';
import { useDictStore } from '../stores/dict';

const ScopedZone = createContext<number | null>(null);

/**
 * Shows the times inside it in one timezone (an id 1–5): a list whose filters name a timezone
 * (its URL says `time_zone_id=3`, say) shows its rows in that one, whatever the persisted choice.
 */
export function TimeZoneScope({ zone, children }: { zone: number; children: ReactNode }) {
  return <ScopedZone.Provider value={zone}>{children}</ScopedZone.Provider>;
}

/** The operator's chosen timezone (or the one of the list around, TimeZoneScope): its offset in minutes and its label. */
export function useTimeZone(): { offsetMinutes: number; label: string } {
  const stored = useDictStore((s) => s.timeZoneId);
  const id = useContext(ScopedZone) ?? stored;
  return { offsetMinutes: offsetOf(id), label: zoneLabel(id) };
}

/** A formatter of moments in the operator's chosen timezone (lib/datetime.ts). */
export function useFormatDateTime(): (value: string | number | Date | null | undefined, precision?: DateTimePrecision) => string {
  const { offsetMinutes } = useTimeZone();
  return useCallback((value, precision = 'second') => formatDateTime(value, offsetMinutes, precision), [offsetMinutes]);
}

/**
 * A moment in a table or a description, in the chosen timezone, on one line, with the zone in its
 * tooltip; `fallback` (a dash by default) when there is none.
 */
export function DateTime({ value, precision = 'second', fallback = '-' }: { value: string | null | undefined; precision?: DateTimePrecision; fallback?: ReactNode }) {
  const { offsetMinutes, label } = useTimeZone();
  const text = formatDateTime(value, offsetMinutes, precision);
  if (!text) return <>{fallback}</>;
  return (
    <time className="date-time" dateTime={value ?? undefined} title={label} style={{ whiteSpace: 'nowrap' }}>
      {text}
    </time>
  );
}
