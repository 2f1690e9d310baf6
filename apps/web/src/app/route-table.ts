import { ASYNC_ROUTES, filterRoutes, joinPath, type RouteDef, type RouteMeta } from '@console/contract';

import { DASHBOARD_PATH, HOME_PATH, UNAUTHORIZED_PATH } from '../lib/paths';

export { DASHBOARD_PATH, HOME_PATH, LOGIN_PATH, NOT_FOUND_PATH, REDIRECT_PREFIX, UNAUTHORIZED_PATH } from '../lib/paths';

/**
 * Drops screens the console does not ship yet, so the menu offers only screens that work.
 * Parents left without a child go too; pure redirects are resolved later.
 */
export function pruneUnavailable(routes: readonly RouteDef[], available: ReadonlySet<string>): RouteDef[] {
  const out: RouteDef[] = [];
  for (const r of routes) {
    if (r.children) {
      const children = pruneUnavailable(r.children, available);
      if (children.length) out.push({ ...r, children });
      continue;
    }
    if (r.component && !available.has(r.component)) continue;
    out.push(r);
  }
  return out;
}

/** Every navigable screen path in menu order, with its meta. */
export function leafRoutes(routes: readonly RouteDef[], parent = ''): { path: string; meta: RouteMeta; component: string }[] {
  const out: { path: string; meta: RouteMeta; component: string }[] = [];
  for (const r of routes) {
    const full = parent ? joinPath(parent, r.path) : r.path;
    if (r.children) out.push(...leafRoutes(r.children, full));
    else if (r.component) out.push({ path: full, meta: r.meta ?? {}, component: r.component });
  }
  return out;
}

/** Where "/" leads: the dashboard when the user has it, else the first screen of their menu. */
export function homeTarget(routes: readonly RouteDef[]): string {
  const leaves = leafRoutes(routes);
  if (leaves.some((l) => l.path === DASHBOARD_PATH)) return DASHBOARD_PATH;
  return leaves.find((l) => !l.meta.hidden)?.path ?? UNAUTHORIZED_PATH;
}

function knownPaths(routes: readonly RouteDef[], parent = '', out = new Set<string>()): Set<string> {
  for (const r of routes) {
    const full = parent ? joinPath(parent, r.path) : r.path;
    if (r.children) {
      out.add(full);
      knownPaths(r.children, full, out);
    } else if (r.component) out.add(full);
  }
  return out;
}

/**
 * Every path of the console's route table whose screen ships (screens, parents and module
 * redirects that lead to one), whatever the permissions: a path among these that the user's
 * routes lack is a page they may not open, not a missing one.
 */
export function consolePaths(available: ReadonlySet<string>, table: readonly RouteDef[] = ASYNC_ROUTES): string[] {
  const pruned = pruneUnavailable(table, available);
  const known = knownPaths(pruned);
  for (const r of pruned) if (!r.component && !r.children && r.redirect && known.has(r.redirect)) known.add(r.path);
  return [...known];
}

/**
 * The user's routes: the contract's table filtered by permission codes (docs/product.md, "Screens and routes") and by which
 * screens exist. "/" points at the user's home and module redirects whose target is gone are
 * dropped, so no redirect leads to a page the user cannot open.
 */
export function buildPermittedRoutes(permissions: readonly string[], available: ReadonlySet<string>, table: readonly RouteDef[] = ASYNC_ROUTES): RouteDef[] {
  const filtered = filterRoutes(pruneUnavailable(table, available), permissions);
  const home = homeTarget(filtered);
  const known = knownPaths(filtered);
  const out: RouteDef[] = [];
  for (const r of filtered) {
    if (r.path === HOME_PATH && !r.component && !r.children) {
      out.push({ ...r, redirect: home });
      continue;
    }
    if (!r.component && !r.children && r.redirect && !known.has(r.redirect)) continue;
    out.push(r);
  }
  return out;
}

/**
 * Screens the sidebar leaves out (RouteMeta.hidden) that the menu search still offers, each with
 * the title of the screen it is reached from: the search lists it under that screen's module, and
 * opens it as its link would, with no parameters (the game screens then show the agent shown
 * last). Other hidden routes (login, error pages, redirects) are never offered.
 */
export const SEARCHABLE_HIDDEN: Readonly<Record<string, { via: string }>> = {
  gameProtect: { via: 'gameAgent' },
  gamePrizePool: { via: 'gameAgent' },
  agentLevel: { via: 'agentManage' },
};

/** The hidden screens of `routes` that the menu search offers (SEARCHABLE_HIDDEN), in route order. */
export function searchableHidden(routes: readonly RouteDef[]): { path: string; title: string; via: string }[] {
  return leafRoutes(routes)
    .filter((l) => l.meta.hidden && l.meta.title && SEARCHABLE_HIDDEN[l.meta.title])
    .map((l) => ({ path: l.path, title: l.meta.title!, via: SEARCHABLE_HIDDEN[l.meta.title!]!.via }));
}

export interface MenuNode {
  path: string;
  title: string;
  icon?: string;
  children?: MenuNode[];
}

/**
 * The sidebar: visible routes only. A parent with a single visible child shows that child in its
 * place unless the parent asks to always show (RouteMeta.alwaysShow).
 */
export function buildMenu(routes: readonly RouteDef[], parent = ''): MenuNode[] {
  const out: MenuNode[] = [];
  for (const r of routes) {
    if (r.meta?.hidden) continue;
    const full = parent ? joinPath(parent, r.path) : r.path;
    if (r.children) {
      const children = buildMenu(r.children, full);
      if (!children.length) continue;
      const only = children[0];
      if (children.length === 1 && only && !r.meta?.alwaysShow) {
        out.push({ ...only, icon: only.icon ?? r.meta?.icon });
        continue;
      }
      out.push({ path: full, title: r.meta?.title ?? '', ...(r.meta?.icon ? { icon: r.meta.icon } : {}), children });
      continue;
    }
    if (!r.component) continue;
    out.push({ path: full, title: r.meta?.title ?? '', ...(r.meta?.icon ? { icon: r.meta.icon } : {}) });
  }
  return out;
}
