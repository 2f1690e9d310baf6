import { player as contract } from '@console/contract';
import { registerCall, type ServerModule } from '../../plugins/calls.ts';
import * as service from './service.ts';

export const pointControlModule: ServerModule = {
  name: 'point-control',
  calls: [contract.playerControlList, contract.playerControlAdd, contract.playerControlCancel],
  register(app) {
    registerCall(app, contract.playerControlList, (input, ctx) => service.controlList(input, ctx));
    registerCall(app, contract.playerControlAdd, (input, ctx) => service.controlAdd(input, ctx));
    registerCall(app, contract.playerControlCancel, (input, ctx) => service.controlCancel(input, ctx));
  },
};
