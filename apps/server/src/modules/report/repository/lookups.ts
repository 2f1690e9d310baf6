import { type Kysely } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import { toNumber } from '../../../db/sql.ts';

/** Which of the filter's game, platform and currency ids (0: not filtered) name nothing stored. */
export async function unknownFilterIds(db: Kysely<DB>, ids: { game_id: number; platform_id: number; currency_id: number }) {
  const exists = async (table: 'game' | 'platform' | 'currency', id: number) =>
    id <= 0 || (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  const [game, platform, currency] = await Promise.all([exists('game', ids.game_id), exists('platform', ids.platform_id), exists('currency', ids.currency_id)]);
  return (['game_id', 'platform_id', 'currency_id'] as const).filter((_, i) => ![game, platform, currency][i]);
}

export async function playersByAccount(db: Kysely<DB>, account: string, agentIds: number[] | null): Promise<number[]> {
  let q = db.selectFrom('player').select('id').where('account', '=', account);
  if (agentIds) q = q.where('agent_id', 'in', agentIds);
  return (await q.execute()).map((r) => toNumber(r.id));
}
