import { bill as contract } from '@console/contract';
import { registerCall } from '../../plugins/calls.ts';
import type { ServerModule } from '../index.ts';
import { billList } from './service.ts';

export const billModule: ServerModule = {
  name: 'bill',
  calls: contract.billCalls,
  register(app) {
    registerCall(app, contract.billList, async (input, ctx) => billList(ctx.db, ctx.dialect, input));
  },
};
