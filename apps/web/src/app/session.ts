import { parsePermissionString } from '@console/contract';
import { call, configureApi } from '../lib/api';
import i18n, { currentLanguage } from '../locales';
import { useSessionStore } from '../stores/session';
import { buildPermittedRoutes } from './route-table';
import { availableScreens } from './screens';

/** Loads the user and their permitted routes (the guard's first-navigation step). */
export async function loadAccess(addRoutes: (routes: ReturnType<typeof buildPermittedRoutes>) => void): Promise<void> {
  // Silent: a failure here clears the session and shows the login screen without any message.
  // The call definitions (and zod) load here, after the login screen, not before it.
  const { user } = await import('../lib/calls');
  const data = await call(user.userInfo, {}, { silent: true });
  const permissions = parsePermissionString(data.permissions);
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
