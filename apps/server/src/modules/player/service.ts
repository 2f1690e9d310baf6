import type { Database } from '../../db/database.ts';
import type { PlayerRef } from './repository.ts';

/**
 * Known players by (agent, account), per open database, so a batch of bets from players seen
 * before needs no look-up query. Safe because a player row is never deleted or moved to another
 * agent; entries are added only after the transaction that read or created them has committed,
 * so a rolled-back creation is never remembered. Bounded: cleared when it grows past MAX.
 */
const MAX = 500_000;
const caches = new WeakMap<Database, Map<string, PlayerRef>>();

export function playerCache(database: Database): Map<string, PlayerRef> {
  let cache = caches.get(database);
  if (!cache) caches.set(database, (cache = new Map()));
  return cache;
}

export function rememberPlayers(database: Database, players: Iterable<[string, PlayerRef]>) {
  const cache = playerCache(database);
  for (const [key, p] of players) cache.set(key, p);
  if (cache.size > MAX) cache.clear();
}
