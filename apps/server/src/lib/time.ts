/** Instants are stored and sent as ISO-8601 UTC strings. */
export const nowIso = () => new Date().toISOString();
export const isoPlusMinutes = (minutes: number, from = Date.now()) => new Date(from + minutes * 60_000).toISOString();

/** The last instant an ISO-8601 string of four-digit years holds; later ones print as "+010000-…". */
export const LAST_ISO_MS = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * A client's ISO-8601 time with any offset as the stored UTC string. A time past year 9999 UTC
 * (9999-12-31T23:59:59-08:00 is one) is kept as the last instant of 9999: `toISOString` would
 * write it with a six-digit year, which sorts before every four-digit one.
 */
export const storedInstant = (iso: string) => new Date(Math.min(Date.parse(iso), LAST_ISO_MS)).toISOString();

/** Whether a stored instant has passed, compared as a time. */
export const hasPassed = (iso: string, now = Date.now()) => Date.parse(iso) <= now;
