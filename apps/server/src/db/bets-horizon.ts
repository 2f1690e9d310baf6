import { sql, type Kysely } from 'kysely';
import type { Database, Dialect } from './database.ts';
import type { DB } from './schema.ts';
import { toNumber } from './sql.ts';

/**
 * Reading bets in id order while bets keep arriving (the agent API's `bets` cursor) must never
 * skip one. On PostgreSQL ids are handed out before commit, so a transaction holding lower ids can
 * commit after one holding higher: a reader that had passed those ids would never see them. So
 * every transaction that stores bets holds this advisory lock shared (holdBetsHorizon), and
 * betsHorizon takes it exclusively for a moment: it waits for the transactions in flight, and any
 * later one draws higher ids. Every bet at or below the horizon is then committed, and none can
 * still appear there. SQLite writes one transaction at a time, so its ids commit in order.
 */
const BETS_HORIZON_LOCK = 0x62657473; // "bets"

/** Called first in a transaction that stores bets. */
export async function holdBetsHorizon(trx: Kysely<DB>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock_shared(${BETS_HORIZON_LOCK})`.execute(trx);
}

/** The largest bet id below which every bet is committed and no new bet can appear. */
export async function betsHorizon(database: Database): Promise<number> {
  const read = async (db: Kysely<DB>) => toNumber((await db.selectFrom('bet').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0);
  if (database.dialect === 'sqlite') return read(database.db);
  return database.db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${BETS_HORIZON_LOCK})`.execute(trx);
    return read(trx);
  });
}
