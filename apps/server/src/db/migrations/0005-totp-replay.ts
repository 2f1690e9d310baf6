import type { Kysely } from 'kysely';
import type { MigrationStep } from './helpers.ts';

/** The last TOTP time step accepted per operator: a code is good once (RFC 6238 §5.2). */
export const m0005TotpReplay: MigrationStep = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('operator_user').addColumn('totp_last_step', 'bigint').execute();
  },
};
