import { useCallback, useMemo } from 'react';
import { parseMoney } from '@console/contract';
import { formatAmount, formatBasisPoints, formatCount, formatRatio, isNegative } from '../lib/format';
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
  const code = showCode && currency !== undefined ? codeOf(currency) : '';
  // Digits below the shown decimals: the exact value goes in the tooltip.
  const hidden = parseMoney(value) % 10n ** BigInt(4 - Math.min(4, Math.max(0, places))) !== 0n;
  return (
    <span className={isNegative(value) ? 'num num-negative' : 'num'} title={hidden ? moneyText(value, places, code, signed, 4) : undefined}>
      {moneyText(value, places, code, signed)}
    </span>
  );
}

/**
 * An amount with `places` decimals (or `digits`, for the exact value behind it), a "+" before a
 * gain that shows with `places` when `signed`, and the code after it: "+1,234.50 CNY".
 */
function moneyText(value: string, places: number, code: string, signed?: boolean, digits = places): string {
  const shown = formatAmount(value, places);
  const plus = signed && !isNegative(value) && shown !== formatAmount('0', places) ? '+' : '';
  return `${plus}${digits === places ? shown : formatAmount(value, digits)}${code ? ` ${code}` : ''}`;
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
    (value, currency, opts) => moneyText(value, decimalsOf(currency), currency !== undefined ? codeOf(currency) : '', opts?.signed),
    [decimalsOf, codeOf],
  );
}

/** A ratio as a percentage ("96.94%"), a dash when there was nothing to divide by. */
export const Ratio = ({ value }: { value: string | null | undefined }) => <span className="num">{formatRatio(value)}</span>;

/** Whole basis points as a percentage (a share rate: 5000 → 50.00%). */
export const BasisPoints = ({ value }: { value: number | null | undefined }) => <span className="num">{formatBasisPoints(value)}</span>;

export const Count = ({ value }: { value: number | null | undefined }) => <span className="num">{formatCount(value)}</span>;
