/**
 * What an edit changes, for the operation log: each field asked for whose value differs from the
 * stored one, as `{field: {before, after}}`. Fields not asked for, or asked for unchanged, are
 * left out, so the log shows only real changes.
 */
export function changedFields<T extends object>(before: T, wanted: Partial<Record<keyof T, unknown>>): Record<string, { before: unknown; after: unknown }> {
  const out: Record<string, { before: unknown; after: unknown }> = {};
  for (const [field, after] of Object.entries(wanted)) {
    if (after === undefined) continue;
    const was = (before as Record<string, unknown>)[field];
    if (JSON.stringify(was) !== JSON.stringify(after)) out[field] = { before: was, after };
  }
  return out;
}
