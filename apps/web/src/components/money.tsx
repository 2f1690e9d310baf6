import { useCallback, useMemo } from 'react';
import { formatAmount, formatCount, formatRatio, isNegative } from '../lib/format';
import { useDictStore } from '../stores/dict';
import './money.css';

/** Decimals shown when a currency is unknown (docs/product.md, "Money": the console shows 2 by default). */
export const DEFAULT_DECIMALS = 2;

/** The decimals to show for a currency, by id or code (the currency list's `decimals`). */
export function useCurrencyDecimals(): (currency: number | string | undefined) => number {
  const currencies = useDictStore((s) => s.currencies);
  const byKey = useMemo(() => {
    const m = new Map<number | string, number>();
    for (const c of currencies) {
      m.set(c.id, c.decimals);
      m.set(c.code, c.decimals);
    }
    return m;
  }, [currencies]);
  return useCallback((currency) => (currency === undefined ? DEFAULT_DECIMALS : (byKey.get(currency) ?? DEFAULT_DECIMALS)), [byKey]);
}

/** An exact amount: thousands separators, the currency's decimals, red below zero. */
export function Money({ value, decimals = DEFAULT_DECIMALS, signed }: { value: string | null | undefined; decimals?: number; signed?: boolean }) {
  if (value === null || value === undefined || value === '') return <span className="num">-</span>;
  const negative = isNegative(value);
  const text = formatAmount(value, decimals);
  const plus = signed && !negative && text !== formatAmount('0', decimals) ? '+' : '';
  return <span className={negative ? 'num num-negative' : 'num'}>{`${plus}${text}`}</span>;
}

/** A ratio as a percentage ("96.94%"), a dash when there was nothing to divide by. */
export const Ratio = ({ value }: { value: string | null | undefined }) => <span className="num">{formatRatio(value)}</span>;

export const Count = ({ value }: { value: number | null | undefined }) => <span className="num">{formatCount(value)}</span>;
