import { create } from 'zustand';
import { ApiError, download } from '../../lib/api';

/** One export in flight or just finished, per list exported: the screen shows it, and it outlives the screen. */
export interface ExportTask {
  status: 'preparing' | 'downloading' | 'done' | 'failed';
  startedAt: number;
  received: number;
  total?: number;
  fileName?: string;
  error?: ApiError | Error;
}

interface ExportTasksState {
  tasks: Record<string, ExportTask>;
  patch: (key: string, task: Partial<ExportTask>) => void;
  clear: (key: string) => void;
}

export const useExportTasks = create<ExportTasksState>()((set) => ({
  tasks: {},
  patch: (key, task) => set((s) => ({ tasks: { ...s.tasks, [key]: { ...(s.tasks[key] as ExportTask), ...task } } })),
  clear: (key) =>
    set((s) => {
      const { [key]: _gone, ...rest } = s.tasks;
      return { tasks: rest };
    }),
}));

/** Business codes the export shows in its own words, with the way to Export management. */
export const EXPORT_BUSY = 'A0429';

/**
 * Asks the server for the sheet (the export call `path` with the filters and order) and saves it. The
 * server writes the whole sheet before it answers, so the first phase has no measurable progress;
 * the bytes of the answer then arrive with it. The screen stays usable meanwhile: nothing here
 * blocks, and the task lives in a store, not in the screen.
 */
export async function runExport(key: string, path: string, body: Record<string, unknown>, fallbackName: string): Promise<ExportTask> {
  const { patch } = useExportTasks.getState();
  patch(key, { status: 'preparing', startedAt: Date.now(), received: 0, total: undefined, fileName: undefined, error: undefined });
  try {
    const fileName = await download(path, body, fallbackName, {
      quietCodes: [EXPORT_BUSY],
      onProgress: ({ received, total }) => patch(key, { status: 'downloading', received, total }),
    });
    patch(key, { status: 'done', fileName });
  } catch (error) {
    patch(key, { status: 'failed', error: error instanceof Error ? error : new Error(String(error)) });
  }
  return useExportTasks.getState().tasks[key]!;
}
