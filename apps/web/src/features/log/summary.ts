/** One line of a logged change: a field that went from `before` to `after`, or a value recorded as it was. */
export type SummaryLine = { field: string; kind: 'change'; before: unknown; after: unknown } | { field: string; kind: 'value'; value: unknown };

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const isChange = (v: unknown): v is { before: unknown; after: unknown } => isObject(v) && Object.keys(v).length === 2 && 'before' in v && 'after' in v;

/**
 * The operation log's `summary` (JSON) as readable lines. Three spellings of a change are read as
 * one: `{field: {before, after}}`, `{before: {...}, after: {...}}` (every field of both), and
 * `{field_before: x, field: y}`; anything else is a value recorded with the change. Text that is
 * no JSON object shows as one value.
 */
export function summaryLines(summary: string): SummaryLine[] {
  let data: unknown;
  try {
    data = JSON.parse(summary);
  } catch {
    return summary ? [{ field: '', kind: 'value', value: summary }] : [];
  }
  if (!isObject(data)) return data === null || data === undefined ? [] : [{ field: '', kind: 'value', value: data }];
  if (isChange(data)) {
    const { before, after } = data;
    if (isObject(before) && isObject(after)) {
      const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
      return fields.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f])).map((f) => ({ field: f, kind: 'change', before: before[f], after: after[f] }));
    }
    return [{ field: '', kind: 'change', before, after }];
  }
  const lines: SummaryLine[] = [];
  for (const [field, value] of Object.entries(data)) {
    if (field.endsWith('_before') && field.slice(0, -7) in data) continue;
    if (isChange(value)) lines.push({ field, kind: 'change', before: value.before, after: value.after });
    else if (`${field}_before` in data) lines.push({ field, kind: 'change', before: data[`${field}_before`], after: value });
    else lines.push({ field, kind: 'value', value });
  }
  return lines;
}

/** A value as short text: strings as they are, lists joined, objects as `key: value` pairs. */
export function showValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean' || typeof v === 'number') return String(v);
  if (Array.isArray(v)) return v.length ? v.map(showValue).join(', ') : '—';
  if (isObject(v)) return Object.entries(v).map(([k, x]) => `${k}: ${showValue(x)}`).join('; ');
  return JSON.stringify(v);
}
