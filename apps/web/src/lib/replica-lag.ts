import { useSyncExternalStore } from 'react';
import { REPLICA_LAG_HEADER } from '@console/contract';

/**
 * The report replica's lag as the server last told it (the X-Replica-Lag header of the report calls
 * and the bill list, docs/adr/0017-report-replica.md), in whole seconds. Answers without the header
 * (every other call, or a server with no replica) leave it as it was.
 */
let lagSeconds = 0;
const listeners = new Set<() => void>();

export function noteReplicaLag(headers: Headers | undefined): void {
  const told = headers?.get(REPLICA_LAG_HEADER);
  if (told === null || told === undefined) return;
  const n = Number(told);
  const next = Number.isFinite(n) && n > 0 ? Math.round(n) : 0;
  if (next === lagSeconds) return;
  lagSeconds = next;
  for (const l of listeners) l();
}

/** Back to no lag (the unit tests start each case so). */
export function resetReplicaLag(): void {
  noteReplicaLag(new Headers({ [REPLICA_LAG_HEADER]: '0' }));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The last lag the server told, in seconds (0: none, or no replica). */
export function useReplicaLag(): number {
  return useSyncExternalStore(subscribe, () => lagSeconds, () => 0);
}
