import { log as contract } from '@console/contract';
import { registerCall, type ServerModule } from '../../plugins/calls.ts';
import { logList } from './service.ts';

export const logModule: ServerModule = {
  name: 'log',
  calls: contract.logCalls,
  register(app) {
    registerCall(app, contract.logList, (input, ctx) => logList(input, ctx));
  },
};
