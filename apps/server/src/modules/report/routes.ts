import { report } from '@console/contract';
import { registerCall, type ServerModule } from '../../plugins/calls.ts';
import { withReplicaLag } from '../../plugins/replica-lag.ts';

/** An agent user's report answers their sub-tree: its agent filter is kept to it (plugins/agent-scope.ts). */
const AGENT_FILTER = { agentScope: { agentField: 'agent_id' } } as const;
import { answerReport } from './service.ts';

/** Every report call (docs/product.md, "Reports"); their /export variants belong to the export module. */
export const reportModule: ServerModule = {
  name: 'report',
  calls: report.reportCallPairs.map((pair) => pair.list),
  register(app) {
    for (const pair of report.reportCallPairs) {
      registerCall(
        app,
        pair.list,
        (input, ctx) => withReplicaLag(ctx, answerReport(ctx.reader, ctx.dialect, pair.def, input, ctx.lang, ctx.readParallelism)),
        AGENT_FILTER,
      );
    }
  },
};
