import { ALL_PERMISSION_CODES } from '@console/contract';
import type { Database } from '../database.ts';
import { clientPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { nowIso } from '../../lib/time.ts';
import { seedDemoPlatform } from './demo-step.ts';

export const DEMO_ADMIN = { account: 'admin', password: 'admin123' } as const;

/** Seeds the demo operator on an empty database. Returns true when it did. */
export async function seedOperators(database: Database): Promise<boolean> {
  const existing = await database.db.selectFrom('operator_user').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const now = nowIso();
  await database.db
    .insertInto('operator_user')
    .values({
      account: DEMO_ADMIN.account,
      name: 'Administrator',
      phone: '',
      status: 1,
      password_hash: await hashPassword(clientPasswordHash(DEMO_ADMIN.password)),
      totp_secret: null,
      totp_pending_secret: null,
      permissions: ALL_PERMISSION_CODES.join(','),
      last_login_at: null,
      last_login_ip: null,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return true;
}

/** True while the demo operator still has the published demo password. */
export async function demoPasswordUnchanged(database: Database): Promise<boolean> {
  const row = await database.db
    .selectFrom('operator_user')
    .select('password_hash')
    .where('account', '=', DEMO_ADMIN.account)
    .executeTakeFirst();
  return !!row && (await verifyPassword(clientPasswordHash(DEMO_ADMIN.password), row.password_hash));
}

/**
 * Seeds everything a first start needs. Steps run in order; each decides on its own whether its
 * data is already there, so a second start seeds nothing.
 */
export type SeedStep = (database: Database, log: (msg: string) => void) => Promise<void>;
export const seedSteps: SeedStep[] = [
  async (database, log) => {
    if (await seedOperators(database)) log(`seeded the demo operator ${DEMO_ADMIN.account}`);
  },
  seedDemoPlatform,
];

export async function seed(database: Database, log: (msg: string) => void) {
  for (const step of seedSteps) await step(database, log);
}
