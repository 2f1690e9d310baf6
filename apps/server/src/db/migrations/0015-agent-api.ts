import type { Kysely } from 'kysely';
import type { MigrationStep } from './helpers.ts';

/**
 * The agent API (docs/product.md, "The agent API"): the nonces each agent key used in the last
 * minutes, so a captured request cannot be sent again, and the address each key was last used
 * from, shown on the key screen.
 */
export const m0015AgentApi: MigrationStep = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('api_nonce')
      .addColumn('key_id', 'bigint', (c) => c.notNull())
      .addColumn('nonce', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('api_nonce_pk', ['key_id', 'nonce'])
      .execute();
    await db.schema.createIndex('api_nonce_time_idx').on('api_nonce').column('created_at').execute();
    await db.schema.alterTable('api_key').addColumn('last_used_ip', 'varchar(64)').execute();
  },
};
