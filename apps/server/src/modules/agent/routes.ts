import { agent as contract } from '@console/contract';
import { registerCall } from '../../plugins/calls.ts';
import type { ServerModule } from '../index.ts';
import { agentQuickList } from './service.ts';

export const agentModule: ServerModule = {
  name: 'agent',
  calls: contract.agentCalls,
  register(app) {
    registerCall(app, contract.agentQuick, async (_input, ctx) => agentQuickList(ctx.db));
  },
};
