import { player as contract } from '@console/contract';
import { registerCall, type ServerModule } from '../../plugins/calls.ts';
import * as service from './service.ts';

export const playerModule: ServerModule = {
  name: 'player',
  calls: [
    contract.playerList,
    contract.playerDetail,
    contract.playerStatusEdit,
    contract.playerFind,
    contract.playerWalletList,
    contract.playerWalletAdjust,
    contract.playerWalletAdjustments,
  ],
  register(app) {
    // Agent users: their sub-tree's players (the list's agent filter is kept to it; one player's
    // calls check that player's agent, service.ts).
    registerCall(app, contract.playerList, (input, ctx) => service.playerList(input, ctx), { agentScope: { agentField: 'agent_id' } });
    registerCall(app, contract.playerDetail, (input, ctx) => service.playerDetail(input, ctx), { agentScope: 'handler' });
    registerCall(app, contract.playerStatusEdit, (input, ctx) => service.playerStatusEdit(input, ctx), { agentScope: 'handler' });
    registerCall(app, contract.playerFind, (input, ctx) => service.playerFind(input, ctx));
    registerCall(app, contract.playerWalletList, (input, ctx) => service.walletList(input, ctx));
    registerCall(app, contract.playerWalletAdjust, (input, ctx) => service.walletAdjust(input, ctx));
    registerCall(app, contract.playerWalletAdjustments, (input, ctx) => service.walletAdjustments(input, ctx));
  },
};
