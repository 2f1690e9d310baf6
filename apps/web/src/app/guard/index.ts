import { matchRoutes } from 'react-router';
import { ApiError, TransportError } from '../../lib/api';
import { HOME_PATH, LOGIN_PATH, NOT_FOUND_PATH, UNAUTHORIZED_PATH } from '../../lib/paths';

export { safeRedirectTarget } from '../../lib/paths';

/**
 * The navigation guard (docs/product.md, "Navigation") as pure decisions, so every rule is testable without a router.
 */
export interface GuardState {
  token: string;
  routesLoaded: boolean;
  /** The server requires 2FA and this user has not bound an authenticator: only binding is allowed. */
  mustBind: boolean;
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Load user info and build the routes, then retry the same navigation. */
  | { kind: 'load' };

/** The login path that leads back to `fullPath` afterwards; error pages are not worth returning to. */
export function loginRedirect(fullPath: string): string {
  const path = fullPath.split('?')[0];
  if (!path || path === HOME_PATH || path === LOGIN_PATH || path === NOT_FOUND_PATH || path === UNAUTHORIZED_PATH) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`;
}

export function decideNavigation(pathname: string, search: string, state: GuardState): GuardDecision {
  if (!state.token) {
    return pathname === LOGIN_PATH ? { kind: 'allow' } : { kind: 'redirect', to: loginRedirect(pathname + search) };
  }
  if (!state.routesLoaded) return { kind: 'load' };
  if (state.mustBind) return pathname === LOGIN_PATH ? { kind: 'allow' } : { kind: 'redirect', to: LOGIN_PATH };
  if (pathname === LOGIN_PATH) return { kind: 'redirect', to: HOME_PATH };
  return { kind: 'allow' };
}

/**
 * Where a logged-in user goes from a path their routes do not hold (docs/product.md, "Navigation"): a page of the
 * console their permission codes leave out is unauthorized (/401), anything else does not exist
 * (/404). `consolePaths` are every path of the route table, whatever the permissions. Matched as
 * the router matches (case and a trailing slash aside), so a path never counts as a page it could
 * not open.
 */
export function unmatchedTarget(pathname: string, consolePaths: readonly string[]): string {
  return matchRoutes(consolePaths.map((path) => ({ path })), pathname) ? UNAUTHORIZED_PATH : NOT_FOUND_PATH;
}

export interface GuardDeps {
  state: () => GuardState;
  /** Loads user info and builds/adds the permitted routes; rejects on any failure. */
  loadAccess: () => Promise<void>;
  /** Clears the session without a message (docs/product.md, "Navigation"). */
  clearSession: () => void;
}

/**
 * Runs the guard for one navigation. Returns the path to redirect to, or null to let it through.
 * After loading, the same navigation is retried by redirecting to it.
 */
export async function runGuard(pathname: string, search: string, deps: GuardDeps): Promise<string | null> {
  const decision = decideNavigation(pathname, search, deps.state());
  if (decision.kind === 'allow') return null;
  if (decision.kind === 'redirect') return decision.to;
  try {
    await deps.loadAccess();
  } catch (err) {
    // Only the server's refusal ends the session here. A load that got no answer keeps it: the
    // error page offers a reload, which goes on signed in. Before, a reload while the user's info
    // was still loading (or the server restarting meanwhile) signed the user out.
    if (!refusesSession(err)) throw err;
    deps.clearSession();
    return LOGIN_PATH;
  }
  return pathname + search;
}

/**
 * Whether a failed load of the user's info means the server no longer takes the session: it
 * answered, and not with an error of its own. A call without an answer (the page reloaded or left
 * meanwhile, the network or the server down for a moment: NETWORK, TIMEOUT, HTTP 5xx) or a chunk
 * of the console that failed to load says nothing about the session.
 */
function refusesSession(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  if (err.code === TransportError.Network || err.code === TransportError.Timeout) return false;
  return (err.status ?? 0) < 500;
}

/** `/redirect/<path>` → `/<path>`, keeping the query: the helper tab refresh navigates through. */
export function redirectHelperTarget(pathname: string, search: string): string {
  const rest = pathname.slice('/redirect'.length).replace(/^\/+/, '');
  return `/${rest}${search}`;
}
