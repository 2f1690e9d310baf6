/** Basis points as a percentage with two decimals: 9650 → "96.50%". */
export const bpPercent = (bp: number) => `${(bp / 100).toFixed(2)}%`;

/** A percentage typed in a form (96.5) as whole basis points (9650); rounding keeps 96.55 exact. */
export const percentToBp = (percent: number) => Math.round(percent * 100);
export const bpToPercent = (bp: number) => bp / 100;

/** A stored amount as typed in a form field: no trailing zeros, no separators ("5000.0000" → "5000", "0.1000" → "0.1"). */
export const plainAmount = (money: string) => (money.includes('.') ? money.replace(/0+$/, '').replace(/\.$/, '') : money);
