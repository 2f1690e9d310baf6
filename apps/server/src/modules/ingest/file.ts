import fs from 'node:fs';
import readline from 'node:readline';
import { ingest as contract } from '@console/contract';
import type { Database } from '../../db/database.ts';
import { IngestRejected, ingestBets, ingestTransfers } from './service.ts';

type Kind = 'bets' | 'transfers';

export interface FileTotals {
  bets: { accepted: number; duplicates: number };
  transfers: { accepted: number; duplicates: number };
  lines: number;
}

/** A rejected batch of a file: which line, which field, why. Batches before it stay stored. */
export class FileIngestError extends Error {
  constructor(
    message: string,
    readonly line: number | null,
    readonly totals: FileTotals,
  ) {
    super(message);
  }
}

/**
 * Streams an NDJSON file of bets and transfers into the database through the ingest service.
 * Each line is one bet (has bet_id), one transfer (has order_id), or a batch `{"bets":[…]}` /
 * `{"transfers":[…]}`. Single records are sent in batches of `batchSize`, in the file's order:
 * a run of bets is flushed before a following transfer and the other way round, so a deposit
 * lands before the bets after it. Stops at the first rejected batch.
 */
export async function ingestFile(
  database: Database,
  file: string,
  options: { batchSize?: number; onProgress?: (totals: FileTotals) => void } = {},
): Promise<FileTotals> {
  const batchSize = Math.min(contract.INGEST_MAX_BATCH, Math.max(1, options.batchSize ?? 1000));
  const totals: FileTotals = { bets: { accepted: 0, duplicates: 0 }, transfers: { accepted: 0, duplicates: 0 }, lines: 0 };
  let pending: { kind: Kind; records: unknown[]; lines: number[] } | null = null;

  /** `lines`: the line of each record, or one number for a batch line (records named by their place in it). */
  const send = async (kind: Kind, records: unknown[], lines: number[] | number) => {
    try {
      const r = kind === 'bets' ? await ingestBets(database, records) : await ingestTransfers(database, records);
      totals[kind].accepted += r.accepted;
      totals[kind].duplicates += r.duplicates;
    } catch (err) {
      if (!(err instanceof IngestRejected)) throw err;
      const { index, field, reason } = err.rejection;
      let line: number | null;
      let where: string;
      if (typeof lines === 'number') {
        line = lines;
        where = index === null ? `the batch of line ${line}` : `line ${line}, record ${index} of its batch`;
      } else {
        line = index === null ? null : (lines[index] ?? null);
        where = line === null ? `the batch ending at line ${lines[lines.length - 1]}` : `line ${line}`;
      }
      throw new FileIngestError(`rejected ${kind} batch: ${where}, ${field}: ${reason}. Nothing of this batch was stored.`, line, totals);
    }
    options.onProgress?.(totals);
  };
  const flush = async () => {
    const p = pending;
    pending = null;
    if (p && p.records.length > 0) await send(p.kind, p.records, p.lines);
  };

  const rl = readline.createInterface({ input: fs.createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let lineNo = 0;
  for await (const line of rl) {
    lineNo++;
    totals.lines = lineNo;
    if (!line.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new FileIngestError(`line ${lineNo}: not JSON`, lineNo, totals);
    }
    const obj = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<string, unknown>;
    const batchKind: Kind | null = Array.isArray(obj.bets) ? 'bets' : Array.isArray(obj.transfers) ? 'transfers' : null;
    if (batchKind) {
      await flush();
      // A batch line is one batch, as a POST of it would be: stored whole or not at all, so it
      // is refused, not split, when it holds more records than a batch may.
      await send(batchKind, obj[batchKind] as unknown[], lineNo);
      continue;
    }
    const kind: Kind | null = 'bet_id' in obj ? 'bets' : 'order_id' in obj ? 'transfers' : null;
    if (!kind) throw new FileIngestError(`line ${lineNo}: neither a bet (bet_id), a transfer (order_id) nor a {"bets"|"transfers": […]} batch`, lineNo, totals);
    if (pending && pending.kind !== kind) await flush();
    pending ??= { kind, records: [], lines: [] };
    pending.records.push(obj);
    pending.lines.push(lineNo);
    if (pending.records.length >= batchSize) await flush();
  }
  await flush();
  return totals;
}
