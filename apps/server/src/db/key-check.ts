import type { Kysely } from 'kysely';
import { keyCheckValue, keyEncryptionKey, keyFileOf, type KeySource } from '../lib/secret-box.ts';
import type { DB } from './schema.ts';

/** The `server_setting` row that holds the key-encryption key's check value (migration 0021). */
const KEK_CHECK = 'kek_check';

/** A server whose key-encryption key is not the one the database's secrets were sealed with. */
export class KeyMismatchError extends Error {
  constructor(source: KeySource) {
    const from = source.keyEncryptionKey ? 'KEY_ENCRYPTION_KEY' : `the file ${keyFileOf(source.dataDir)} (KEY_ENCRYPTION_KEY is unset)`;
    super(
      `Refusing to start: this server's key-encryption key, from ${from}, is not the key the other servers on this database use ` +
        '(the database holds the check value of another key, recorded by the first server that started on it). ' +
        'Authenticator secrets, agent-key secrets and login codes sealed by the other servers could not be opened here. ' +
        "Set KEY_ENCRYPTION_KEY to the key the other servers use (the 64 hex characters of their KEY_ENCRYPTION_KEY, or of their DATA_DIR/key-encryption.key) and start again.",
    );
    this.name = 'KeyMismatchError';
  }
}

/**
 * Checks the server's key-encryption key against the database: the first server to start on a
 * database records its key's check value; every later one must have the same key, or it is
 * refused (KeyMismatchError) before it seals or opens anything. Two first starts at once: one
 * insert wins and the other is compared with it.
 */
export async function checkKeyEncryptionKey(db: Kysely<DB>, source: KeySource): Promise<void> {
  const mine = keyCheckValue(keyEncryptionKey(source));
  await db
    .insertInto('server_setting')
    .values({ name: KEK_CHECK, value: mine, updated_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_setting').select('value').where('name', '=', KEK_CHECK).executeTakeFirstOrThrow();
  if (row.value !== mine) throw new KeyMismatchError(source);
}
