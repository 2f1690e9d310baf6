import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { RouteDef, user } from '@console/contract';
import { call, type RequestOptions } from '../lib/api';
// Call definitions load on demand: they bring zod, which the login screen must not wait for.
const calls = () => import('../lib/calls');
import { hashPassword } from '../lib/password';
import { isSessionKind, type SessionKind } from '../lib/session-kind';
import { DEFAULT_AGENT_ID, loadDictionaries, useDictStore } from './dict';
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

export type { SessionKind };

/**
 * The kind of the session (operator or agent user) lives beside the token, under its own key:
 * written before the token, so another tab that hears of a new token reads its kind with it. It
 * stays after logout, so the login screen opens on the tab of the last session.
 */
export const KIND_KEY = 'session_kind';

export function readKind(): SessionKind {
  try {
    const v = localStorage.getItem(KIND_KEY);
    return isSessionKind(v) ? v : 'operator';
  } catch {
    return 'operator';
  }
}

function writeKind(kind: SessionKind) {
  localStorage.setItem(KIND_KEY, kind);
}

/**
 * The user of the session: an operator's user info, or an agent user's, which adds their agent
 * and admin level (user.AgentUserInfo).
 */
export type UserInfo = user.UserInfo | user.AgentUserInfo;

/** The agent user's info, or null for an operator. */
export const agentUserOf = (info: UserInfo | null | undefined): user.AgentUserInfo | null =>
  info && 'agent_code' in info && typeof info.agent_code === 'string' ? info : null;

export interface PasswordLogin {
  account: string;
  password: string;
  googleCode: string;
}

export interface AgentLogin {
  /** '' on a host registered as the agent's domain: the server names the agent from the host. */
  agentCode: string;
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
  /** The kind of the session, or of the last one while logged out. */
  kind: SessionKind;
  userInfo: UserInfo | null;
  permissions: string[];
  /** The permitted part of the route table, built once per login by the navigation guard. */
  routes: RouteDef[];
  routesLoaded: boolean;
  loginWithPassword: (form: PasswordLogin, opts?: RequestOptions) => Promise<UserInfo>;
  loginWithSms: (form: SmsLogin, opts?: RequestOptions) => Promise<UserInfo>;
  /** An agent user's login (docs/product.md, "The agent back office"): the session's calls then go to /v1/agent/. */
  loginAsAgent: (form: AgentLogin, opts?: RequestOptions) => Promise<UserInfo>;
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
      const start = (token: string, info: UserInfo, kind: SessionKind) => {
        writeKind(kind);
        writeToken(token);
        set({ token, kind, userInfo: info, permissions: [], routes: [], routesLoaded: false });
        // The remembered agent of the report filters may lie outside an agent user's sub-tree
        // (the server refuses it): their reports start from their whole sub-tree.
        if (kind === 'agent') useDictStore.getState().setAgentId(DEFAULT_AGENT_ID);
        useSettingsStore.getState().setSetting('watermarkEnabled', true);
        if (!mustBindFirst(info)) void loadDictionaries();
        return info;
      };
      return {
        token: readToken(),
        kind: readKind(),
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
          return start(data.token, data.user_info, 'operator');
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
          return start(data.token, data.user_info, 'operator');
        },
        async loginAsAgent({ agentCode, account, password, googleCode }, opts) {
          const { user } = await calls();
          const data = await call(
            user.agentLogin,
            { agent_code: agentCode.trim(), account: account.trim(), password: hashPassword(password), google_code: googleCode },
            opts,
          );
          return start(data.token, data.user_info, 'agent');
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
            // Leaving must work even when the server already forgot the session, without telling
            // the user it expired.
            const { user } = await calls();
            await call(user.logout, {}, { silent: true, ownsExpiry: true }).catch(() => undefined);
          }
          get().clear();
        },
        // The kind stays: the login screen opens on its tab.
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
      useSessionStore.setState({ token: e.newValue ?? '', kind: readKind(), routesLoaded: false, routes: [], permissions: [] });
    }
  });
}

/** Whether the session now held is an agent user's. */
export const isAgentSession = (): boolean => {
  const s = useSessionStore.getState();
  return !!s.token && s.kind === 'agent';
};

/** The kind of the session (or of the last one, while logged out), for screens and menus. */
export const useSessionKind = (): SessionKind => useSessionStore((s) => s.kind);

/** The agent user of the session, or null for an operator. */
export const useAgentUser = (): user.AgentUserInfo | null => agentUserOf(useSessionStore((s) => s.userInfo));
