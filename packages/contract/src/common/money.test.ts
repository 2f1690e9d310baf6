import { describe, expect, it } from 'vitest';
import { formatMoney, parseMoney, ratio4 } from './money.ts';

describe('money', () => {
  it('parses decimal strings into 1/10000 units exactly', () => {
    expect(parseMoney('0')).toBe(0n);
    expect(parseMoney('12.5')).toBe(125000n);
    expect(parseMoney('-0.0001')).toBe(-1n);
    expect(parseMoney('999999999999999.9999')).toBe(9999999999999999999n);
  });

  it('rejects more than 4 decimals, exponents and non-numbers', () => {
    for (const bad of ['1.00001', '1e5', 'abc', '', '.5', '1.', ' 1']) expect(() => parseMoney(bad)).toThrow();
  });

  it('formats with exactly 4 decimals and round-trips', () => {
    expect(formatMoney(125000n)).toBe('12.5000');
    expect(formatMoney(-1n)).toBe('-0.0001');
    expect(formatMoney('9007199254740993')).toBe('900719925474.0993');
    for (const s of ['0.0000', '1.2345', '-77.0100', '123456789012.3456']) expect(formatMoney(parseMoney(s))).toBe(s);
  });

  it('computes ratios to 4 decimals rounded half up, null on a zero divisor', () => {
    expect(ratio4(1n, 3n)).toBe('0.3333');
    expect(ratio4(2n, 3n)).toBe('0.6667');
    expect(ratio4(97n, 100n)).toBe('0.9700');
    expect(ratio4(-1n, 3n)).toBe('-0.3333');
    expect(ratio4(5n, 0n)).toBeNull();
  });
});
