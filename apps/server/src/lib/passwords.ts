import { randomBytes, scrypt, timingSafeEqual, createHash } from 'node:crypto';

/**
 * Passwords arrive as the upper(md5(upper(md5(plain)))) string (docs/product.md, "Passwords"); we treat that string as the
 * password and keep only a salted scrypt hash of it: "scrypt$N$r$p$salt$hash" (base64).
 */
/**
 * scrypt's cost: 16384 (about 50 ms a hash on a 2-core host), except under the test runner
 * (NODE_ENV=test: vitest), where 1024 keeps the login, lockout and account tests from spending
 * most of their time hashing. A stored hash carries its own cost, so each verifies anywhere.
 */
const N = process.env.NODE_ENV === 'test' ? 1024 : 16384;
const R = 8;
const P = 1;
const KEYLEN = 32;

function scryptAsync(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEYLEN, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(clientHash: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(clientHash, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(clientHash: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, key] = stored.split('$');
  if (alg !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scryptAsync(clientHash, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The console's client-side transform, for seeds and tests: upper(md5(upper(md5(plain)))). */
export function clientPasswordHash(plain: string): string {
  const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex').toUpperCase();
  return md5(md5(plain));
}

/** An opaque random token and the hash under which the server stores it. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
