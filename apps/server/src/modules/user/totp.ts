import { Secret, TOTP } from 'otpauth';
import { ErrorCode } from '@console/contract';
import { apiError } from '../../lib/api-error.ts';
import { decryptSecret, encryptSecret, keyEncryptionKey, SecretUnreadableError, type KeySource } from '../../lib/secret-box.ts';

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
export const sealTotpSecret = (secret: string, keys: KeySource) => encryptSecret(secret, keyEncryptionKey(keys));
/** The authenticator's secret, or SecretUnreadableError when this server's key cannot open it. */
export const openTotpSecret = (sealed: string, keys: KeySource) => decryptSecret(sealed, keyEncryptionKey(keys));

/** The secret, or the clear refusal B0002 with the words `zh` / `en` when this server's key cannot open it. */
function openOrRefuse(sealed: string, keys: KeySource, zh: string, en: string): string {
  try {
    return openTotpSecret(sealed, keys);
  } catch (err) {
    if (!(err instanceof SecretUnreadableError)) throw err;
    throw apiError(ErrorCode.SecretUnreadable, zh, en);
  }
}

/**
 * The bound authenticator's secret, for checking a code; an authenticator sealed under another
 * key-encryption key (or damaged) is the clear refusal B0002, never a system error: an
 * administrator unbinds it (Backend account management) and the user binds one again.
 */
export const openBoundTotpSecret = (sealed: string, keys: KeySource): string =>
  openOrRefuse(
    sealed,
    keys,
    '此账号绑定的身份验证器由另一把加密密钥加密（或已损坏），无法校验动态码：请管理员在后台账号管理中解绑后重新绑定',
    "This account's authenticator was sealed with another key-encryption key (or is damaged), so its codes cannot be checked: an administrator must unbind it in Backend account management, then bind it again",
  );

/** The secret of a binding in progress; one this server cannot open asks to start binding again. */
export const openPendingTotpSecret = (sealed: string, keys: KeySource): string =>
  openOrRefuse(
    sealed,
    keys,
    '绑定中的身份验证器由另一把加密密钥加密（或已损坏）：请重新获取绑定二维码',
    'The authenticator being bound was sealed with another key-encryption key (or is damaged): request the QR code again',
  );
