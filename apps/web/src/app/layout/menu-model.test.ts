import { describe, expect, it } from 'vitest';
import { ASYNC_ROUTES, ALL_PERMISSION_CODES, filterRoutes } from '@console/contract';
import { buildMenu } from '../route-table';
import { breadcrumbOf, firstLeaf, groupTopMenu, indexScreens, matchEntry, openKeysOf, searchEntries, topMenuOf, withHiddenScreens } from './menu-model';

const routes = filterRoutes(ASYNC_ROUTES, ALL_PERMISSION_CODES);
const menu = buildMenu(routes);
const screens = indexScreens(routes);

describe('menu model', () => {
  it('indexes every screen with its meta and parent modules', () => {
    expect(screens.get('/dashboard')?.meta.affix).toBe(true);
    expect(screens.get('/agent/report/daily')?.parents.map((p) => p.title)).toEqual(['agentReport']);
    expect(screens.get('/game/manage/agent/protect')?.meta.hidden).toBe(true);
    expect(screens.has('/agent/report')).toBe(false);
  });

  it('builds breadcrumbs: modules link to their first screen, the screen itself does not', () => {
    expect(breadcrumbOf(screens, '/agent/report/daily')).toEqual([
      { path: '/agent/report', title: 'agentReport', to: '/agent/report/summary' },
      { path: '/agent/report/daily', title: 'agentDaily' },
    ]);
    expect(breadcrumbOf(screens, '/dashboard')).toEqual([{ path: '/dashboard', title: 'dashboard' }]);
    expect(breadcrumbOf(screens, '/nowhere')).toEqual([]);
  });

  it('finds the mix layout module and the first screen of a module', () => {
    expect(topMenuOf(menu, '/player/report/odds')?.path).toBe('/player/report');
    expect(topMenuOf(menu, '/dashboard')?.path).toBe('/dashboard');
    expect(topMenuOf(menu, '/404')).toBeUndefined();
    const background = menu.find((n) => n.path === '/background')!;
    expect(firstLeaf(background)).toBe('/background/account');
    expect(openKeysOf(menu, '/background/currency')).toEqual(['/background']);
  });

  it('searches screens by any term of title, module or path', () => {
    const entries = searchEntries(menu);
    expect(entries.some((e) => e.path === '/agent/report')).toBe(false);
    const daily = entries.find((e) => e.path === '/agent/report/daily')!;
    expect(daily.parents).toEqual(['agentReport']);
    expect(daily.icon).toBe('team');
    expect(matchEntry('agent daily', ['Daily agent summary', 'Agent report', daily.path])).toBe(true);
    expect(matchEntry('代理 日', ['代理日汇总', '代理报表', daily.path])).toBe(true);
    expect(matchEntry('monthly', ['Daily agent summary', 'Agent report', daily.path])).toBe(false);
    expect(matchEntry('  ', ['anything'])).toBe(true);
  });

  it('offers the hidden screens reached from another screen, right after it and under it, and no other hidden route', () => {
    const entries = withHiddenScreens(searchEntries(menu), routes);
    const paths = entries.map((e) => e.path);
    const agentConfig = paths.indexOf('/game/manage/agent');
    expect(paths.slice(agentConfig, agentConfig + 3)).toEqual(['/game/manage/agent', '/game/manage/agent/protect', '/game/manage/agent/prize-pool']);
    const pool = entries.find((e) => e.path === '/game/manage/agent/prize-pool')!;
    expect(pool).toMatchObject({ title: 'gamePrizePool', parents: ['gameManage', 'gameAgent'], icon: 'control', hidden: true });
    expect(entries.find((e) => e.path === '/agent/manage/level')).toMatchObject({ parents: ['agentManage'], hidden: true });
    // Login, error pages and redirects stay out; the visible screens are as before, once each.
    for (const path of ['/login', '/401', '/404', '/', '/agent', '/redirect/:path(.*)']) expect(paths).not.toContain(path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(entries.filter((e) => !e.hidden)).toEqual(searchEntries(menu));
  });

  it('offers a hidden screen only to a user whose codes open it', () => {
    const dealerOnly = filterRoutes(ASYNC_ROUTES, ['9', '901']);
    expect(withHiddenScreens(searchEntries(buildMenu(dealerOnly)), dealerOnly).some((e) => e.hidden)).toBe(false);
    const agentConfig = filterRoutes(ASYNC_ROUTES, ['9', '902']);
    expect(withHiddenScreens(searchEntries(buildMenu(agentConfig)), agentConfig).filter((e) => e.hidden).map((e) => e.title)).toEqual(['gameProtect', 'gamePrizePool']);
  });

  it('groups the top row: every module reachable in eight entries instead of thirteen', () => {
    const top = groupTopMenu(menu);
    expect(menu).toHaveLength(13);
    expect(top.map((n) => n.title)).toEqual(['dashboard', 'reportsGroup', 'businessGroup', 'log', 'operation', 'background']);
    const reports = top[1]!;
    expect(reports.children!.map((n) => n.title)).toEqual(['agentReport', 'playerReport', 'gameReport', 'platformReport', 'currencyReport', 'billReport']);
    // The mix layout finds the group of a screen and opens its first screen.
    expect(topMenuOf(top, '/agent/report/daily')?.path).toBe('#reports');
    expect(topMenuOf(top, '/game/manage/agent')?.path).toBe('#business');
    expect(firstLeaf(reports)).toBe('/agent/report/summary');
    expect(openKeysOf(top, '/player/manage/wallet')).toEqual(['#business', '/player/manage']);
  });

  it('leaves a group of one module alone', () => {
    const onlyAgentReport = buildMenu(filterRoutes(ASYNC_ROUTES, ['1', '14', '1401', '7', '11']));
    expect(groupTopMenu(onlyAgentReport).map((n) => n.title)).toEqual(onlyAgentReport.map((n) => n.title));
  });
});
