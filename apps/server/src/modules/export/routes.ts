import { bill, exportFile, report } from '@console/contract';
import { registerCall, type ServerModule } from '../../plugins/calls.ts';
import { asBinary, cleanUpExports, exportBill, exportDownload, exportList, exportReport } from './service.ts';

const CLEANUP_EVERY_MS = 60 * 60 * 1000;

/**
 * Every report's /export call and the ledger's, the export list and re-download; expired and
 * cut-off exports are cleaned up on start and every hour.
 */
export const exportModule: ServerModule = {
  name: 'export',
  calls: [...report.reportCallPairs.map((pair) => pair.export), bill.billExport, ...exportFile.exportCalls],
  register(app) {
    for (const pair of report.reportCallPairs) {
      // An agent user's export is of their sub-tree: its agent filter is kept to it (plugins/agent-scope.ts).
      registerCall(app, asBinary(pair.export), async (input, ctx) => exportReport(ctx, pair.def, input), { agentScope: { agentField: 'agent_id' } });
    }
    // The ledger's export, of an agent user's sub-tree like their ledger (bill/routes.ts).
    registerCall(app, asBinary(bill.billExport), async (input, ctx) => exportBill(ctx, input), { agentScope: { agentField: 'agent_id' } });
    // An agent user lists and downloads only their own exports (service.ts).
    registerCall(app, exportFile.exportList, async (input, ctx) => exportList(ctx, input), { agentScope: 'handler' });
    registerCall(app, asBinary(exportFile.exportDownload), async (input, ctx) => exportDownload(ctx, input.id), { agentScope: 'handler' });
    const cleanup = () =>
      cleanUpExports(app.database.db, app.config.exportDir).catch((err: unknown) => app.log.error({ err }, 'export cleanup failed'));
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await cleanup();
      timer = setInterval(cleanup, CLEANUP_EVERY_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
};
