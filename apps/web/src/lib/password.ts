import { md5 } from 'js-md5';

/** The login form's minimum (docs/product.md, "Passwords"); the same as the contract's user.MIN_PASSWORD_LENGTH (a test keeps them equal), held here so the login form needs no schema code. */
export const MIN_PASSWORD_LENGTH = 6;

/**
 * The only form a password ever leaves the browser in (docs/product.md, "Passwords"): MD5, upper-cased, MD5 again,
 * upper-cased. The server treats the result as the password and stores only a salted hash of it.
 */
export function hashPassword(plain: string): string {
  return md5(md5(plain).toUpperCase()).toUpperCase();
}
