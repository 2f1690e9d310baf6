import type { Kysely } from 'kysely';
import type { MigrationStep } from './helpers.ts';

/**
 * The addresses each account (or phone) last logged in from: an address with a recent success is
 * the operator's usual one, and the looser account-wide failure limit does not apply to it
 * (docs/security.md, "Failed logins"), so a stranger guessing from elsewhere cannot lock it out.
 */
export const m0011LoginKnownAddress: MigrationStep = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('login_known_address')
      .addColumn('account', 'varchar(64)', (c) => c.notNull())
      .addColumn('ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('last_success_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('login_known_address_pk', ['account', 'ip'])
      .execute();
    // The pair limit reads an account's failures from one address.
    await db.schema.createIndex('login_failure_account_ip_idx').on('login_failure').columns(['account', 'ip', 'created_at']).execute();
  },
};
