import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';

/** How long a measured lag is answered before it is measured again. */
const LAG_FRESH_MS = 2000;

/**
 * The replica's lag behind the primary in seconds, for the console's notice on report screens.
 *
 * The primary's current WAL position is read first, then the replica's replay position: a replica
 * that has replayed up to it is not behind at all, whatever the time of its last replayed commit
 * (an idle primary writes no commits, and `now() - pg_last_xact_replay_timestamp()` would grow by
 * the minute). Otherwise the lag is the time since the last commit it replayed. null: no answer
 * (the replica cannot be reached, or is no replica).
 */
export async function measureReplicaLag(primary: Kysely<DB>, replica: Kysely<DB>): Promise<number | null> {
  const head = await sql<{ lsn: string }>`SELECT pg_current_wal_lsn()::text AS lsn`.execute(primary);
  const lsn = head.rows[0]?.lsn;
  if (!lsn) return null;
  const r = await sql<{ caught_up: boolean | null; seconds: string | null }>`
    SELECT pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn AS caught_up,
           EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp())::text AS seconds`.execute(replica);
  const row = r.rows[0];
  if (!row || row.caught_up === null) return null;
  if (row.caught_up) return 0;
  return row.seconds === null ? null : Math.max(0, Number(row.seconds));
}

/** measureReplicaLag, asked at most every 2 s however many report calls want it; a failure answers null. */
export function replicaLagMonitor(primary: Kysely<DB>, replica: Kysely<DB>): () => Promise<number | null> {
  let last: { at: number; value: Promise<number | null> } | null = null;
  return () => {
    const now = Date.now();
    if (!last || now - last.at >= LAG_FRESH_MS) {
      last = { at: now, value: measureReplicaLag(primary, replica).catch(() => null) };
    }
    return last.value;
  };
}
