import { game as contract } from '@console/contract';
import { registerCall, type ServerModule } from '../../plugins/calls.ts';
import { gameList } from './service.ts';

export const gameModule: ServerModule = {
  name: 'game',
  calls: contract.gameCalls,
  register(app) {
    registerCall(app, contract.gameList, async (_input, ctx) => gameList(ctx.db));
  },
};
