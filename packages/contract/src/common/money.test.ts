import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CallDef } from '../call.ts';
import { agentCalls } from '../modules/agent.ts';
import { billCalls } from '../modules/bill.ts';
import { currencyCalls } from '../modules/currency.ts';
import { domainCalls } from '../modules/domain.ts';
import { exportCalls } from '../modules/export.ts';
import { gameCalls } from '../modules/game.ts';
import * as ingest from '../modules/ingest.ts';
import { keyCalls } from '../modules/key.ts';
import { logCalls } from '../modules/log.ts';
import { platformCalls } from '../modules/platform.ts';
import { playerCalls } from '../modules/player.ts';
import { reportCalls } from '../modules/report.ts';
import { userCalls } from '../modules/user.ts';
import { formatMoney, moneySchema, MONEY_UNITS_MAX, MONEY_UNITS_MIN, nonNegativeMoneySchema, parseMoney, positiveMoneySchema, ratio4 } from './money.ts';

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

describe('the money bound', () => {
  const MAX = formatMoney(MONEY_UNITS_MAX);
  const OVER = formatMoney(MONEY_UNITS_MAX + 1n);
  const MIN = formatMoney(MONEY_UNITS_MIN);
  const UNDER = formatMoney(MONEY_UNITS_MIN - 1n);
  const issues = (schema: z.ZodType, v: unknown) => {
    const r = schema.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  it('is the range of a signed 64-bit count of 1/10000', () => {
    expect([MAX, OVER, MIN, UNDER]).toEqual(['922337203685477.5807', '922337203685477.5808', '-922337203685477.5808', '-922337203685477.5809']);
  });

  it('every money schema takes the largest amount stored and refuses one unit more, with one issue', () => {
    for (const schema of [moneySchema, nonNegativeMoneySchema, positiveMoneySchema]) {
      expect(schema.parse(MAX)).toBe(MAX);
      expect(issues(schema, OVER)).toEqual(['money_too_large']);
      expect(issues(schema, '999999999999999.9999')).toEqual(['money_too_large']);
    }
    expect(moneySchema.parse(MIN)).toBe(MIN);
    expect(issues(moneySchema, UNDER)).toEqual(['money_too_small']);
    // Text that is no amount has its format issue only.
    expect(issues(moneySchema, 'abc')).toEqual(['money']);
    expect(issues(nonNegativeMoneySchema, '-1')).toEqual(['money_non_negative']);
    expect(issues(positiveMoneySchema, '0')).toEqual(['money_positive']);
    expect(issues(positiveMoneySchema, ` ${OVER} `)).toEqual(['money_too_large']);
  });

  it("keeps the ingest's own, narrower amounts inside it", () => {
    const largest = `${'9'.repeat(ingest.INGEST_AMOUNT_MAX_DIGITS)}.9999`;
    expect(ingest.ingestAmountSchema.safeParse(largest).success).toBe(true);
    expect(parseMoney(largest) < MONEY_UNITS_MAX).toBe(true);
  });

  /**
   * Every amount field of every console call: a field that takes "1.5" and the largest amount but
   * no text that is not a number holds money, and must refuse one unit past the bound (not fail
   * at the database).
   */
  it('bounds every amount field of every console call', () => {
    const calls: CallDef[] = [
      ...userCalls, ...agentCalls, ...currencyCalls, ...gameCalls, ...platformCalls, ...keyCalls, ...billCalls,
      ...domainCalls, ...logCalls, ...playerCalls, ...exportCalls, ...reportCalls,
    ];
    const found: string[] = [];
    for (const call of calls) {
      if (!(call.request instanceof z.ZodObject)) continue;
      for (const [field, schema] of Object.entries(call.request.shape as Record<string, z.ZodType>)) {
        const takes = (v: string) => schema.safeParse(v).success;
        if (!takes('1.5') || !takes(MAX) || takes('not-an-amount')) continue;
        found.push(`${call.path} ${field}`);
        expect(issues(schema, OVER), `${call.path} ${field}`).toEqual(['money_too_large']);
      }
    }
    expect(found.sort()).toEqual([
      'game/agent/edit max_bet',
      'game/agent/edit min_bet',
      'game/dealer/edit max_bet',
      'game/dealer/edit min_bet',
      'game/prizepool/edit cap_amount',
      'game/prizepool/edit seed_amount',
      'game/prizepool/edit trigger_threshold',
      'player/control/add target_amount',
      'player/wallet/adjust amount',
    ]);
  });
});
