import { formatMoney, parseMoney } from '@console/contract';

/** A typed amount as the contract reads it (≤ 4 decimals, > 0), or null while it is not one yet. */
export function typedUnits(text: string | undefined): bigint | null {
  const s = (text ?? '').trim();
  if (!/^\d{1,15}(\.\d{1,4})?$/.test(s)) return null;
  const v = parseMoney(s);
  return v > 0n ? v : null;
}

/** The decimals typed in an amount ("12.345" → 3). */
export const typedDecimals = (text: string | undefined): number => (text ?? '').trim().split('.')[1]?.length ?? 0;

/**
 * The fewest decimals, at least `min`, that show each of the amounts (1/10000 units) exactly:
 * a confirmation repeats a balance of 100.0050 as 100.005, never as a rounded 100.01.
 */
export function exactDecimals(min: number, ...units: bigint[]): number {
  let places = Math.max(0, Math.min(4, min));
  for (const u of units) {
    const frac = (u < 0n ? -u : u) % 10000n;
    const needed = frac === 0n ? 0 : frac % 1000n === 0n ? 1 : frac % 100n === 0n ? 2 : frac % 10n === 0n ? 3 : 4;
    places = Math.max(places, needed);
  }
  return places;
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
