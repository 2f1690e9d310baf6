import { REPLICA_LAG_HEADER } from '@console/contract';
import type { CallContext } from './calls.ts';

/**
 * Answers a call that reads through `ctx.reader` with the replica's lag in the REPLICA_LAG_HEADER
 * header (whole seconds, rounded up), measured beside the call (db/replica-lag.ts; at most every
 * 2 s). Without a replica the header is left out.
 */
export async function withReplicaLag<T>(ctx: CallContext, answer: Promise<T>): Promise<T> {
  const [lag, out] = await Promise.all([ctx.database.replicaLag(), answer]);
  if (lag !== null) ctx.reply.header(REPLICA_LAG_HEADER, String(Math.ceil(lag)));
  return out;
}
