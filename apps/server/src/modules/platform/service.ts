import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { listPlatforms } from './repository.ts';

export async function platformList(db: Kysely<DB>) {
  const list = await listPlatforms(db);
  return { list, total: list.length };
}
