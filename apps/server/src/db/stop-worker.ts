import type { Worker } from 'node:worker_threads';

/**
 * Asks a database worker thread to close its connection and end (the message 'stop'), waits for
 * `exited` at most `graceMs`, then terminates it. The worker is referenced meanwhile: otherwise a
 * process with nothing else to do would end before the worker has closed its connection.
 */
export async function stopWorker(worker: Worker, exited: Promise<void>, graceMs: number): Promise<void> {
  worker.ref();
  worker.postMessage('stop');
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([exited, new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
  clearTimeout(timer);
  await worker.terminate();
}
