import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, errorMessages, ingest as contract } from '@console/contract';
import { requestLang } from '../../lib/validation.ts';
import { authenticateIngestKey } from '../key/service.ts';
import { IngestRejected, ingestBets, ingestTransfers } from './service.ts';
import type { ServerModule } from '../../plugins/calls.ts';

/**
 * The largest ingest body: a batch of INGEST_MAX_BATCH records at the longest every field allows,
 * every character of its texts written as a JSON `\uXXXX` escape, fits (ingest.test.ts checks it).
 */
export const INGEST_BODY_LIMIT = 12 * 1024 * 1024;

/**
 * POST /v1/ingest/bets and /v1/ingest/transfers. Not operator calls: the caller is a game server
 * holding an ingest key, so they sit outside /v1/operator/ and its session checks. The key is
 * checked as the request arrives, before its body is read: a missing, wrong, disabled or expired
 * key is HTTP 401 {code: A0231, msg} whatever the body, and a stranger's large body costs nothing.
 * Everything else answers the usual envelope.
 */
function registerIngestRoute(app: FastifyInstance, path: string, field: 'bets' | 'transfers', store: typeof ingestBets) {
  const onRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    if (await authenticateIngestKey(app.database.db, request.headers.authorization)) return;
    const lang = requestLang(request.headers['accept-language']);
    // The body is never read: the connection closes after the answer rather than drain it.
    reply.header('connection', 'close');
    return reply.code(401).send({ code: ErrorCode.IngestKeyInvalid, msg: errorMessages[ErrorCode.IngestKeyInvalid][lang] });
  };
  app.post(path, { schema: { hide: true }, bodyLimit: INGEST_BODY_LIMIT, onRequest }, async (request) => {
    const body = request.body as Record<string, unknown> | null | undefined;
    const records = body && typeof body === 'object' ? body[field] : undefined;
    if (!Array.isArray(records)) throw new IngestRejected({ index: null, field, reason: 'must be an array of records' });
    const data = await store(app.database, records);
    return { error_code: ErrorCode.Success, error_msg: '', data };
  });
}

export const ingestModule: ServerModule = {
  name: 'ingest',
  calls: [],
  register(app) {
    registerIngestRoute(app, contract.INGEST_PATHS.bets, 'bets', ingestBets);
    registerIngestRoute(app, contract.INGEST_PATHS.transfers, 'transfers', ingestTransfers);
  },
};
