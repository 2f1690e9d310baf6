import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { listAgentsQuick } from './repository.ts';

/** Every agent for pickers, in tree order (each before its sub-tree, siblings by id). */
export async function agentQuickList(db: Kysely<DB>) {
  const list = await listAgentsQuick(db);
  return { list, total: list.length };
}
