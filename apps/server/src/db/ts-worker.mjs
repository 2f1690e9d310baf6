// The bootstrap of a SQLite write thread (sqlite-writer.ts): the server's code is TypeScript run
// through tsx (docs/adr/0001-server-runs-typescript-through-tsx.md), and a worker thread does not
// inherit the main thread's loader, so the thread registers tsx before importing its entry.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
