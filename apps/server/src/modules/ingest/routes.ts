import type { FastifyInstance } from 'fastify';
import { ErrorCode, errorMessages, ingest as contract } from '@console/contract';
import { requestLang } from '../../lib/validation.ts';
import { authenticateIngestKey } from '../key/service.ts';
import { IngestRejected, ingestBets, ingestTransfers } from './service.ts';
import type { ServerModule } from '../../plugins/calls.ts';

/**
 * POST /v1/ingest/bets and /v1/ingest/transfers. Not operator calls: the caller is a game server
 * holding an ingest key, so they sit outside /v1/operator/ and its session checks. A missing,
 * wrong, disabled or expired key is HTTP 401 {code: A0231, msg}; everything else answers the
 * usual envelope.
 */
function registerIngestRoute(app: FastifyInstance, path: string, field: 'bets' | 'transfers', store: typeof ingestBets) {
  app.post(path, { schema: { hide: true } }, async (request, reply) => {
    const key = await authenticateIngestKey(app.database.db, request.headers.authorization);
    if (!key) {
      const lang = requestLang(request.headers['accept-language']);
      return reply.code(401).send({ code: ErrorCode.IngestKeyInvalid, msg: errorMessages[ErrorCode.IngestKeyInvalid][lang] });
    }
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
