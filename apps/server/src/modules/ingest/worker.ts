import { serveWriteThread } from '../../db/sqlite-writer-serve.ts';
import { ApiError } from '../../lib/api-error.ts';
import { IN_PROCESS, refusalOnWire, type IngestAnswer, type IngestJob } from './dispatch.ts';

/**
 * The ingest's write thread (dispatch.ts): runs each batch's whole service call on the thread's
 * own connection, exactly as the serving thread would, and answers its result or its refusal.
 * Any other error is passed on as an error (answered 500 by the server).
 */
serveWriteThread(async (database, job): Promise<IngestAnswer> => {
  const { kind, records, scope } = job as IngestJob;
  try {
    return { result: await IN_PROCESS[kind](database, records, scope ?? null) };
  } catch (err) {
    if (err instanceof ApiError) return { refused: refusalOnWire(err) };
    throw err;
  }
});
