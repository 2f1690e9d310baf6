import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { listAgentsQuick } from './repository.ts';

/** Every agent for pickers: parents come before their children (tree-path order). */
export async function agentQuickList(db: Kysely<DB>) {
  const list = await listAgentsQuick(db);
  return { list, total: list.length };
}
