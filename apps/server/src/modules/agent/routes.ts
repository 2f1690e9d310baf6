import { agent as contract } from '@console/contract';
import { registerCall, type ServerModule } from '../../plugins/calls.ts';
import * as service from './service.ts';

export const agentModule: ServerModule = {
  name: 'agent',
  calls: contract.agentCalls,
  register(app) {
    registerCall(app, contract.agentQuick, async (_input, ctx) => service.agentQuickList(ctx.db));
    registerCall(app, contract.agentList, (input, ctx) => service.agentList(input, ctx));
    registerCall(app, contract.agentAdd, (input, ctx) => service.agentAdd(input, ctx));
    registerCall(app, contract.agentEdit, (input, ctx) => service.agentEdit(input, ctx));
    registerCall(app, contract.agentAdminLevelList, (_input, ctx) => service.adminLevelList(ctx));
    registerCall(app, contract.agentAdminLevelAdd, (input, ctx) => service.adminLevelAdd(input, ctx));
    registerCall(app, contract.agentAdminLevelEdit, (input, ctx) => service.adminLevelEdit(input, ctx));
    registerCall(app, contract.agentUserList, (input, ctx) => service.agentUserList(input, ctx));
    registerCall(app, contract.agentUserAdd, (input, ctx) => service.agentUserAdd(input, ctx));
    registerCall(app, contract.agentUserStatusEdit, (input, ctx) => service.agentUserStatusEdit(input, ctx));
    registerCall(app, contract.agentUserPasswordEdit, (input, ctx) => service.agentUserPasswordEdit(input, ctx));
    registerCall(app, contract.agentUserGoogleClean, (input, ctx) => service.agentUserGoogleClean(input, ctx));
  },
};
