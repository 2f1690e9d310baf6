import type { Kysely } from 'kysely';
import type { MigrationStep } from './helpers.ts';

/**
 * What an ingest key may send (docs/product.md, "Keys"): optionally limited to one agent's
 * sub-tree (`scope_agent_id`) and to one provider's games (`scope_platform_id`). NULL is no limit,
 * so every key issued before stays as it was: good for every agent and provider.
 */
export const m0025IngestKeyScope: MigrationStep = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('api_key').addColumn('scope_agent_id', 'bigint').execute();
    await db.schema.alterTable('api_key').addColumn('scope_platform_id', 'bigint').execute();
  },
};
