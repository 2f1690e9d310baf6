import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, errorMessages, game as contract } from '@console/contract';
import { registerCall, type ServerModule } from '../../plugins/calls.ts';
import { jsonSchema } from '../../plugins/openapi.ts';
import { requestLang } from '../../lib/validation.ts';
import { authenticateIngestKey } from '../key/public.ts';
import * as pools from './pool-service.ts';
import { gameServerConfig } from './server-config.ts';
import * as service from './service.ts';

export const gameModule: ServerModule = {
  name: 'game',
  calls: contract.gameCalls,
  openApiPaths: {
    [contract.GAME_SERVER_CONFIG_PATH]: {
      post: {
        summary:
          'What game servers must obey, for one agent or all: the effective config of every game per agent with its protection, the point controls, the prize pools; "changed since" for cheap polling',
        description:
          'For game servers, not the console. Header `Authorization: Bearer <app_id>:<secret>` of an ingest key (HTTP 401 `{"code":"A0231","msg":"…"}` otherwise). ' +
          'Without `changed_since`: every agent × game row, the active point controls and every pool. With it: only rows changed after it (point controls that stopped included, with their status). ' +
          'Pass `next_since` of each answer as the next `changed_since`; answers overlap by a minute, so a repeated row is expected. See docs/api.md, "Game servers".',
        tags: ['gameserver'],
        requestBody: { content: { 'application/json': { schema: jsonSchema(contract.gameServerConfigRequestSchema) } } },
        responses: {
          200: {
            description: 'Envelope; `data` as below when error_code is "0" (A0400 for a bad body or an unknown agent_code)',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { error_code: { type: 'string' }, error_msg: { type: 'string' }, data: jsonSchema(contract.gameServerConfigSchema) } },
              },
            },
          },
          401: { description: 'Missing, wrong, disabled or expired ingest key: {"code":"A0231","msg":"…"}' },
        },
      },
    },
  },
  register(app) {
    registerCall(app, contract.gameList, async (_input, ctx) => service.gameList(ctx.db), { agentScope: 'none' });
    registerCall(app, contract.gameDealerList, (input, ctx) => service.dealerList(input, ctx));
    registerCall(app, contract.gameDealerEdit, (input, ctx) => service.dealerEdit(input, ctx));
    registerCall(app, contract.gameDealerEnable, (input, ctx) => service.dealerEnable(input, ctx));
    registerCall(app, contract.gameAgentList, (input, ctx) => service.agentConfigList(input, ctx));
    registerCall(app, contract.gameAgentEdit, (input, ctx) => service.agentConfigEdit(input, ctx));
    registerCall(app, contract.gameProtectEdit, (input, ctx) => service.protectEdit(input, ctx));
    registerCall(app, contract.gamePrizePoolList, (input, ctx) => pools.poolList(input, ctx));
    registerCall(app, contract.gamePrizePoolEdit, (input, ctx) => pools.poolEdit(input, ctx));
    registerCall(app, contract.gamePrizePoolClean, (input, ctx) => pools.poolClean(input, ctx));
    registerCall(app, contract.gamePrizePoolCleanList, (input, ctx) => pools.cleanList(input, ctx));

    // What game servers read: an ingest key, checked as the request arrives (as the ingest does),
    // outside /v1/operator/ and its sessions.
    const onRequest = async (request: FastifyRequest, reply: FastifyReply) => {
      if (await authenticateIngestKey(app.database.db, request.headers.authorization)) return;
      const lang = requestLang(request.headers['accept-language']);
      reply.header('connection', 'close');
      return reply.code(401).send({ code: ErrorCode.IngestKeyInvalid, msg: errorMessages[ErrorCode.IngestKeyInvalid][lang] });
    };
    app.post(contract.GAME_SERVER_CONFIG_PATH, { schema: { hide: true }, onRequest }, async (request) => {
      const data = await gameServerConfig(app.database.freshReader, request.body);
      return { error_code: ErrorCode.Success, error_msg: '', data };
    });
  },
};
