import { Secret, TOTP } from 'otpauth';
import { decryptSecret, encryptSecret, keyEncryptionKey } from '../../lib/secret-box.ts';

/** The name authenticator apps show above the account. */
export const TOTP_ISSUER = 'GameConsole';

// The parameters every common authenticator app assumes when the URI names none.
const PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** One step either side: phones whose clocks drift up to 30 s still work. */
const WINDOW = 1;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpUri(secret: string, account: string): string {
  return new TOTP({ ...PARAMS, issuer: TOTP_ISSUER, label: account, secret: Secret.fromBase32(secret) }).toString();
}

/**
 * The time step a code belongs to, or null when no step in the window produces it. Callers accept
 * a step only once (see `acceptTotpStep` in the repository), so an overheard code cannot be replayed.
 */
export function matchTotpStep(secret: string, code: string, timestamp = Date.now()): number | null {
  const delta = TOTP.validate({ ...PARAMS, token: code, secret: Secret.fromBase32(secret), window: WINDOW, timestamp });
  return delta === null ? null : Math.floor(timestamp / 1000 / PARAMS.period) + delta;
}

/**
 * TOTP secrets are kept sealed (AES-256-GCM under the server's key-encryption key, the same one
 * that protects agent API secrets): a copy of the database alone does not yield working codes.
 */
export const sealTotpSecret = (secret: string, dataDir: string) => encryptSecret(secret, keyEncryptionKey(dataDir));
export const openTotpSecret = (sealed: string, dataDir: string) => decryptSecret(sealed, keyEncryptionKey(dataDir));
