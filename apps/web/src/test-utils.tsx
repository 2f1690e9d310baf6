/** Shared fixtures of the web unit tests: a fake API behind the real client, and the app's providers. */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { StyleProvider } from '@ant-design/cssinjs';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { user } from '@console/contract';
import { configureApi } from './lib/api';
import { setFeedback } from './lib/feedback';
import type { SessionKind } from './lib/session-kind';

/** A desktop's media queries for jsdom: every min-width query matches, so antd's breakpoints are all on. */
export const desktopMatchMedia = (query: string) =>
  ({ matches: /min-width/.test(query), media: query, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false }) as MediaQueryList;

export const ok = (data: unknown) => new Response(JSON.stringify({ error_code: '0', error_msg: '', data }), { headers: { 'content-type': 'application/json' } });
export const failed = (code: string, msg: string) => new Response(JSON.stringify({ error_code: code, error_msg: msg, data: null }), { headers: { 'content-type': 'application/json' } });

/** Answers a call by its path (without /v1/operator/ or /v1/agent/) and body; anything unhandled answers `null`. */
export type FakeRoute = (path: string, body: Record<string, unknown>) => Response | Promise<Response> | undefined;

/**
 * Points the API client at `route` and catches its toasts and notifications. `sent(path)` lists the
 * bodies of the calls made to one path, in order; `prefixes()` the prefix each call went under.
 * `kind` is the session's, for the prefix the client chooses.
 */
export function fakeApi(route: FakeRoute, token = 'tok', kind: SessionKind = 'operator') {
  const log: { path: string; prefix: string; body: Record<string, unknown> }[] = [];
  const fetch = vi.fn<typeof globalThis.fetch>(async (url, init) => {
    const [, prefix = '', path = String(url)] = /^(\/v1\/(?:operator|agent)\/)(.*)$/.exec(String(url)) ?? [];
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    log.push({ path, prefix, body });
    return (await route(path, body)) ?? ok(null);
  });
  const toast = { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() };
  const notice = { info: vi.fn(), error: vi.fn(), success: vi.fn(), warning: vi.fn() };
  setFeedback({ message: toast as never, notification: notice as never });
  configureApi({ fetch, getToken: () => token, getSessionKind: () => kind, getLanguage: () => 'zh-cn' });
  return {
    fetch,
    toast,
    notice,
    sent: (path: string) => log.filter((c) => c.path === path).map((c) => c.body),
    prefixes: () => [...new Set(log.map((c) => c.prefix))],
  };
}

/** A promise with its resolve at hand: an answer that arrives when the test says so. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * Renders `ui` inside antd's App, a query client of its own and a router at `route` (list screens
 * keep their state in the URL query), as the console layout does.
 *
 * antd's styles are generated but not put into the document (`mock="server"`, as when rendering on
 * a server): jsdom lays nothing out, and every style query of the role and visibility look-ups
 * went through hundreds of injected rules. The screen tests take about a fifth less CPU (the
 * prize-pool screen's 11.2 → 7.3 s); the browser tests check the styled console.
 */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return {
    queryClient,
    ...render(
      <StyleProvider mock="server">
        <App>
          <QueryClientProvider client={queryClient}>
            <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
          </QueryClientProvider>
        </App>
      </StyleProvider>,
    ),
  };
}

/** An operator account as user/list answers it; `fields` name what a test cares about. */
export const operatorUser = (fields: Partial<user.OperatorUser> = {}): user.OperatorUser => ({
  id: 1,
  account: 'ops',
  name: 'Ops',
  phone: '',
  status: 1,
  google_bound: false,
  permissions: '1',
  last_login_at: null,
  last_login_ip: null,
  created_at: '2026-01-01T00:00:00.000Z',
  ...fields,
});
