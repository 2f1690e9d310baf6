import dayjs from 'dayjs';
import { formatMoney, parseMoney } from '@console/contract';

export const formatTime = (v: string | null | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

/** A typed amount as the contract reads it (≤ 4 decimals, > 0), or null while it is not one yet. */
export function typedUnits(text: string | undefined): bigint | null {
  const s = (text ?? '').trim();
  if (!/^\d{1,15}(\.\d{1,4})?$/.test(s)) return null;
  const v = parseMoney(s);
  return v > 0n ? v : null;
}

/** Achieved of target as a whole percentage for the progress bar, 0–100 (exact integers, no float money). */
export function progressPercent(achieved: string, target: string): number {
  const a = parseMoney(achieved);
  const t = parseMoney(target);
  if (t <= 0n || a <= 0n) return 0;
  if (a >= t) return 100;
  return Number((a * 100n) / t);
}

export const addUnits = (balance: string, delta: bigint) => formatMoney(parseMoney(balance) + delta);
