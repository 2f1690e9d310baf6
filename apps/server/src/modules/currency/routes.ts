import { currency as contract } from '@console/contract';
import { registerCall, type ServerModule } from '../../plugins/calls.ts';
import { currencyAdd, currencyEdit, currencyList } from './service.ts';

export const currencyModule: ServerModule = {
  name: 'currency',
  calls: contract.currencyCalls,
  register(app) {
    registerCall(app, contract.currencyList, async (input, ctx) => currencyList(ctx.db, input), { agentScope: 'none' });
    registerCall(app, contract.currencyAdd, (input, ctx) => currencyAdd(input, ctx));
    registerCall(app, contract.currencyEdit, (input, ctx) => currencyEdit(input, ctx));
  },
};
