import { z } from 'zod';

/**
 * Money travels as a decimal string with at most 4 decimals ("1234.5000"); it is stored as an
 * integer count of 1/10000 units. A JS number never holds money.
 */
export const MONEY_SCALE = 4;

/**
 * The largest amount a stored integer holds, in 1/10000 units: a signed 64-bit column's maximum
 * (922,337,203,685,477.5807). A wallet balance or an aggregate sum that would pass it is refused,
 * never rounded.
 */
export const MONEY_UNITS_MAX = 9_223_372_036_854_775_807n;
/** The smallest: a signed 64-bit column's minimum (−922,337,203,685,477.5808). */
export const MONEY_UNITS_MIN = -MONEY_UNITS_MAX - 1n;
const MONEY_RE = /^-?\d{1,15}(\.\d{1,4})?$/;
const UNSIGNED_MONEY_RE = /^\d{1,15}(\.\d{1,4})?$/;

/**
 * The one bound of every money field: 15 digits before the point reach past what a column holds
 * (999,999,999,999,999.9999 > MONEY_UNITS_MAX), and such an amount would fail at the database
 * instead of being refused as a parameter. Text that is not an amount is left to the format check,
 * so a field has one issue, not two.
 */
function moneyInRange(s: string, ctx: z.core.$RefinementCtx<string>) {
  if (!MONEY_RE.test(s)) return;
  const v = parseMoney(s);
  if (v > MONEY_UNITS_MAX) ctx.addIssue({ code: 'custom', message: 'money_too_large' });
  else if (v < MONEY_UNITS_MIN) ctx.addIssue({ code: 'custom', message: 'money_too_small' });
}

/** Any amount, signed. */
export const moneySchema = z.string().regex(MONEY_RE, { message: 'money' }).superRefine(moneyInRange);
/** An amount ≥ 0 (bet limits, prize-pool amounts). */
export const nonNegativeMoneySchema = z.string().regex(UNSIGNED_MONEY_RE, { message: 'money_non_negative' }).superRefine(moneyInRange);
/** An amount > 0 (an adjustment, a point-control target); blanks around it are dropped. */
export const positiveMoneySchema = z
  .string()
  .trim()
  .regex(UNSIGNED_MONEY_RE, { message: 'money_positive' })
  .refine((s) => /[1-9]/.test(s), { message: 'money_positive' })
  .superRefine(moneyInRange);

/** "12.5" -> 125000n. Throws on anything that is not a decimal with at most 4 decimals. */
export function parseMoney(s: string): bigint {
  if (!MONEY_RE.test(s)) throw new Error(`invalid money: ${s}`);
  const neg = s.startsWith('-');
  const [int, frac = ''] = (neg ? s.slice(1) : s).split('.') as [string, string?];
  const v = BigInt(int) * 10000n + BigInt((frac + '0000').slice(0, 4));
  return neg ? -v : v;
}

/** 125000n -> "12.5000". */
export function formatMoney(v: bigint | number | string): string {
  const n = typeof v === 'bigint' ? v : BigInt(v);
  const neg = n < 0n;
  const a = neg ? -n : n;
  const s = `${a / 10000n}.${(a % 10000n).toString().padStart(4, '0')}`;
  return neg ? `-${s}` : s;
}

/** A ratio of two integer amounts as a 4-decimal string, rounded half up; null when the divisor is 0. */
export function ratio4(numerator: bigint, denominator: bigint): string | null {
  if (denominator === 0n) return null;
  const neg = numerator < 0n !== denominator < 0n && numerator !== 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const scaled = (n * 100000n) / d; // one extra digit for rounding
  const rounded = (scaled + 5n) / 10n;
  const s = `${rounded / 10000n}.${(rounded % 10000n).toString().padStart(4, '0')}`;
  return neg ? `-${s}` : s;
}

/** The amounts of a bet, or of a sum of bets, that its win/loss is made of (1/10000 units). */
export interface WinLossAmounts {
  bet_amount: bigint;
  payout_amount: bigint;
  tax_amount: bigint;
  bonus_amount: bigint;
  jackpot_prize: bigint;
}

/**
 * The player's win/loss (docs/product.md, "Report metrics"): payout − bet − tax + bonus +
 * jackpot prize. Every report, the settlement, the player list, the wallet and the win flag use
 * this one formula (the server's SQL twin: apps/server/src/db/sql.ts, playerWinLossSql).
 */
export const playerWinLoss = (a: WinLossAmounts): bigint => a.payout_amount - a.bet_amount - a.tax_amount + a.bonus_amount + a.jackpot_prize;

/** What came back to the player, the RTP's numerator: payout + bonus + jackpot prize. */
export const playerReturn = (a: Omit<WinLossAmounts, 'bet_amount' | 'tax_amount'>): bigint => a.payout_amount + a.bonus_amount + a.jackpot_prize;
