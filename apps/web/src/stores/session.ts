import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { RouteDef, user } from '@console/contract';

type UserInfo = user.UserInfo;
import { call, type RequestOptions } from '../lib/api';
// Call definitions load on demand: they bring zod, which the login screen must not wait for.
const calls = () => import('../lib/calls');
import { hashPassword } from '../lib/password';
import { loadDictionaries, useDictStore } from './dict';
import { forgetListStates } from './list-prefs';
import { useSettingsStore } from './settings';

/** The token lives in local storage under exactly this key, as a plain string (docs/product.md, "Session in the browser"). */
export const TOKEN_KEY = 'token';

export function readToken(): string {
  try {
    return localStorage.getItem(TOKEN_KEY) ?? '';
  } catch {
    return '';
  }
}

function writeToken(token: string) {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
}

export interface PasswordLogin {
  account: string;
  password: string;
  googleCode: string;
}

export interface SmsLogin {
  phone: string;
  code: string;
  /** The authenticator's code, for an account that has one bound ('' otherwise). */
  googleCode: string;
}

export interface SessionState {
  token: string;
  userInfo: UserInfo | null;
  permissions: string[];
  /** The permitted part of the route table, built once per login by the navigation guard. */
  routes: RouteDef[];
  routesLoaded: boolean;
  loginWithPassword: (form: PasswordLogin, opts?: RequestOptions) => Promise<UserInfo>;
  loginWithSms: (form: SmsLogin, opts?: RequestOptions) => Promise<UserInfo>;
  setUserInfo: (info: UserInfo) => void;
  setAccess: (access: { userInfo: UserInfo; permissions: string[]; routes: RouteDef[] }) => void;
  logout: () => Promise<void>;
  clear: () => void;
}

/** A user who must bind an authenticator may do nothing else, so nothing else is loaded for them. */
export const mustBindFirst = (info: UserInfo | null): boolean => !!info && info.must_bind_google && !info.google_bound;

export const useSessionStore = create<SessionState>()(
  persist(
    (set, get) => {
      const start = (token: string, info: UserInfo) => {
        writeToken(token);
        set({ token, userInfo: info, permissions: [], routes: [], routesLoaded: false });
        useSettingsStore.getState().setSetting('watermarkEnabled', true);
        if (!mustBindFirst(info)) void loadDictionaries();
        return info;
      };
      return {
        token: readToken(),
        userInfo: null,
        permissions: [],
        routes: [],
        routesLoaded: false,
        async loginWithPassword({ account, password, googleCode }, opts) {
          const { user } = await calls();
          const data = await call(
            user.login,
            {
              type: user.LoginType.Password,
              account: account.trim(),
              password: hashPassword(password),
              google_code: googleCode,
              phone: '',
              message_code: '',
            },
            opts,
          );
          return start(data.token, data.user_info);
        },
        async loginWithSms({ phone, code, googleCode }, opts) {
          const { user } = await calls();
          const data = await call(
            user.login,
            {
              type: user.LoginType.Sms,
              phone: phone.trim(),
              message_code: code,
              account: '',
              password: '',
              google_code: googleCode,
            },
            opts,
          );
          return start(data.token, data.user_info);
        },
        setUserInfo(userInfo) {
          const wasHeldBack = mustBindFirst(get().userInfo);
          set({ userInfo });
          // A user who had to bind first skipped the start-up lists at login; load them now.
          if (wasHeldBack && !mustBindFirst(userInfo)) void loadDictionaries();
        },
        setAccess: ({ userInfo, permissions, routes }) => set({ userInfo, permissions, routes, routesLoaded: true }),
        async logout() {
          if (get().token) {
            // Leaving must work even when the server already forgot the session.
            const { user } = await calls();
            await call(user.logout, {}, { silent: true }).catch(() => undefined);
          }
          get().clear();
        },
        clear() {
          writeToken('');
          useSettingsStore.getState().setSetting('watermarkEnabled', false);
          useDictStore.getState().clearLists();
          forgetListStates();
          set({ token: '', userInfo: null, permissions: [], routes: [], routesLoaded: false });
        },
      };
    },
    {
      name: 'session',
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ userInfo: s.userInfo }),
    },
  ),
);

// Another tab logging in or out changes the token under our feet; follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === TOKEN_KEY && (e.newValue ?? '') !== useSessionStore.getState().token) {
      useSessionStore.setState({ token: e.newValue ?? '', routesLoaded: false, routes: [], permissions: [] });
    }
  });
}
