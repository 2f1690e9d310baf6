import { describe, expect, it } from 'vitest';
import { addAmounts, formatAmount, formatBasisPoints, formatBytes, formatCount, formatRatio, isNegative } from './format';

describe('number formats', () => {
  it('shows basis points as a percentage (a share rate)', () => {
    expect(formatBasisPoints(5000)).toBe('50.00%');
    expect(formatBasisPoints(10000)).toBe('100.00%');
    expect(formatBasisPoints(1)).toBe('0.01%');
    expect(formatBasisPoints(0)).toBe('0.00%');
    expect(formatBasisPoints(null)).toBe('-');
  });

  it('shows amounts with thousands separators and the currency’s decimals, exactly', () => {
    expect(formatAmount('1234567.8950', 2)).toBe('1,234,567.90');
    expect(formatAmount('-1234567.8950', 2)).toBe('-1,234,567.90');
    expect(formatAmount('0.0000', 2)).toBe('0.00');
    expect(formatAmount('-0.0040', 2)).toBe('0.00');
    expect(formatAmount('12.3456', 4)).toBe('12.3456');
    expect(formatAmount('-0.0001', 4)).toBe('-0.0001');
    expect(formatAmount('999.5', 0)).toBe('1,000');
    // Beyond a float's 53 bits: still exact.
    expect(formatAmount('922337203685477.5807', 4)).toBe('922,337,203,685,477.5807');
  });

  it('tells negatives', () => {
    expect(isNegative('-0.0001')).toBe(true);
    expect(isNegative('0.0000')).toBe(false);
    expect(isNegative('5')).toBe(false);
  });

  it('shows ratios as percentages and a missing one as a dash', () => {
    expect(formatRatio('0.9694')).toBe('96.94%');
    expect(formatRatio('1.0000')).toBe('100.00%');
    expect(formatRatio('12.3400')).toBe('1,234.00%');
    expect(formatRatio('-0.0500')).toBe('-5.00%');
    expect(formatRatio(null)).toBe('-');
  });

  it('counts, sizes and sums', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(-1234)).toBe('-1,234');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(addAmounts('1.5', '-0.2500', '0.0001')).toBe('1.2501');
    expect(addAmounts()).toBe('0.0000');
  });
});
