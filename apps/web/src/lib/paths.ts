/** Fixed paths of the console (docs/product.md, "Screens and routes"). */
export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';
export const DASHBOARD_PATH = '/dashboard';
export const NOT_FOUND_PATH = '/404';
export const UNAUTHORIZED_PATH = '/401';
export const REDIRECT_PREFIX = '/redirect';

/**
 * Where a login should lead: the `redirect` query parameter when it is a path inside the console,
 * else home. Anything else (another origin, a protocol) is ignored.
 */
export function safeRedirectTarget(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return HOME_PATH;
  if (raw === LOGIN_PATH || raw.startsWith(`${LOGIN_PATH}?`)) return HOME_PATH;
  return raw;
}
