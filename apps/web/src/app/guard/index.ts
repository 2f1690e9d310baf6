import { HOME_PATH, LOGIN_PATH, NOT_FOUND_PATH, UNAUTHORIZED_PATH } from '../../lib/paths';

export { safeRedirectTarget } from '../../lib/paths';

/**
 * The navigation guard of spec §2 as pure decisions, so every rule is testable without a router.
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

export interface GuardDeps {
  state: () => GuardState;
  /** Loads user info and builds/adds the permitted routes; rejects on any failure. */
  loadAccess: () => Promise<void>;
  /** Clears the session without a message (spec §8). */
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
  } catch {
    deps.clearSession();
    return LOGIN_PATH;
  }
  return pathname + search;
}

/** `/redirect/<path>` → `/<path>`, keeping the query: the helper tab refresh navigates through. */
export function redirectHelperTarget(pathname: string, search: string): string {
  const rest = pathname.slice('/redirect'.length).replace(/^\/+/, '');
  return `/${rest}${search}`;
}
