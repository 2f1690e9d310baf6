import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { listGames } from './repository.ts';

/** Every game with its platform, in the platform's then the game's display order. */
export async function gameList(db: Kysely<DB>) {
  const list = await listGames(db);
  return { list, total: list.length };
}
