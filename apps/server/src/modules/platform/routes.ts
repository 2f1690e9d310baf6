import { platform as contract } from '@console/contract';
import { registerCall, type ServerModule } from '../../plugins/calls.ts';
import { gameAdd, gameEdit, platformAdd, platformEdit, platformList } from './service.ts';

/** Game providers and games: the catalogue (the list is a session-wide dictionary; changes need 901). */
export const platformModule: ServerModule = {
  name: 'platform',
  calls: contract.platformCalls,
  register(app) {
    registerCall(app, contract.platformList, async (_input, ctx) => platformList(ctx.db), { agentScope: 'none' });
    registerCall(app, contract.platformAdd, (input, ctx) => platformAdd(input, ctx));
    registerCall(app, contract.platformEdit, (input, ctx) => platformEdit(input, ctx));
    registerCall(app, contract.gameAdd, (input, ctx) => gameAdd(input, ctx));
    registerCall(app, contract.gameEdit, (input, ctx) => gameEdit(input, ctx));
  },
};
