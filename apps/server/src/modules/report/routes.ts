import { report } from '@console/contract';
import { registerCall } from '../../plugins/calls.ts';
import { asBinary, exportReport } from '../export/service.ts';
import type { ServerModule } from '../index.ts';
import { runReport } from './service.ts';

/** Every report call of spec §7 and its /export variant (DESIGN §3–§4). */
export const reportModule: ServerModule = {
  name: 'report',
  calls: report.reportCalls,
  register(app) {
    for (const pair of report.reportCallPairs) {
      registerCall(app, pair.list, async (input, ctx) => runReport(ctx.reader, ctx.dialect, pair.def, input, ctx.lang, ctx.readParallelism));
      registerCall(app, asBinary(pair.export), async (input, ctx) => exportReport(ctx, pair.def, input));
    }
  },
};
