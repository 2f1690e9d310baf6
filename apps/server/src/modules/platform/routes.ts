import { platform as contract } from '@console/contract';
import { registerCall, type ServerModule } from '../../plugins/calls.ts';
import { platformList } from './service.ts';

export const platformModule: ServerModule = {
  name: 'platform',
  calls: contract.platformCalls,
  register(app) {
    registerCall(app, contract.platformList, async (_input, ctx) => platformList(ctx.db));
  },
};
