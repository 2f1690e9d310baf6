import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { chunksFor, updateBigintById } from '../../db/bulk-sql.ts';
import { toNumber } from '../../db/sql.ts';

/** SQL of the player table used by the ingest. */

export interface PlayerRef {
  id: number;
  agent_id: number;
  account: string;
  currency_id: number;
}

export const playerKey = (agentId: number, account: string) => `${agentId}\u0000${account}`;

/**
 * The players among the given (agent, account) pairs that exist. One query: the composite unique
 * index (agent_id, account) serves `agent_id IN … AND account IN …`; pairs that only cross-match
 * are dropped here.
 */
export async function findPlayers(db: Kysely<DB>, pairs: ReadonlyArray<{ agent_id: number; account: string }>): Promise<Map<string, PlayerRef>> {
  const out = new Map<string, PlayerRef>();
  if (pairs.length === 0) return out;
  const wanted = new Set(pairs.map((p) => playerKey(p.agent_id, p.account)));
  const agentIds = [...new Set(pairs.map((p) => p.agent_id))];
  for (const chunk of chunksFor([...new Set(pairs.map((p) => p.account))], 1)) {
    const rows = await db
      .selectFrom('player')
      .select(['id', 'agent_id', 'account', 'currency_id'])
      .where('agent_id', 'in', agentIds)
      .where('account', 'in', chunk)
      .execute();
    for (const r of rows) {
      const ref = { id: toNumber(r.id), agent_id: toNumber(r.agent_id), account: r.account, currency_id: toNumber(r.currency_id) };
      const key = playerKey(ref.agent_id, ref.account);
      if (wanted.has(key)) out.set(key, ref);
    }
  }
  return out;
}

/** The accounts of the given player ids (those that exist). */
export async function playerAccounts(db: Kysely<DB>, ids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (const chunk of chunksFor([...new Set(ids)], 1)) {
    for (const r of await db.selectFrom('player').select(['id', 'account']).where('id', 'in', chunk).execute()) out.set(toNumber(r.id), r.account);
  }
  return out;
}

export interface NewPlayerRow {
  agent_id: number;
  account: string;
  currency_id: number;
  registered_at: number;
}

/**
 * Inserts players, skipping any that a concurrent transaction created first; answers the ones
 * this call created. Rows go in (agent_id, account) order so that concurrent batches take the
 * unique-index locks in the same order (no deadlock on PostgreSQL).
 */
export async function insertPlayers(db: Kysely<DB>, rows: NewPlayerRow[], now: string): Promise<Array<PlayerRef & { registered_at: number }>> {
  const sorted = [...rows].sort((a, b) => a.agent_id - b.agent_id || (a.account < b.account ? -1 : a.account > b.account ? 1 : 0));
  const out: Array<PlayerRef & { registered_at: number }> = [];
  for (const chunk of chunksFor(sorted, 8)) {
    const inserted = await db
      .insertInto('player')
      .values(chunk.map((r) => ({ ...r, status: 1, last_bet_at: null, created_at: now, updated_at: now })))
      .onConflict((oc) => oc.columns(['agent_id', 'account']).doNothing())
      .returning(['id', 'agent_id', 'account', 'currency_id', 'registered_at'])
      .execute();
    for (const r of inserted) {
      out.push({
        id: toNumber(r.id),
        agent_id: toNumber(r.agent_id),
        account: r.account,
        currency_id: toNumber(r.currency_id),
        registered_at: toNumber(r.registered_at),
      });
    }
  }
  return out;
}

/** Moves last_bet_at forward (never back: batches may arrive out of time order). */
export async function advanceLastBetAt(db: Kysely<DB>, dialect: Dialect, rows: Array<{ id: number; value: number }>, now: string) {
  await updateBigintById(db, dialect, 'player', 'last_bet_at', rows, now, true);
}
