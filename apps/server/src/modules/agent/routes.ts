import { agent as contract } from '@console/contract';
import { registerCall, type ServerModule } from '../../plugins/calls.ts';
import { agentQuickList } from './service.ts';

export const agentModule: ServerModule = {
  name: 'agent',
  calls: contract.agentCalls,
  register(app) {
    registerCall(app, contract.agentQuick, async (_input, ctx) => agentQuickList(ctx.db));
  },
};
