import { bill as contract } from '@console/contract';
import { registerCall, type ServerModule } from '../../plugins/calls.ts';
import { withReplicaLag } from '../../plugins/replica-lag.ts';
import { billList } from './service.ts';

export const billModule: ServerModule = {
  name: 'bill',
  // The ledger's export is the export module's, with the reports' (export/routes.ts).
  calls: [contract.billList],
  register(app) {
    // A count over millions of entries can take seconds: read beside the serving thread (ADR 0007),
    // or on the replica (ADR 0017).
    // An agent user's ledger is their sub-tree's: its agent filter is kept to it (plugins/agent-scope.ts).
    registerCall(app, contract.billList, (input, ctx) => withReplicaLag(ctx, billList(ctx.reader, ctx.dialect, input)), { agentScope: { agentField: 'agent_id' } });
  },
};
