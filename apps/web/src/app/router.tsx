import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createHashRouter,
  type LoaderFunctionArgs,
  Navigate,
  Outlet,
  redirect,
  type RouteObject,
  useLocation,
  useMatches,
  useNavigation,
} from 'react-router';
import { RouterProvider } from 'react-router/dom';
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { CONSTANT_ROUTES, joinPath, type RouteDef, type RouteMeta } from '@console/contract';
import { mustBindFirst, useSessionStore } from '../stores/session';
import { loginRedirect, redirectHelperTarget, runGuard, unmatchedTarget } from './guard';
import { BootFallback, RouteError } from './boot';
import { consolePaths, LOGIN_PATH, NOT_FOUND_PATH, UNAUTHORIZED_PATH } from './route-table';
import { availableScreens, screens } from './screens';
import { loadAccess } from './session';
import { formatTitle } from '../lib/title';
import { loadAllNamespaces } from '../locales';

// The navigation progress bar's timing (docs/product.md, "Navigation").
// nprogress's own bar carries role="bar", which is no ARIA role; the bar only decorates a load the
// screen itself shows, so assistive technology is told nothing of it.
NProgress.configure({
  minimum: 0.3,
  speed: 500,
  trickleSpeed: 200,
  showSpinner: false,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
});

/** The layout route the permitted routes are added under once they are known. */
export const LAYOUT_ROUTE_ID = 'layout';

/** What every console route carries for the shell (menu, tabs, title, keep-alive). */
export interface RouteHandle {
  path: string;
  title?: string;
  meta: RouteMeta;
}

function screenRoute(def: RouteDef, path: string): RouteObject | undefined {
  const load = def.component ? screens[def.component] : undefined;
  if (!load) return undefined;
  const handle: RouteHandle = { path, ...(def.meta?.title ? { title: def.meta.title } : {}), meta: def.meta ?? {} };
  // Only the login screen's texts come with the entry (src/locales); every other screen waits for
  // the rest, so it never shows a text's key or suspends on a namespace.
  const texts = def.component === 'login' ? undefined : loadAllNamespaces;
  return { path, handle, lazy: async () => ({ Component: (await Promise.all([load(), texts?.()]))[0].default }) };
}

/** The permitted RouteDefs as flat router routes under the layout; parents redirect to their first child. */
export function toRouteObjects(defs: readonly RouteDef[], parent = ''): RouteObject[] {
  const out: RouteObject[] = [];
  for (const def of defs) {
    const full = parent ? joinPath(parent, def.path) : def.path;
    if (def.children) {
      if (def.redirect) {
        const target = def.redirect;
        out.push({ path: full, loader: () => redirect(target) });
      }
      out.push(...toRouteObjects(def.children, full));
      continue;
    }
    if (def.component) {
      const route = screenRoute(def, full);
      if (route) out.push(route);
      continue;
    }
    if (def.redirect) {
      const target = def.redirect;
      out.push({ path: full, loader: () => redirect(target) });
    }
  }
  return out;
}

/** Progress bar, scroll reset and browser title for every navigation. */
function RootShell() {
  const navigation = useNavigation();
  const location = useLocation();
  const matches = useMatches();
  const { t, i18n } = useTranslation();

  useEffect(() => {
    if (navigation.state === 'idle') NProgress.done();
    else NProgress.start();
  }, [navigation.state]);

  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [location.key]);

  const title = [...matches].reverse().map((m) => (m.handle as RouteHandle | undefined)?.title).find(Boolean);
  useEffect(() => {
    document.title = formatTitle(title ? t(`route:${title}`) : '', t('common:brand'));
  }, [title, t, i18n.language]);

  return <Outlet />;
}

/** `/redirect/<path>` re-navigates to `<path>`: the tabs view refreshes a screen through it. */
function RedirectHelper() {
  const location = useLocation();
  return <Navigate replace to={redirectHelperTarget(location.pathname, location.search)} />;
}

/** Every page of the route table, for telling a forbidden page from a missing one. */
let allPaths: string[] | undefined;

/**
 * A path that matches none of the user's routes: the 401 page when it is a console page their
 * permission codes leave out, else the 404 page (docs/product.md, "Navigation").
 */
function Unmatched() {
  const location = useLocation();
  // Without a 404 (or 401) screen, navigating there would land here again and loop.
  if (location.pathname === NOT_FOUND_PATH || location.pathname === UNAUTHORIZED_PATH) return null;
  allPaths ??= consolePaths(availableScreens());
  // Keyed by the navigation: <Navigate> redirects when it mounts, and another navigation to the
  // same unknown path, arriving while the first redirect was under way, would otherwise keep this
  // element mounted and leave the page blank.
  return <Navigate key={location.key} replace to={unmatchedTarget(location.pathname, allPaths)} />;
}

function constantRoutes(): RouteObject[] {
  const out: RouteObject[] = [];
  for (const def of CONSTANT_ROUTES) {
    // The redirect helper is a child of the layout instead (redirectHelperRoute).
    if (def.component === 'redirect') continue;
    const route = screenRoute(def, def.path);
    if (route) out.push(route);
  }
  return out;
}

/**
 * The redirect helper sits under the layout, not beside it: a tab refresh passes through it, and
 * leaving the layout would unmount every kept-alive screen of the other tabs.
 */
function redirectHelperRoute(): RouteObject {
  const def = CONSTANT_ROUTES.find((d) => d.component === 'redirect');
  return { path: '/redirect/*', Component: RedirectHelper, handle: { path: '/redirect', meta: def?.meta ?? { hidden: true } } };
}

function createAppRouter() {
  const ref: { router?: ReturnType<typeof createHashRouter> } = {};

  async function guardLoader({ request }: LoaderFunctionArgs) {
    const url = new URL(request.url);
    const to = await runGuard(url.pathname, url.search, {
      state: () => {
        const s = useSessionStore.getState();
        return { token: s.token, routesLoaded: s.routesLoaded, mustBind: mustBindFirst(s.userInfo) };
      },
      loadAccess: () => loadAccess((routes) => ref.router?.patchRoutes(LAYOUT_ROUTE_ID, toRouteObjects(routes))),
      clearSession: () => useSessionStore.getState().clear(),
    });
    if (to !== null) throw redirect(to);
    return null;
  }

  ref.router = createHashRouter([
    {
      id: 'root',
      Component: RootShell,
      loader: guardLoader,
      // The guard has to see every navigation, not only those that change the root's params.
      shouldRevalidate: () => true,
      HydrateFallback: BootFallback,
      ErrorBoundary: RouteError,
      children: [
        ...constantRoutes(),
        {
          id: LAYOUT_ROUTE_ID,
          lazy: async () => ({ Component: (await Promise.all([import('./layout'), loadAllNamespaces()]))[0].AppLayout }),
          children: [redirectHelperRoute()],
        },
        { path: '*', Component: Unmatched },
      ],
    },
  ]);
  return ref.router;
}

type AppRouterInstance = ReturnType<typeof createHashRouter>;
let router: AppRouterInstance | undefined;
const listeners = new Set<() => void>();

export function getRouter(): AppRouterInstance {
  router ??= createAppRouter();
  return router;
}

/**
 * Drops the generated routes (logout, expiry): a fresh router holds only the constant routes and
 * starts at `to`, where the guard takes over.
 */
export function resetRouter(to: string): void {
  router?.dispose();
  window.history.replaceState(null, '', `#${to}`);
  router = createAppRouter();
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// When a session ends (logout, expiry, another tab), its routes go with it.
useSessionStore.subscribe((state, prev) => {
  if (prev.routesLoaded && !state.routesLoaded) {
    const loc = router?.state.location;
    const here = loc ? `${loc.pathname}${loc.search}` : '';
    resetRouter(state.token ? here || '/' : here.startsWith(LOGIN_PATH) ? LOGIN_PATH : loginRedirect(here));
  }
});

export function AppRouter() {
  const current = useSyncExternalStore(subscribe, getRouter);
  return <RouterProvider router={current} />;
}
