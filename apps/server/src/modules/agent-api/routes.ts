import type { FastifyInstance, FastifyReply } from 'fastify';
import { agentApi, ErrorCode, errorMessages } from '@console/contract';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import { clientIp } from '../../lib/client-ip.ts';
import { formatZodError, requestLang } from '../../lib/validation.ts';
import type { ServerModule } from '../../plugins/calls.ts';
import { agentApiOpenApiPaths } from './docs.ts';
import { RefusalGate, type RefusalAnswer } from './refusals.ts';
import * as service from './service.ts';

type Handler<C extends agentApi.AgentApiCall> = (caller: service.ApiCaller, input: z.output<C['request']>, lang: 'zh-cn' | 'en') => Promise<z.input<C['response']>>;

/**
 * POST /v1/api/<path>: agents' own systems, with an agent key (docs/product.md, "The agent API").
 * The body is kept as it arrived, because the signature covers its exact bytes; the request is
 * authenticated (service.authenticateApiRequest) before its body is validated. A refusal of the
 * request itself answers HTTP 401 or 403 `{code, msg}`, or 429 A0429 once its address or app id has
 * been refused too often (refusals.ts, which also logs them); everything else the usual envelope.
 */
async function registerAgentApi(app: FastifyInstance) {
  const refusals = new RefusalGate(app.database);
  app.addHook('onClose', async () => refusals.close());
  const answerRefusal = (reply: FastifyReply, lang: 'zh-cn' | 'en', a: RefusalAnswer, msg: string) => {
    if (a.retryAfterSeconds !== undefined) reply.header('retry-after', String(a.retryAfterSeconds));
    return reply.code(a.status).send({ code: a.code, msg });
  };
  // An address refused too often in this minute is answered before its body is even read.
  app.addHook('onRequest', async (request, reply) => {
    const wait = refusals.addressLimited(clientIp(request));
    if (wait === 0) return;
    const lang = requestLang(request.headers['accept-language']);
    return answerRefusal(reply, lang, { status: 429, code: ErrorCode.RateLimited, retryAfterSeconds: wait }, errorMessages[ErrorCode.RateLimited][lang]);
  });

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    (request as { rawBody?: string }).rawBody = body as string;
    try {
      done(null, body === '' ? {} : JSON.parse(body as string));
    } catch (err) {
      (err as { statusCode?: number }).statusCode = 400;
      done(err as Error, undefined);
    }
  });

  /** `nonceInTransaction`: the call takes the request's nonce in its own write transaction (service.withNonce). */
  const route = <C extends agentApi.AgentApiCall>(call: C, handler: Handler<C>, nonceInTransaction = false) => {
    app.post(`/${call.path}`, { schema: { hide: true } }, async (request, reply) => {
      const lang = requestLang(request.headers['accept-language']);
      const signed: service.SignedRequest = {
        path: call.path,
        headers: request.headers,
        rawBody: (request as { rawBody?: string }).rawBody ?? '',
        ip: clientIp(request),
      };
      try {
        const caller = await service.authenticateApiRequest(app.database, app.config, signed, nonceInTransaction);
        const data = await service.withNonce(app.database, caller, signed, () => {
          const parsed = call.request.safeParse(request.body ?? {}, { reportInput: true });
          if (!parsed.success) throw new ApiError(ErrorCode.InvalidParameter, { [lang]: formatZodError(parsed.error, lang) });
          return handler(caller, parsed.data as z.output<C['request']>, lang);
        });
        return { error_code: ErrorCode.Success, error_msg: '', data };
      } catch (err) {
        if (err instanceof service.ApiRefusal) {
          const answer = await refusals.refused(signed, err);
          return answerRefusal(reply, lang, answer, answer.code === err.code ? err.messageFor(lang) : errorMessages[answer.code][lang]);
        }
        throw err;
      }
    });
  };

  const db = app.database;
  route(agentApi.apiPlayerCreate, (caller, input) => service.playerCreate(db, caller, input));
  route(agentApi.apiPlayerBalance, (caller, input) => service.playerBalance(db, caller, input));
  route(agentApi.apiTransfer, (caller, input) => service.transfer(db, caller, input), true);
  route(agentApi.apiTransferStatus, (caller, input) => service.transferStatus(db, caller, input));
  route(agentApi.apiBets, (caller, input) => service.bets(db, caller, input, app.config));
  route(agentApi.apiReportDaily, (caller, input, lang) => service.reportDaily(db, caller, input, lang));
}

export const agentApiModule: ServerModule = {
  name: 'agent-api',
  calls: [],
  openApiPaths: agentApiOpenApiPaths(),
  async register(app) {
    await app.register(registerAgentApi, { prefix: agentApi.AGENT_API_PREFIX_PATH.replace(/\/$/, '') });
  },
};
