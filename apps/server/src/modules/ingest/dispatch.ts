import type { ErrorCode, Lang } from '@console/contract';
import type { Database } from '../../db/database.ts';
import { ApiError } from '../../lib/api-error.ts';
import { IngestRejected, ingestBets, ingestCancels, ingestTransfers, type IngestRejection, type IngestResult, type IngestScope } from './service.ts';

/**
 * Where the HTTP ingest's batches run (docs/adr/0018-sqlite-ingest-off-the-serving-thread.md): on
 * a SQLite file, the whole service call (validation, look-ups, the transaction) runs on the
 * database's write thread (worker.ts, db/sqlite-writer.ts), one batch at a time in the order they
 * arrived, so the serving thread answers other requests meanwhile. On PostgreSQL, in memory, or
 * with SQLITE_INGEST_WORKER=0 it runs here, as the CLI and the demo generator always do.
 *
 * The answer is the same either way: a result, or an ApiError (IngestRejected with its
 * {index, field, reason}) rebuilt on this side with the same code, texts and data. Any other error
 * comes back as an Error with the thread's message, code and stack and is answered 500.
 */

export type IngestKind = 'bets' | 'transfers' | 'cancels';

export const IN_PROCESS: Record<IngestKind, (database: Database, records: unknown, scope: IngestScope | null) => Promise<IngestResult>> = {
  bets: ingestBets,
  transfers: ingestTransfers,
  cancels: ingestCancels,
};

/** The write thread's module: a URL, not an import (it runs on the thread only). */
export const WORKER_ENTRY = new URL('./worker.ts', import.meta.url).href;

/** A job of the write thread: one batch of wire records, and what the request's key is limited to. */
export interface IngestJob {
  kind: IngestKind;
  records: unknown;
  scope: IngestScope | null;
}

/** An ApiError as it crosses the thread boundary. */
export interface RefusalOnWire {
  code: ErrorCode;
  messages: Partial<Record<Lang, string>> | null;
  data: unknown;
  /** Set for an IngestRejected, which is rebuilt as one. */
  rejection: IngestRejection | null;
}

/** The write thread's answer to a job: what the service answered, or the ApiError it threw. */
export type IngestAnswer = { result: IngestResult } | { refused: RefusalOnWire };

export function refusalOnWire(err: ApiError): RefusalOnWire {
  return { code: err.code, messages: err.messages ?? null, data: err.data, rejection: err instanceof IngestRejected ? err.rejection : null };
}

function refusalOf(w: RefusalOnWire): ApiError {
  if (w.rejection) return new IngestRejected(w.rejection, w.code as ConstructorParameters<typeof IngestRejected>[1]);
  return new ApiError(w.code, w.messages ?? undefined, w.data);
}

/** Starts the write thread ahead of the first batch, when the database has one. */
export function warmIngestThread(database: Database): void {
  database.writeThread(WORKER_ENTRY)?.warm();
}

/** Stores one batch of an ingest call, on the write thread when the database has one; `scope`: the key's limits, null for none. */
export async function ingestCall(database: Database, kind: IngestKind, records: unknown, scope: IngestScope | null = null): Promise<IngestResult> {
  const thread = database.writeThread(WORKER_ENTRY);
  if (!thread) return IN_PROCESS[kind](database, records, scope);
  const answer = (await thread.run({ kind, records, scope } satisfies IngestJob)) as IngestAnswer;
  if ('refused' in answer) throw refusalOf(answer.refused);
  return answer.result;
}
