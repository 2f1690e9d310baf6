import { domain as contract } from '@console/contract';
import { registerCall, type ServerModule } from '../../plugins/calls.ts';
import { domainAdd, domainEdit, domainList } from './service.ts';

export const domainModule: ServerModule = {
  name: 'domain',
  calls: contract.domainCalls,
  register(app) {
    registerCall(app, contract.domainList, (input, ctx) => domainList(input, ctx));
    registerCall(app, contract.domainAdd, (input, ctx) => domainAdd(input, ctx));
    registerCall(app, contract.domainEdit, (input, ctx) => domainEdit(input, ctx));
  },
};
