import { agent as contract } from '@console/contract';
import { registerCall, type ServerModule } from '../../plugins/calls.ts';
import * as service from './service.ts';

/**
 * Agent users' calls here keep to their sub-tree in the service: lists bounded by their agent's
 * path, a target agent or user checked against it (plugins/agent-scope.ts).
 */
const BY_HANDLER = { agentScope: 'handler' } as const;

export const agentModule: ServerModule = {
  name: 'agent',
  calls: contract.agentCalls,
  register(app) {
    registerCall(app, contract.agentQuick, async (_input, ctx) => service.agentQuickList(ctx), BY_HANDLER);
    registerCall(app, contract.agentList, (input, ctx) => service.agentList(input, ctx), BY_HANDLER);
    registerCall(app, contract.agentAdd, (input, ctx) => service.agentAdd(input, ctx), BY_HANDLER);
    registerCall(app, contract.agentEdit, (input, ctx) => service.agentEdit(input, ctx), BY_HANDLER);
    registerCall(app, contract.agentAdminLevelList, (_input, ctx) => service.adminLevelList(ctx), BY_HANDLER);
    registerCall(app, contract.agentAdminLevelAdd, (input, ctx) => service.adminLevelAdd(input, ctx));
    registerCall(app, contract.agentAdminLevelEdit, (input, ctx) => service.adminLevelEdit(input, ctx));
    registerCall(app, contract.agentUserList, (input, ctx) => service.agentUserList(input, ctx), BY_HANDLER);
    registerCall(app, contract.agentUserAdd, (input, ctx) => service.agentUserAdd(input, ctx), BY_HANDLER);
    registerCall(app, contract.agentUserStatusEdit, (input, ctx) => service.agentUserStatusEdit(input, ctx), BY_HANDLER);
    registerCall(app, contract.agentUserPasswordEdit, (input, ctx) => service.agentUserPasswordEdit(input, ctx), BY_HANDLER);
    registerCall(app, contract.agentUserGoogleClean, (input, ctx) => service.agentUserGoogleClean(input, ctx), BY_HANDLER);
  },
};
