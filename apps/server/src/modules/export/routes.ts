import { exportFile } from '@console/contract';
import { registerCall } from '../../plugins/calls.ts';
import type { ServerModule } from '../index.ts';
import { asBinary, cleanUpExports, exportDownload, exportList } from './service.ts';

const CLEANUP_EVERY_MS = 60 * 60 * 1000;

/** The export list and re-download; expired and cut-off exports are cleaned up on start and every hour. */
export const exportModule: ServerModule = {
  name: 'export',
  calls: exportFile.exportCalls,
  register(app) {
    registerCall(app, exportFile.exportList, async (input, ctx) => exportList(ctx, input));
    registerCall(app, asBinary(exportFile.exportDownload), async (input, ctx) => exportDownload(ctx, input.id));
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
