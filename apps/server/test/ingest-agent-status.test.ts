import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from './harness.ts';
import { betRecord, createDimensions, ingestAuth, ingestCounts, postIngest, transferRecord, walletBalance, type Dimensions } from './domain-fixtures.ts';

/**
 * An agent out of service (itself or an agent above it disabled) takes no transfers in for its
 * players, like a disabled player or currency; its players' transfers out and settled bets are
 * still stored, because that money has already moved.
 */
describeOnDatabases('ingest: transfers in of an agent out of service', (t) => {
  let dims: Dimensions;
  let auth: string;
  let token: string;
  /** A1 > A1-1 > A1-1-1 (USD). */
  const sub = { agent_code: 'A1-1', player_account: 'ag-sub' };
  const subsub = { agent_code: 'A1-1-1', currency_code: 'USD', player_account: 'ag-subsub' };
  const setStatus = async (code: keyof Dimensions['agent'], status: 1 | 2) => {
    const r = await t().call('agent/edit', { id: dims.agent[code], status }, { token });
    expect(r.error_code).toBe('0');
  };
  const refusedWhole = async (records: unknown[], index: number, reason: string) => {
    const before = await ingestCounts(t().database.db);
    const r = await postIngest(t(), 'transfers', records, auth);
    expect(r).toMatchObject({ status: 200, error_code: 'A0400', data: { index, field: 'agent_code', reason } });
    expect(r.error_msg).toBe(`agent_code of record ${index}: ${reason}`);
    expect(await ingestCounts(t().database.db)).toEqual(before);
  };

  beforeAll(async () => {
    dims = await createDimensions(t().database.db);
    token = await t().login();
    auth = await ingestAuth(t(), token);
    const r = await postIngest(t(), 'transfers', [transferRecord({ ...sub, amount: '100' }), transferRecord({ ...subsub, amount: '100' })], auth);
    expect(r).toMatchObject({ error_code: '0', data: { accepted: 2 } });
  });

  it('refuses a transfer in of a disabled agent and of its sub-agent, naming the agent that is disabled; nothing of the batch is written', async () => {
    const stored = transferRecord({ ...subsub, amount: '1' });
    expect((await postIngest(t(), 'transfers', [stored], auth)).error_code).toBe('0');
    await setStatus('A1-1', 2);
    try {
      await refusedWhole([transferRecord({ ...sub, amount: '5' })], 0, `the agent "A1-1" is disabled: its players' transfers in are refused`);
      const below = `the agent "A1-1-1" is out of service (the agent "A1-1" above it is disabled): its players' transfers in are refused`;
      await refusedWhole([transferRecord({ player_account: 'ag-top', amount: '5' }), transferRecord({ ...subsub, amount: '5' })], 1, below);
      // A player not yet known is not created either.
      await refusedWhole([transferRecord({ ...subsub, player_account: 'ag-new', amount: '5' })], 0, below);
      expect(await walletBalance(t().database.db, 'ag-top')).toBeNull();
      expect(await walletBalance(t().database.db, 'ag-new', 'USD')).toBeNull();
      expect(await walletBalance(t().database.db, 'ag-sub')).toBe(1_000_000n);
      expect(await walletBalance(t().database.db, 'ag-subsub', 'USD')).toBe(1_010_000n);
      // A transfer in stored before the agent was disabled, sent again, is still a duplicate.
      expect(await postIngest(t(), 'transfers', [stored], auth)).toMatchObject({ error_code: '0', data: { accepted: 0, duplicates: 1 } });
    } finally {
      await setStatus('A1-1', 1);
    }
  });

  it('still stores their transfers out and settled bets', async () => {
    await setStatus('A1-1', 2);
    try {
      const out = await postIngest(t(), 'transfers', [transferRecord({ ...sub, direction: 'out', amount: '10' }), transferRecord({ ...subsub, direction: 'out', amount: '10' })], auth);
      expect(out).toMatchObject({ error_code: '0', data: { accepted: 2, duplicates: 0 } });
      const bets = await postIngest(t(), 'bets', [betRecord({ ...sub, bet_amount: '5', payout_amount: '8' }), betRecord({ ...subsub, bet_amount: '5', payout_amount: '0' })], auth);
      expect(bets).toMatchObject({ error_code: '0', data: { accepted: 2, duplicates: 0 } });
      expect(await walletBalance(t().database.db, 'ag-sub')).toBe(930_000n);
      expect(await walletBalance(t().database.db, 'ag-subsub', 'USD')).toBe(860_000n);
    } finally {
      await setStatus('A1-1', 1);
    }
  });

  it('takes transfers in again once the agent is enabled; a disabled top agent takes its whole tree out, named as the cause', async () => {
    expect(await postIngest(t(), 'transfers', [transferRecord({ ...sub, amount: '1' }), transferRecord({ ...subsub, amount: '1' })], auth)).toMatchObject({ error_code: '0', data: { accepted: 2 } });
    await setStatus('A1', 2);
    await setStatus('A1-1', 2);
    try {
      await refusedWhole([transferRecord({ ...subsub, amount: '5' })], 0, `the agent "A1-1-1" is out of service (the agent "A1" above it is disabled): its players' transfers in are refused`);
      await refusedWhole([transferRecord({ ...sub, amount: '5' })], 0, `the agent "A1-1" is out of service (the agent "A1" above it is disabled): its players' transfers in are refused`);
      await refusedWhole([transferRecord({ amount: '5' })], 0, `the agent "A1" is disabled: its players' transfers in are refused`);
      // Another tree is untouched.
      expect((await postIngest(t(), 'transfers', [transferRecord({ agent_code: 'B1', currency_code: 'VND', player_account: 'ag-b', amount: '5' })], auth)).error_code).toBe('0');
    } finally {
      await setStatus('A1-1', 1);
      await setStatus('A1', 1);
    }
  });
});
