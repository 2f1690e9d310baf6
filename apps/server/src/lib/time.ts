/** Instants are stored and sent as ISO-8601 UTC strings. */
export const nowIso = () => new Date().toISOString();
export const isoPlusMinutes = (minutes: number, from = Date.now()) => new Date(from + minutes * 60_000).toISOString();
