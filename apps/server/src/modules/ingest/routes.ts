import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, errorMessages, ingest as contract } from '@console/contract';
import { requestLang } from '../../lib/validation.ts';
import { authenticateIngestKey } from '../key/public.ts';
import { ingestCall, type IngestKind, warmIngestThread } from './dispatch.ts';
import { IngestRejected, type IngestScope } from './service.ts';
import type { ServerModule } from '../../plugins/calls.ts';
import { jsonSchema } from '../../plugins/openapi.ts';

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
 * Everything else answers the usual envelope. On a SQLite file the batch is stored on the write
 * thread (dispatch.ts).
 */
function registerIngestRoute(app: FastifyInstance, path: string, field: IngestKind) {
  // What the request's key is limited to, from its check to its handler.
  const scopes = new WeakMap<FastifyRequest, IngestScope>();
  const onRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = await authenticateIngestKey(app.database.db, request.headers.authorization);
    if (key) {
      scopes.set(request, { agentId: key.scope_agent_id, platformId: key.scope_platform_id });
      return;
    }
    const lang = requestLang(request.headers['accept-language']);
    // The body is never read: the connection closes after the answer rather than drain it.
    reply.header('connection', 'close');
    return reply.code(401).send({ code: ErrorCode.IngestKeyInvalid, msg: errorMessages[ErrorCode.IngestKeyInvalid][lang] });
  };
  app.post(path, { schema: { hide: true }, bodyLimit: INGEST_BODY_LIMIT, onRequest }, async (request) => {
    const body = request.body as Record<string, unknown> | null | undefined;
    const records = body && typeof body === 'object' ? body[field] : undefined;
    if (!Array.isArray(records)) throw new IngestRejected({ index: null, field, reason: 'must be an array of records' });
    const data = await ingestCall(app.database, field, records, scopes.get(request) ?? null);
    return { error_code: ErrorCode.Success, error_msg: '', data };
  });
}

/** How one ingest call shows in the API document: records of `record`'s shape under `field`. */
function ingestPathDoc(
  field: 'bets' | 'transfers' | 'cancels',
  record: typeof contract.ingestBetSchema | typeof contract.ingestTransferSchema | typeof contract.ingestCancelSchema,
  summary: string,
) {
  return {
    post: {
      summary,
      description:
        `For game servers, not the console. Header \`Authorization: Bearer <app_id>:<secret>\` of an ingest key (HTTP 401 \`{"code":"A0231","msg":"…"}\` otherwise). ` +
        `Up to ${contract.INGEST_MAX_BATCH} records a batch; a record already stored (same id and content) counts as a duplicate. ` +
        'A bad record refuses the whole batch with A0400 and `data` `{index, field, reason}`; nothing of it is written. ' +
        "A record outside what the key is limited to (an agent's sub-tree, a provider's games) refuses it with A0301 and the same `data`. See docs/api.md, \"Ingest\".",
      tags: ['ingest'],
      requestBody: {
        content: {
          'application/json': {
            schema: { type: 'object', required: [field], properties: { [field]: { type: 'array', maxItems: contract.INGEST_MAX_BATCH, items: jsonSchema(record) } } },
          },
        },
      },
      responses: {
        200: {
          description: 'Envelope; `data` is the result when error_code is "0", the refused record when it is A0400',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['error_code', 'error_msg'],
                properties: {
                  error_code: { type: 'string' },
                  error_msg: { type: 'string' },
                  data: { oneOf: [jsonSchema(contract.ingestResultSchema), jsonSchema(contract.ingestRejectionSchema)] },
                },
              },
            },
          },
        },
        401: { description: 'Missing, wrong, disabled or expired ingest key: {"code":"A0231","msg":"…"}' },
      },
    },
  };
}

export const ingestModule: ServerModule = {
  name: 'ingest',
  calls: [],
  openApiPaths: {
    [contract.INGEST_PATHS.bets]: ingestPathDoc('bets', contract.ingestBetSchema, 'Settled bets from a game server, stored once each, with wallets, ledger and report aggregates'),
    [contract.INGEST_PATHS.transfers]: ingestPathDoc('transfers', contract.ingestTransferSchema, 'Wallet transfers in and out from a game server, stored once each by order_id'),
    [contract.INGEST_PATHS.cancels]: ingestPathDoc(
      'cancels',
      contract.ingestCancelSchema,
      'Cancellations of settled bets from a game server: the wallet effect reversed (one bet_cancel entry), the bet out of every report; A0420 when a wallet would go below zero',
    ),
  },
  register(app) {
    // A server that listens starts its write thread now; one that only answers inject (tests) at its first batch.
    app.addHook('onListen', async () => warmIngestThread(app.database));
    registerIngestRoute(app, contract.INGEST_PATHS.bets, 'bets');
    registerIngestRoute(app, contract.INGEST_PATHS.transfers, 'transfers');
    registerIngestRoute(app, contract.INGEST_PATHS.cancels, 'cancels');
  },
};
