import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * How key secrets are kept. An ingest key's secret is only ever compared, so only its SHA-256 is
 * stored: the secret is 32 random bytes, far beyond guessing, so a slow password hash would add
 * nothing but cost on every ingest request. An agent key's secret signs the agent's API requests,
 * so the platform must be able to read it back: it is stored encrypted with AES-256-GCM under the
 * key-encryption key, taken from `KEY_ENCRYPTION_KEY` (64 hex characters or base64 of 32 bytes) or,
 * when unset, from `DATA_DIR/key-encryption.key`, generated on first use (mode 0600). Losing that
 * key makes stored agent secrets unreadable (rotate them); leaking it exposes them. Every server on
 * one database must hold the same key (db/key-check.ts checks it at start).
 */

export const newSecret = () => randomBytes(32).toString('base64url');
export const newAppId = (type: 'agent' | 'ingest') => `${type === 'ingest' ? 'ik' : 'ak'}_${randomBytes(12).toString('hex')}`;

export const hashSecret = (secret: string) => `sha256:${createHash('sha256').update(secret, 'utf8').digest('hex')}`;

export function secretMatches(secret: string, stored: string | null): boolean {
  if (!stored) return false;
  const a = Buffer.from(hashSecret(secret));
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A keyed digest (HMAC-SHA256 under the key-encryption key) of a short secret that is only ever
 * compared, such as a 6-digit login code: a plain hash of a million possible values is reversed at
 * once by anyone holding a copy of the database, a keyed one not without the key. `purpose`
 * separates the uses of the one key.
 */
export function keyedDigest(key: Buffer, purpose: string, text: string): string {
  return createHmac('sha256', key).update(`${purpose}\0${text}`, 'utf8').digest('hex');
}

const keyCache = new Map<string, Buffer>();

function parseKey(text: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length !== 32) throw new Error('KEY_ENCRYPTION_KEY must be 32 bytes: 64 hex characters or base64');
  return key;
}

/** Where a server's key-encryption key comes from: `KEY_ENCRYPTION_KEY` (config), else the file under `dataDir`. */
export interface KeySource {
  dataDir: string;
  /** The text of KEY_ENCRYPTION_KEY; empty when unset. */
  keyEncryptionKey: string;
}

export const keyFileOf = (dataDir: string) => path.join(dataDir, 'key-encryption.key');

/**
 * The key-encryption key: the configured one, else the file under `dataDir`, created when missing.
 * Every server on one database must use the same key: db/key-check.ts refuses a start with another.
 */
export function keyEncryptionKey(source: KeySource): Buffer {
  if (source.keyEncryptionKey) return parseKey(source.keyEncryptionKey);
  const file = keyFileOf(source.dataDir);
  const cached = keyCache.get(file);
  if (cached) return cached;
  if (!fs.existsSync(file)) {
    fs.mkdirSync(source.dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32).toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // Another process created it at the same moment: use theirs.
      if ((err as { code?: string }).code !== 'EEXIST') throw err;
    }
  }
  const key = parseKey(fs.readFileSync(file, 'utf8'));
  keyCache.set(file, key);
  return key;
}

/**
 * What the database keeps to recognise the key (never the key itself): a keyed digest of a fixed
 * text, which tells whether two keys are the same and nothing about either.
 */
export const keyCheckValue = (key: Buffer) => `v1:${keyedDigest(key, 'key-check', 'key-encryption-key')}`;

/** A sealed secret that this key cannot open: sealed under another key, or damaged. */
export class SecretUnreadableError extends Error {
  constructor() {
    super('the secret cannot be opened with this key-encryption key (sealed with another key, or damaged)');
  }
}

/** "v1:<iv>:<tag>:<ciphertext>", base64url parts. */
export function encryptSecret(secret: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join(':');
}

/** The secret sealed in `stored`; SecretUnreadableError when this key cannot open it. */
export function decryptSecret(stored: string, key: Buffer): string {
  const [v, iv, tag, ct] = stored.split(':');
  if (v !== 'v1' || !iv || !tag || !ct) throw new SecretUnreadableError();
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretUnreadableError();
  }
}
