import { reportScreenPath, reportsOfGroup, type ReportDef } from './report-defs.ts';

/**
 * The console's route table (docs/product.md, "Screens and routes"). Both the web router/menu and the server's idea of which
 * screen a permission opens come from here. `title` is an i18n key under the `route` namespace.
 */
export interface RouteMeta {
  title?: string;
  icon?: string;
  affix?: boolean;
  keepAlive?: boolean;
  hidden?: boolean;
  alwaysShow?: boolean;
  roles?: string[];
}

export interface RouteDef {
  path: string;
  /** Key of the screen component the web app lazy-loads; absent for pure redirects/parents. */
  component?: string;
  redirect?: string;
  meta?: RouteMeta;
  children?: RouteDef[];
}

const page = (path: string, component: string, title: string, roles?: string[], extra: RouteMeta = {}): RouteDef => ({
  path,
  component,
  meta: { title, keepAlive: true, ...(roles ? { roles } : {}), ...extra },
});

/** A report's screen, a child of its menu group: every report screen is made from its definition (report-defs.ts). */
const reportPage = (d: ReportDef): RouteDef => page(reportScreenPath(d)[1], `report-${d.name}`, d.key, [d.permission]);

/** Routes reachable without a session or never filtered by permission. */
export const CONSTANT_ROUTES: RouteDef[] = [
  { path: '/login', component: 'login', meta: { title: 'login', hidden: true } },
  { path: '/redirect/:path(.*)', component: 'redirect', meta: { hidden: true } },
  { path: '/401', component: '401', meta: { title: 'unauthorized', hidden: true } },
  { path: '/404', component: '404', meta: { title: 'notFound', hidden: true } },
];

/** Routes filtered by the user's permission codes (docs/product.md, "Screens and routes"). */
export const ASYNC_ROUTES: RouteDef[] = [
  { path: '/', redirect: '/dashboard', meta: { hidden: true } },
  page('/dashboard', 'dashboard', 'dashboard', ['1'], { icon: 'dashboard', affix: true }),
  { path: '/agent', redirect: '/agent/report', meta: { hidden: true } },
  { path: '/game', redirect: '/game/report', meta: { hidden: true } },
  { path: '/player', redirect: '/player/report', meta: { hidden: true } },
  {
    path: '/agent/report',
    redirect: '/agent/report/summary',
    meta: { title: 'agentReport', icon: 'team', roles: ['14'], alwaysShow: true },
    children: reportsOfGroup('14').map(reportPage),
  },
  {
    path: '/player/report',
    redirect: '/player/report/summary',
    meta: { title: 'playerReport', icon: 'user', roles: ['2'], alwaysShow: true },
    children: reportsOfGroup('2').map(reportPage),
  },
  {
    path: '/game/report',
    redirect: '/game/report/summary',
    meta: { title: 'gameReport', icon: 'appstore', roles: ['3'], alwaysShow: true },
    children: reportsOfGroup('3').map(reportPage),
  },
  {
    path: '/platform',
    redirect: '/platform/summary',
    meta: { title: 'platformReport', icon: 'cluster', roles: ['4'], alwaysShow: true },
    children: reportsOfGroup('4').map(reportPage),
  },
  {
    path: '/currency',
    redirect: '/currency/summary',
    meta: { title: 'currencyReport', icon: 'money', roles: ['5'], alwaysShow: true },
    children: reportsOfGroup('5').map(reportPage),
  },
  page('/bill/report', 'bill-report', 'billReport', ['6'], { icon: 'account-book' }),
  page('/agent/manage/index', 'agent-manage', 'agentManage', ['7'], { icon: 'apartment' }),
  // Reached from agent management's list header; its calls (agent/adminlevel/*) need 7 as well.
  page('/agent/manage/level', 'agent-manage-level', 'agentLevel', ['7'], { hidden: true }),
  {
    path: '/player/manage',
    redirect: '/player/manage/list',
    meta: { title: 'playerManage', icon: 'idcard', roles: ['8'], alwaysShow: true },
    children: [
      page('list', 'player-manage-list', 'playerList', ['801']),
      page('wallet', 'player-manage-wallet', 'playerWallet', ['802']),
      page('control', 'player-manage-control', 'playerControl', ['803']),
    ],
  },
  {
    path: '/game/manage',
    redirect: '/game/manage/dealer',
    meta: { title: 'gameManage', icon: 'control', roles: ['9'], alwaysShow: true },
    children: [
      page('dealer', 'game-manage-dealer', 'gameDealer', ['901']),
      page('agent', 'game-manage-agent', 'gameAgent', ['902']),
      page('catalogue', 'game-manage-catalogue', 'gameCatalogue', ['901']),
      // Hidden pages reached from the agent config, and guarded by its code: every call they make
      // (game/agent/list, game/protect/edit, game/prizepool/*) needs 902, so without it they
      // would open only to fail.
      page('agent/protect', 'game-manage-protect', 'gameProtect', ['902'], { hidden: true }),
      page('agent/prize-pool', 'game-manage-prize-pool', 'gamePrizePool', ['902'], { hidden: true }),
    ],
  },
  page('/log/index', 'log', 'log', ['11'], { icon: 'file-search' }),
  {
    path: '/operation',
    redirect: '/operation/domain',
    meta: { title: 'operation', icon: 'tool', roles: ['12'], alwaysShow: true },
    children: [
      page('domain', 'operation-domain', 'domain', ['1201']),
      page('key', 'operation-key', 'key', ['1202']),
    ],
  },
  {
    path: '/background',
    redirect: '/background/account',
    meta: { title: 'background', icon: 'setting', roles: ['13'], alwaysShow: true },
    children: [
      page('account', 'background-account', 'account', ['1301']),
      page('currency', 'background-currency', 'currency', ['1303']),
      page('export', 'background-export', 'export', ['1305']),
    ],
  },
];

/**
 * docs/product.md, "Screens and routes": a route with a roles list is kept only if the user holds one of them; routes without
 * roles are always kept. Children are filtered the same way; a parent left with no visible child
 * is dropped, since its redirect would lead nowhere.
 */
export function filterRoutes(routes: RouteDef[], permissions: readonly string[]): RouteDef[] {
  const held = new Set(permissions);
  const out: RouteDef[] = [];
  for (const r of routes) {
    const roles = r.meta?.roles;
    if (roles && !roles.some((code) => held.has(code))) continue;
    if (!r.children) {
      out.push(r);
      continue;
    }
    const children = filterRoutes(r.children, permissions);
    if (!children.some((c) => !c.meta?.hidden)) continue;
    const firstVisible = children.find((c) => !c.meta?.hidden)!;
    out.push({ ...r, children, redirect: joinPath(r.path, firstVisible.path) });
  }
  return out;
}

export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  return `${parent.replace(/\/$/, '')}/${child}`;
}
