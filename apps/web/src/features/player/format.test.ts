import { describe, expect, it } from 'vitest';
import { addUnits, exactDecimals, progressPercent, typedDecimals, typedUnits } from './format';

describe('player screen amounts', () => {
  it('reads a typed amount exactly, or not at all', () => {
    expect(typedUnits('12.34')).toBe(123400n);
    expect(typedUnits(' 0.0001 ')).toBe(1n);
    expect(typedUnits('999999999999999.9999')).toBe(9999999999999999999n);
    for (const bad of ['', '0', '0.0000', '-1', '1.00001', '1e3', '1,000', '.5', undefined]) expect(typedUnits(bad), String(bad)).toBeNull();
    expect(typedDecimals('12.345')).toBe(3);
    expect(typedDecimals(' 12 ')).toBe(0);
  });

  it('finds the decimals that show every amount exactly, at least the currency’s', () => {
    expect(exactDecimals(2, 1000000n, 595000n)).toBe(2);
    expect(exactDecimals(2, 1000050n)).toBe(3);
    expect(exactDecimals(0, 1n)).toBe(4);
    expect(exactDecimals(2, -4202450n, 86550n)).toBe(3);
    expect(exactDecimals(0, 10000n)).toBe(0);
  });

  it('adds to a balance without a float', () => {
    expect(addUnits('0.1000', 2000n)).toBe('0.3000');
    expect(addUnits('922337203685477.5806', 1n)).toBe('922337203685477.5807');
  });

  it('shows progress as whole percent, from 0 to 100', () => {
    expect(progressPercent('30.0000', '50.0000')).toBe(60);
    expect(progressPercent('-5.0000', '50.0000')).toBe(0);
    expect(progressPercent('55.0000', '50.0000')).toBe(100);
    expect(progressPercent('0.0001', '3.0000')).toBe(0);
    expect(progressPercent('2.9999', '3.0000')).toBe(99);
  });
});
