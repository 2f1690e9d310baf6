import type { Kysely } from 'kysely';
import { withId, type MigrationStep } from './helpers.ts';

/**
 * Agent users log in (docs/product.md, "The agent back office"): their sessions, kept apart from
 * the operators' so neither kind of token opens the other's calls; their authenticator binding as
 * the operators' (pending secret, last step used); the operation log's rows of agent users, named
 * by user and agent code; and exports requested by agent users, listed only to them.
 */
export const m0014AgentSessions: MigrationStep = {
  async up(db: Kysely<unknown>, dialect) {
    await db.schema.alterTable('agent_user').addColumn('totp_pending_secret', 'text').execute();
    await db.schema.alterTable('agent_user').addColumn('totp_last_step', 'bigint').execute();

    await withId(db.schema.createTable('agent_session'), dialect)
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('agent_user_id', 'bigint', (c) => c.notNull().references('agent_user.id').onDelete('cascade'))
      .addColumn('ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('user_agent', 'varchar(512)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('agent_session_user_idx').on('agent_session').column('agent_user_id').execute();

    await db.schema.alterTable('operation_log').addColumn('agent_user_id', 'bigint').execute();
    await db.schema.alterTable('operation_log').addColumn('agent_code', 'varchar(64)', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.createIndex('operation_log_agent_idx').on('operation_log').columns(['agent_code', 'created_at']).execute();

    await db.schema.alterTable('export').addColumn('requested_by_agent_user', 'bigint').execute();
  },
};
