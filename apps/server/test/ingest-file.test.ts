import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from './harness.ts';
import { betRecord, createDimensions, ingestCounts, ledgerProblems, transferRecord, walletBalance } from './domain-fixtures.ts';
import { FileIngestError, ingestFile } from '../src/modules/ingest/file.ts';

function ndjson(lines: unknown[]): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ingest-file-')), 'feed.ndjson');
  fs.writeFileSync(file, lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n');
  return file;
}

describeOnDatabases('ingest from an NDJSON file', (t) => {
  beforeAll(async () => {
    await createDimensions(t().database.db);
  });

  it('loads single records and batch lines in file order, in batches', async () => {
    const file = ndjson([
      transferRecord({ player_account: 'f1', amount: '50' }),
      betRecord({ player_account: 'f1', bet_amount: '20' }),
      betRecord({ player_account: 'f1', bet_amount: '20', payout_amount: '5' }),
      '',
      transferRecord({ player_account: 'f1', direction: 'out', amount: '15' }),
      { bets: [betRecord({ player_account: 'f1', bet_amount: '0', bonus_amount: '3' })] },
      { transfers: [transferRecord({ player_account: 'f2', amount: '1' }), transferRecord({ player_account: 'f2', amount: '2' })] },
      ...Array.from({ length: 5 }, () => betRecord({ player_account: 'f2', bet_amount: '0.5' })),
    ]);
    const batches: number[] = [];
    const totals = await ingestFile(t().database, file, { batchSize: 2, onProgress: (x) => batches.push(x.bets.accepted + x.transfers.accepted) });
    expect(totals.bets).toEqual({ accepted: 8, duplicates: 0 });
    expect(totals.transfers).toEqual({ accepted: 4, duplicates: 0 });
    expect(batches.length).toBe(8); // t | b b | t | [b] | [t t] | b b | b b | b
    expect(await walletBalance(t().database.db, 'f1')).toBe(30_000n); // 50 − 20 − 20 + 5 − 15 + 3
    expect(await walletBalance(t().database.db, 'f2')).toBe(5_000n);
    expect(await ledgerProblems(t().database.db)).toEqual([]);

    // The same file again: everything is a duplicate.
    const again = await ingestFile(t().database, file, { batchSize: 1000 });
    expect(again.bets).toEqual({ accepted: 0, duplicates: 8 });
    expect(again.transfers).toEqual({ accepted: 0, duplicates: 4 });
  });

  it('stops at a rejected batch with its line number; earlier batches stay stored', async () => {
    const before = await ingestCounts(t().database.db);
    const file = ndjson([
      transferRecord({ player_account: 'f3', amount: '10' }),
      betRecord({ player_account: 'f3', bet_amount: '1' }),
      betRecord({ player_account: 'f3', bet_amount: '1.12345' }),
    ]);
    const err = await ingestFile(t().database, file).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FileIngestError);
    expect((err as FileIngestError).line).toBe(3);
    expect((err as Error).message).toMatch(/line 3, bet_amount: must have at most 4 decimals/);
    const after = await ingestCounts(t().database.db);
    expect(after.bets).toBe(before.bets);
    expect(after.ledger).toBe(before.ledger + 1); // the transfer before the bad bet batch
    await expect(ingestFile(t().database, ndjson(['{nope'] as unknown[]))).rejects.toThrow(/line 1: not JSON/);
    await expect(ingestFile(t().database, ndjson([{ hello: 1 }]))).rejects.toThrow(/line 1: neither a bet/);
  });

  it('a batch line is one batch: a bad record in it names its place, and one over 5000 records is refused whole', async () => {
    const before = await ingestCounts(t().database.db);
    const file = ndjson([
      transferRecord({ player_account: 'f4', amount: '10' }),
      { bets: [betRecord({ player_account: 'f4', bet_amount: '1' }), betRecord({ player_account: 'f4', bet_amount: '1' }), betRecord({ player_account: 'f4', device: 'fax' as 'web' })] },
    ]);
    const err = await ingestFile(t().database, file).catch((e: unknown) => e);
    expect((err as FileIngestError).line).toBe(2);
    expect((err as Error).message).toMatch(/line 2, record 2 of its batch, device: must be one of/);

    // Before, such a line was split into batches of 5000 and its first 5000 bets were stored.
    const big = ndjson([{ bets: Array.from({ length: 5001 }, () => betRecord({ player_account: 'f4', bet_amount: '0.0001' })) }]);
    const tooBig = await ingestFile(t().database, big).catch((e: unknown) => e);
    expect((tooBig as FileIngestError).line).toBe(1);
    expect((tooBig as Error).message).toMatch(/the batch of line 1, bets: must hold at most 5000 records, got 5001/);
    const after = await ingestCounts(t().database.db);
    expect(after.bets).toBe(before.bets);
    expect(after.ledger).toBe(before.ledger + 1); // the first file's transfer
  });
});
