import { formatMoney, parseMoney } from '@console/contract';

/**
 * Number formats of the console's tables, shared with the spreadsheet's rules (report-defs.ts
 * column kinds): money stays an exact decimal string end to end and is never read into a float.
 */

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * An exact amount for display: rounded half away from zero to `decimals` (0–4), with thousands
 * separators ("-1234567.8950", 2 → "-1,234,567.90"). A value that rounds to zero loses its sign.
 */
export function formatAmount(money: string, decimals = 2): string {
  const places = Math.min(4, Math.max(0, Math.trunc(decimals)));
  const v = parseMoney(money);
  const neg = v < 0n;
  const scale = 10n ** BigInt(4 - places);
  const abs = neg ? -v : v;
  const rounded = (abs + scale / 2n) / scale;
  const unit = 10n ** BigInt(places);
  const int = group((rounded / unit).toString());
  const frac = places > 0 ? `.${(rounded % unit).toString().padStart(places, '0')}` : '';
  return `${neg && rounded !== 0n ? '-' : ''}${int}${frac}`;
}

/** Whether an amount is below zero (shown in red). */
export const isNegative = (money: string): boolean => parseMoney(money) < 0n;

/** A 4-decimal ratio as a percentage with 2 decimals ("0.9694" → "96.94%"); null (no divisor) → "-". */
export function formatRatio(ratio: string | null | undefined): string {
  if (ratio === null || ratio === undefined || ratio === '') return '-';
  const bp = parseMoney(ratio);
  const neg = bp < 0n;
  const a = neg ? -bp : bp;
  return `${neg ? '-' : ''}${group((a / 100n).toString())}.${(a % 100n).toString().padStart(2, '0')}%`;
}

/** Whole basis points as a percentage with 2 decimals (5000 → "50.00%", as share rates are shown); null → "-". */
export function formatBasisPoints(bp: number | null | undefined): string {
  if (bp === null || bp === undefined || !Number.isInteger(bp)) return '-';
  const a = Math.abs(bp);
  return `${bp < 0 ? '-' : ''}${group(String(Math.floor(a / 100)))}.${String(a % 100).padStart(2, '0')}%`;
}

/** A whole count with thousands separators (12345 → "12,345"). */
export const formatCount = (n: number | null | undefined): string => (n === null || n === undefined ? '-' : group(String(Math.trunc(n))));

/** A file size in B, KB or MB (1 decimal above bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Adds exact amounts ("1.5", "-0.2500" → "1.2500"). */
export const addAmounts = (...amounts: string[]): string => formatMoney(amounts.reduce((sum, a) => sum + parseMoney(a), 0n));
