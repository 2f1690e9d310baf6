import { ALL_PERMISSION_CODES } from '@console/contract';
import type { Database } from '../database.ts';
import { clientPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { nowIso } from '../../lib/time.ts';

export const DEMO_ADMIN = { account: 'admin', password: 'admin123' } as const;

/** The shortest ADMIN_PASSWORD a start accepts. */
const ADMIN_PASSWORD_MIN = 8;

/**
 * The first administrator's password from ADMIN_PASSWORD, or null when unset. A production start
 * refuses the published demo password, and nothing but a running server could change it: this is
 * how a production database gets its first real one.
 */
export function adminPasswordFromEnv(env: NodeJS.ProcessEnv = process.env): string | null {
  const password = env.ADMIN_PASSWORD;
  if (password === undefined || password === '') return null;
  if (password.length < ADMIN_PASSWORD_MIN) throw new Error(`ADMIN_PASSWORD must have at least ${ADMIN_PASSWORD_MIN} characters`);
  if (password === DEMO_ADMIN.password) throw new Error('ADMIN_PASSWORD must not be the published demo password');
  return password;
}

/** What the database keeps of a plain password (the console sends its double MD5, which is hashed). */
const storedPassword = (plain: string) => hashPassword(clientPasswordHash(plain));

/**
 * Seeds the operator `admin` on an empty database, with `password` (default: the demo password).
 * Returns true when it did.
 */
export async function seedOperators(database: Database, password: string = DEMO_ADMIN.password): Promise<boolean> {
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
      password_hash: await storedPassword(password),
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
 * Seeds the operators a first start needs. Steps run in order; each decides on its own whether its
 * data is already there, so a second start seeds nothing. The demo platform is generated after
 * them by modules/demo (server.ts runs both): db/ never imports a module.
 */
export type SeedStep = (database: Database, log: (msg: string) => void) => Promise<void>;
export const seedSteps: SeedStep[] = [
  async (database, log) => {
    const password = adminPasswordFromEnv();
    if (await seedOperators(database, password ?? DEMO_ADMIN.password)) {
      log(password ? `seeded the operator ${DEMO_ADMIN.account} with the password of ADMIN_PASSWORD` : `seeded the demo operator ${DEMO_ADMIN.account}`);
    } else if (password && (await demoPasswordUnchanged(database))) {
      // A database first started without it (a demo, say): ADMIN_PASSWORD replaces the demo
      // password, and only that one, so a later start never undoes a change made in the console.
      await database.db
        .updateTable('operator_user')
        .set({ password_hash: await storedPassword(password), updated_at: nowIso() })
        .where('account', '=', DEMO_ADMIN.account)
        .execute();
      log(`replaced the demo password of ${DEMO_ADMIN.account} with ADMIN_PASSWORD`);
    }
  },
];

export async function seed(database: Database, log: (msg: string) => void) {
  for (const step of seedSteps) await step(database, log);
}
