import { joinPath, type RouteDef, type RouteMeta } from '@console/contract';
import { type MenuNode, searchableHidden } from '../route-table';

/** One step of a breadcrumb: a parent module (clicking opens its first screen) or the screen. */
export interface Crumb {
  path: string;
  title: string;
  /** Where clicking the crumb leads; absent for the current screen. */
  to?: string;
}

/** What the shell knows about one screen path. */
export interface ScreenInfo {
  path: string;
  meta: RouteMeta;
  /** Parent modules from the top, for breadcrumbs and search results. */
  parents: Crumb[];
}

/** Every screen of the user's routes by full path, with its meta and its parent modules. */
export function indexScreens(routes: readonly RouteDef[]): Map<string, ScreenInfo> {
  const out = new Map<string, ScreenInfo>();
  const walk = (defs: readonly RouteDef[], parent: string, parents: Crumb[]) => {
    for (const def of defs) {
      const full = parent ? joinPath(parent, def.path) : def.path;
      if (def.children) {
        const crumb: Crumb = { path: full, title: def.meta?.title ?? '', ...(def.redirect ? { to: def.redirect } : {}) };
        walk(def.children, full, def.meta?.title ? [...parents, crumb] : parents);
      } else if (def.component) {
        out.set(full, { path: full, meta: def.meta ?? {}, parents });
      }
    }
  };
  walk(routes, '', []);
  return out;
}

/** Breadcrumb of a path: its parent modules, then the screen itself. Empty for unknown paths. */
export function breadcrumbOf(screens: ReadonlyMap<string, ScreenInfo>, pathname: string): Crumb[] {
  const screen = screens.get(pathname);
  if (!screen?.meta.title) return [];
  return [...screen.parents, { path: screen.path, title: screen.meta.title }];
}

/** The first screen under a menu node (its own path when it is a screen). */
export function firstLeaf(node: MenuNode): string {
  let n = node;
  while (n.children?.length) n = n.children[0]!;
  return n.path;
}

export function containsPath(node: MenuNode, pathname: string): boolean {
  if (node.path === pathname) return true;
  return !!node.children?.some((c) => containsPath(c, pathname));
}

/** Mix layout: the first-level menu entry the current screen belongs to. */
export function topMenuOf(menu: readonly MenuNode[], pathname: string): MenuNode | undefined {
  return menu.find((n) => containsPath(n, pathname));
}

/** The submenus that must be open for the path's entry to be visible in an inline menu. */
export function openKeysOf(menu: readonly MenuNode[], pathname: string, trail: string[] = []): string[] {
  for (const n of menu) {
    if (n.path === pathname) return trail;
    if (n.children) {
      const found = openKeysOf(n.children, pathname, [...trail, n.path]);
      if (found.length) return found;
    }
  }
  return [];
}

/** A screen offered by the menu search: its path, title key and the title keys of its parents. */
export interface SearchEntry {
  path: string;
  title: string;
  icon?: string;
  parents: string[];
  /** A screen the sidebar does not show (route-table's SEARCHABLE_HIDDEN). */
  hidden?: boolean;
}

/** The searchable screens: every menu leaf, in menu order. */
export function searchEntries(menu: readonly MenuNode[], parents: string[] = [], icon?: string): SearchEntry[] {
  const out: SearchEntry[] = [];
  for (const n of menu) {
    const ownIcon = n.icon ?? icon;
    if (n.children?.length) out.push(...searchEntries(n.children, [...parents, n.title], ownIcon));
    else out.push({ path: n.path, title: n.title, parents, ...(ownIcon ? { icon: ownIcon } : {}) });
  }
  return out;
}

/**
 * The searchable screens with the hidden ones the search offers too (route-table's
 * SEARCHABLE_HIDDEN): each right after the screen it is reached from, under that screen's module
 * and the screen itself, so "Prize pool" reads "Game management / Agent game config". A hidden
 * screen whose screen of origin the user lacks stays under its own module.
 */
export function withHiddenScreens(entries: readonly SearchEntry[], routes: readonly RouteDef[]): SearchEntry[] {
  const out = [...entries];
  const indexed = indexScreens(routes);
  for (const hidden of searchableHidden(routes)) {
    if (out.some((e) => e.path === hidden.path)) continue;
    const at = out.findIndex((e) => e.title === hidden.via);
    const via = out[at];
    const entry: SearchEntry = via
      ? { path: hidden.path, title: hidden.title, parents: [...via.parents, via.title], ...(via.icon ? { icon: via.icon } : {}), hidden: true }
      : { path: hidden.path, title: hidden.title, parents: (indexed.get(hidden.path)?.parents ?? []).map((p) => p.title).filter(Boolean), hidden: true };
    // After its screen of origin and the hidden screens already placed after it.
    let after = at;
    while (after >= 0 && out[after + 1]?.hidden && out[after + 1]!.parents.at(-1) === hidden.via) after++;
    if (after >= 0) out.splice(after + 1, 0, entry);
    else out.push(entry);
  }
  return out;
}

/**
 * Case-insensitive match of every whitespace-separated term against the entry's translated
 * title, its parents' titles and its path, so "agent daily" and "代理 日" both find the screen.
 */
export function matchEntry(query: string, haystack: readonly string[]): boolean {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!terms.length) return true;
  const text = haystack.join(' ').toLowerCase();
  return terms.every((term) => text.includes(term));
}

/**
 * The groups of the top menu (top and mix layouts): at 1440 px thirteen modules do not fit beside
 * the logo and the header's actions, so the report modules (and the ledger) and the business
 * modules each share one entry there. `title` is a key of the route namespace.
 */
export const TOP_MENU_GROUPS = [
  { path: '#reports', title: 'reportsGroup', icon: 'reports', members: ['agentReport', 'playerReport', 'gameReport', 'platformReport', 'currencyReport', 'billReport'] },
  { path: '#business', title: 'businessGroup', icon: 'business', members: ['agentManage', 'playerManage', 'gameManage'] },
] as const;

/**
 * The menu as the top row shows it: the members of each group under one entry, where the first
 * member was; a group with a single member present leaves it alone.
 */
export function groupTopMenu(menu: readonly MenuNode[]): MenuNode[] {
  const out: MenuNode[] = [];
  const placed = new Set<string>();
  for (const node of menu) {
    const group = TOP_MENU_GROUPS.find((g) => (g.members as readonly string[]).includes(node.title));
    const members = group ? menu.filter((n) => (group.members as readonly string[]).includes(n.title)) : [];
    if (!group || members.length < 2) {
      out.push(node);
      continue;
    }
    if (placed.has(group.path)) continue;
    placed.add(group.path);
    out.push({ path: group.path, title: group.title, icon: group.icon, children: members });
  }
  return out;
}
