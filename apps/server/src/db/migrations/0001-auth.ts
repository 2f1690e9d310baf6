import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { withId, type MigrationStep } from './helpers.ts';

export const m0001Auth: MigrationStep = {
  async up(db: Kysely<unknown>, dialect: Dialect) {
    await withId(db.schema.createTable('operator_user'), dialect)
      .addColumn('account', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(128)', (c) => c.notNull())
      .addColumn('phone', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
      .addColumn('password_hash', 'varchar(256)', (c) => c.notNull())
      .addColumn('totp_secret', 'varchar(128)')
      .addColumn('totp_pending_secret', 'varchar(128)')
      .addColumn('permissions', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('last_login_at', 'varchar(32)')
      .addColumn('last_login_ip', 'varchar(64)')
      .addColumn('created_by', 'bigint')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('operator_user_phone_idx').on('operator_user').column('phone').execute();

    await withId(db.schema.createTable('session'), dialect)
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('operator_user.id').onDelete('cascade'))
      .addColumn('ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('user_agent', 'varchar(512)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('session_user_idx').on('session').column('user_id').execute();

    await withId(db.schema.createTable('operation_log'), dialect)
      .addColumn('operator_id', 'bigint')
      .addColumn('operator_account', 'varchar(64)', (c) => c.notNull())
      .addColumn('action', 'varchar(128)', (c) => c.notNull())
      .addColumn('target', 'varchar(256)', (c) => c.notNull().defaultTo(''))
      .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('result_code', 'varchar(16)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('operation_log_time_idx').on('operation_log').column('created_at').execute();
    await db.schema.createIndex('operation_log_operator_idx').on('operation_log').columns(['operator_id', 'created_at']).execute();

    await withId(db.schema.createTable('sms_code'), dialect)
      .addColumn('phone', 'varchar(32)', (c) => c.notNull())
      .addColumn('code_hash', 'varchar(128)', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('used_at', 'varchar(32)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sms_code_phone_idx').on('sms_code').columns(['phone', 'created_at']).execute();

    await withId(db.schema.createTable('login_failure'), dialect)
      .addColumn('account', 'varchar(64)', (c) => c.notNull())
      .addColumn('ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('login_failure_account_idx').on('login_failure').columns(['account', 'created_at']).execute();
    await db.schema.createIndex('login_failure_ip_idx').on('login_failure').columns(['ip', 'created_at']).execute();
  },
};
