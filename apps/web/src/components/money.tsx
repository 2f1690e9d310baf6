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

/**
 * The one money format of the console: an exact amount with thousands separators and its
 * currency's decimals (`currency`, by id or code, or `decimals`), red below zero, the currency's
 * code after it with `showCode`. When those decimals would hide digits of the stored value
 * (428.905 shown with 2), the exact value is in the tooltip, so a sum never seems not to add up.
 */
export function Money({
  value,
  decimals,
  currency,
  showCode,
  signed,
}: {
  value: string | null | undefined;
  decimals?: number;
  currency?: number | string;
  showCode?: boolean;
  signed?: boolean;
}) {
  const decimalsOf = useCurrencyDecimals();
  const codeOf = useCurrencyCode();
  if (value === null || value === undefined || value === '') return <span className="num">-</span>;
  const places = decimals ?? decimalsOf(currency);
  const negative = isNegative(value);
  const text = formatAmount(value, places);
  const plus = signed && !negative && text !== formatAmount('0', places) ? '+' : '';
  const code = showCode && currency !== undefined ? codeOf(currency) : '';
  const exact = formatAmount(value, 4);
  const hidden = formatAmount(formatAmount(value, places).replace(/,/g, ''), 4) !== exact;
  return (
    <span className={negative ? 'num num-negative' : 'num'} title={hidden ? `${plus}${exact}${code ? ` ${code}` : ''}` : undefined}>
      {`${plus}${text}${code ? ` ${code}` : ''}`}
    </span>
  );
}

/** The code of a currency by id or code ("CNY"); the key itself when the list does not know it. */
export function useCurrencyCode(): (currency: number | string) => string {
  const currencies = useDictStore((s) => s.currencies);
  return useCallback((currency) => (typeof currency === 'string' ? currency : (currencies.find((c) => c.id === currency)?.code ?? String(currency))), [currencies]);
}

/** An amount as text, in the format of `Money` (for messages and confirmations): "1,234.50 CNY". */
export function useMoneyText(): (value: string, currency?: number | string, opts?: { signed?: boolean }) => string {
  const decimalsOf = useCurrencyDecimals();
  const codeOf = useCurrencyCode();
  return useCallback(
    (value, currency, opts) => {
      const places = decimalsOf(currency);
      const text = formatAmount(value, places);
      const plus = opts?.signed && !isNegative(value) && text !== formatAmount('0', places) ? '+' : '';
      return `${plus}${text}${currency !== undefined ? ` ${codeOf(currency)}` : ''}`;
    },
    [decimalsOf, codeOf],
  );
}

/** A ratio as a percentage ("96.94%"), a dash when there was nothing to divide by. */
export const Ratio = ({ value }: { value: string | null | undefined }) => <span className="num">{formatRatio(value)}</span>;

export const Count = ({ value }: { value: number | null | undefined }) => <span className="num">{formatCount(value)}</span>;
