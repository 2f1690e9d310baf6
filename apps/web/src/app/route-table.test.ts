import { describe, expect, it } from 'vitest';
import { AGENT_PERMISSION_CODES, ALL_PERMISSION_CODES, ASYNC_ROUTES, CONSTANT_ROUTES, type RouteDef } from '@console/contract';
import { buildMenu, buildPermittedRoutes, consolePaths, homeTarget, leafRoutes, pruneUnavailable } from './route-table';
import { agentSessionCodes } from './session';
import zhRoute from '../locales/zh-cn/route.json';
import enRoute from '../locales/en/route.json';

const allScreens = new Set(leafRoutes(ASYNC_ROUTES).map((l) => l.component));
const paths = (routes: RouteDef[]) => leafRoutes(routes).map((l) => l.path);

describe('an agent user’s routes', () => {
  it('hold the screens of the agent permission tree only: reports, ledger, agents, players and exports', () => {
    const leaves = paths(buildPermittedRoutes(AGENT_PERMISSION_CODES, allScreens));
    expect(leaves).toEqual([
      '/agent/report/summary',
      '/agent/report/hourly',
      '/agent/report/daily',
      '/agent/report/monthly',
      '/agent/report/settlement',
      '/player/report/summary',
      '/player/report/daily',
      '/player/report/betting',
      '/player/report/odds',
      '/game/report/summary',
      '/game/report/daily',
      '/game/report/monthly',
      '/game/report/player',
      '/bill/report',
      '/agent/manage/index',
      '/agent/manage/level',
      '/player/manage/list',
      '/background/export',
    ]);
    // No dashboard (code 1): "/" leads to the first report.
    expect(buildPermittedRoutes(AGENT_PERMISSION_CODES, allScreens).find((r) => r.path === '/')?.redirect).toBe('/agent/report/summary');
  });

  it('never offer a module of operators, even when a code of one came along', () => {
    const codes = agentSessionCodes([...AGENT_PERMISSION_CODES, '11', '13', '1303', '12', '1202', '8', '802'], true);
    const leaves = paths(buildPermittedRoutes(codes, allScreens));
    for (const path of ['/log/index', '/background/currency', '/background/account', '/operation/key', '/player/manage/wallet', '/dashboard']) expect(leaves).not.toContain(path);
    // An operator's codes are left as they are.
    expect(agentSessionCodes(['11', '1303'], false)).toEqual(['11', '1303']);
  });
});

describe('buildPermittedRoutes', () => {
  it('keeps only the pages whose roles the user holds, and routes without roles', () => {
    const routes = buildPermittedRoutes(['13', '1301'], allScreens);
    const leaves = paths(routes);
    expect(leaves).toContain('/background/account');
    expect(leaves).not.toContain('/background/currency');
    expect(leaves).not.toContain('/dashboard');
    // Hidden pages with no roles stay reachable under a permitted module only.
    expect(leaves).not.toContain('/game/manage/agent/protect');
  });

  it('drops a module whose pages are all forbidden, even when the module code is held', () => {
    const routes = buildPermittedRoutes(['13'], allScreens);
    expect(routes.find((r) => r.path === '/background')).toBeUndefined();
  });

  it('opens protection and prize pools only with the code their calls need (902), not with the dealer config code', () => {
    const dealerOnly = paths(buildPermittedRoutes(['9', '901'], allScreens));
    expect(dealerOnly).toEqual(['/game/manage/dealer', '/game/manage/catalogue']);
    const agentConfig = paths(buildPermittedRoutes(['9', '902'], allScreens));
    expect(agentConfig).toEqual(['/game/manage/agent', '/game/manage/agent/protect', '/game/manage/agent/prize-pool']);
  });

  it('shows no protection or prize-pool entry in the menu of a dealer-config-only user', () => {
    const menu = buildMenu(buildPermittedRoutes(['9', '901'], allScreens));
    expect(menu).toEqual([
      {
        path: '/game/manage',
        title: 'gameManage',
        icon: 'control',
        children: [
          { path: '/game/manage/dealer', title: 'gameDealer' },
          { path: '/game/manage/catalogue', title: 'gameCatalogue' },
        ],
      },
    ]);
  });

  it('opens the catalogue with the house default config code (901) and the admin levels, hidden from the menu, with agent management (7)', () => {
    expect(paths(buildPermittedRoutes(['9', '902'], allScreens))).not.toContain('/game/manage/catalogue');
    const agents = buildPermittedRoutes(['7'], allScreens);
    expect(paths(agents)).toEqual(['/agent/manage/index', '/agent/manage/level']);
    expect(buildMenu(agents)).toEqual([{ path: '/agent/manage/index', title: 'agentManage', icon: 'apartment' }]);
  });

  it('sends "/" to the dashboard when the user has it', () => {
    const routes = buildPermittedRoutes(ALL_PERMISSION_CODES, allScreens);
    expect(routes.find((r) => r.path === '/')?.redirect).toBe('/dashboard');
  });

  it('sends "/" to the first permitted screen without the dashboard', () => {
    const routes = buildPermittedRoutes(['13', '1303', '1305'], allScreens);
    expect(routes.find((r) => r.path === '/')?.redirect).toBe('/background/currency');
    expect(routes.find((r) => r.path === '/background')?.redirect).toBe('/background/currency');
  });

  it('sends "/" to the unauthorized page when nothing is permitted', () => {
    const routes = buildPermittedRoutes([], allScreens);
    expect(routes.find((r) => r.path === '/')?.redirect).toBe('/401');
    expect(paths(routes)).toEqual([]);
  });

  it('leaves out screens that do not exist yet, and module redirects that would lead nowhere', () => {
    const routes = buildPermittedRoutes(ALL_PERMISSION_CODES, new Set(['background-account']));
    expect(paths(routes)).toEqual(['/background/account']);
    expect(routes.map((r) => r.path)).not.toContain('/agent');
    expect(routes.find((r) => r.path === '/')?.redirect).toBe('/background/account');
  });

  it('keeps module redirects whose target survives', () => {
    const routes = buildPermittedRoutes(['14', '1402'], allScreens);
    expect(routes.find((r) => r.path === '/agent')?.redirect).toBe('/agent/report');
    expect(routes.find((r) => r.path === '/agent/report')?.redirect).toBe('/agent/report/daily');
  });
});

describe('pruneUnavailable', () => {
  it('keeps pure redirects and drops parents that lose every child', () => {
    const out = pruneUnavailable(ASYNC_ROUTES, new Set(['dashboard']));
    expect(out.map((r) => r.path)).toEqual(['/', '/dashboard', '/agent', '/game', '/player']);
  });
});

describe('consolePaths', () => {
  it('holds every page of the table whatever the permissions, hidden ones, parents and module redirects too', () => {
    const all = consolePaths(allScreens);
    expect(all).toEqual(expect.arrayContaining(['/', '/dashboard', '/game', '/game/manage', '/game/manage/agent/protect', '/game/manage/agent/prize-pool', '/background/account']));
    // Pages the user may open are among them: the permitted routes are a part of the table.
    for (const path of paths(buildPermittedRoutes(ALL_PERMISSION_CODES, allScreens))) expect(all).toContain(path);
    expect(all).not.toContain('/login');
    expect(all).not.toContain('/no/such/page');
  });

  it('leaves out screens that do not exist yet and redirects to them', () => {
    const all = consolePaths(new Set(['background-account']));
    expect(all.sort()).toEqual(['/background', '/background/account']);
  });
});

describe('buildMenu', () => {
  it('lists visible routes with their parents and icons', () => {
    const menu = buildMenu(buildPermittedRoutes(['1', '13', '1301', '1305'], allScreens));
    expect(menu).toEqual([
      { path: '/dashboard', title: 'dashboard', icon: 'dashboard' },
      {
        path: '/background',
        title: 'background',
        icon: 'setting',
        children: [
          { path: '/background/account', title: 'account' },
          { path: '/background/export', title: 'export' },
        ],
      },
    ]);
  });

  it('shows a parent with one child as a parent when it asks to always show', () => {
    const menu = buildMenu(buildPermittedRoutes(['13', '1301'], allScreens));
    expect(menu[0]?.children?.map((c) => c.path)).toEqual(['/background/account']);
  });

  it('collapses a single child into its parent otherwise', () => {
    const table: RouteDef[] = [
      { path: '/p', meta: { title: 'p', icon: 'tool' }, children: [{ path: 'c', component: 'c', meta: { title: 'c' } }] },
    ];
    expect(buildMenu(table)).toEqual([{ path: '/p/c', title: 'c', icon: 'tool' }]);
  });
});

describe('homeTarget', () => {
  it('ignores hidden pages', () => {
    const table: RouteDef[] = [
      { path: '/hidden', component: 'x', meta: { hidden: true } },
      { path: '/shown', component: 'y', meta: {} },
    ];
    expect(homeTarget(table)).toBe('/shown');
  });
});

describe('route titles', () => {
  const titles = new Set<string>();
  const collect = (routes: RouteDef[]) => {
    for (const r of routes) {
      if (r.meta?.title) titles.add(r.meta.title);
      if (r.children) collect(r.children);
    }
  };
  collect([...CONSTANT_ROUTES, ...ASYNC_ROUTES]);

  it.each([...titles])('%s has a title in both languages', (title) => {
    expect((zhRoute as Record<string, string>)[title]).toBeTruthy();
    expect((enRoute as Record<string, string>)[title]).toBeTruthy();
  });
});
