import { AGENT_PERMISSION_CODES, parsePermissionString } from '@console/contract';
import { call, configureApi } from '../lib/api';
import i18n, { currentLanguage } from '../locales';
import { isAgentSession, useSessionStore } from '../stores/session';
import { buildPermittedRoutes } from './route-table';
import { availableScreens } from './screens';

/**
 * The codes a session's menus and routes are built from: an agent user's are the agent
 * permission tree's only (docs/product.md, "The agent back office"), so no screen that needs an
 * operator's call is ever offered to them, whatever a level held.
 */
export function agentSessionCodes(codes: readonly string[], agent: boolean): string[] {
  if (!agent) return [...codes];
  const allowed = new Set(AGENT_PERMISSION_CODES);
  return codes.filter((c) => allowed.has(c));
}

const FIRST_LOAD = { silent: true, ownsExpiry: true } as const;

/** Loads the user and their permitted routes (the guard's first-navigation step). */
export async function loadAccess(addRoutes: (routes: ReturnType<typeof buildPermittedRoutes>) => void): Promise<void> {
  // Silent, and the session's own to end: the server's refusal here (an expired session too)
  // clears the session and shows the login screen without any message; a load without an answer
  // keeps the session (the guard, runGuard).
  // The call definitions (and zod) load here, after the login screen, not before it.
  const { user } = await import('../lib/calls');
  const agent = isAgentSession();
  const data = agent ? await call(user.agentUserInfo, {}, FIRST_LOAD) : await call(user.userInfo, {}, FIRST_LOAD);
  const permissions = agentSessionCodes(parsePermissionString(data.permissions), agent);
  const routes = buildPermittedRoutes(permissions, availableScreens());
  addRoutes(routes);
  useSessionStore.getState().setAccess({ userInfo: data.user_info, permissions, routes });
}

/**
 * Wires the API client to the session and the language. On expiry the session is cleared; the
 * router follows that by dropping the user's routes and showing the login screen.
 */
export function setupApi(): void {
  configureApi({
    getToken: () => useSessionStore.getState().token,
    getSessionKind: () => useSessionStore.getState().kind,
    getLanguage: currentLanguage,
    texts: () => ({
      systemError: i18n.t('common:systemError'),
      notice: i18n.t('common:notice'),
      sessionExpired: i18n.t('common:sessionExpired'),
      timeout: i18n.t('common:requestTimeout'),
      network: i18n.t('common:networkError'),
      http: (status) => i18n.t('common:httpError', { status }),
    }),
    onSessionExpired: () => useSessionStore.getState().clear(),
  });
}
