import { describe, expect, it } from 'vitest';
import type { CallDef } from './call.ts';
import { gameAgentEdit, gameAgentList, gameDealerEdit, gameDealerList, gamePrizePoolClean, gamePrizePoolCleanList, gamePrizePoolEdit, gamePrizePoolList, gameProtectEdit } from './modules/game.ts';
import { PERMISSION_PARENT } from './permissions.ts';
import { ASYNC_ROUTES, filterRoutes, joinPath, type RouteDef } from './routes.ts';

const paths = (routes: RouteDef[]): string[] =>
  routes.flatMap((r) => [r.path, ...(r.children ?? []).map((c) => joinPath(r.path, c.path))]);

/** Every screen of the table with its full path, its own roles and its parent's. */
function screens(routes: readonly RouteDef[], parent?: RouteDef): { path: string; roles?: string[]; parentRoles?: string[] }[] {
  return routes.flatMap((r) => {
    const full = parent ? joinPath(parent.path, r.path) : r.path;
    if (r.children) return screens(r.children, { ...r, path: full });
    if (!r.component) return [];
    return [{ path: full, ...(r.meta?.roles ? { roles: r.meta.roles } : {}), ...(parent?.meta?.roles ? { parentRoles: parent.meta.roles } : {}) }];
  });
}

const screenOf = (path: string) => screens(ASYNC_ROUTES).find((s) => s.path === path)!;
const permissionOf = (call: CallDef) => (typeof call.access === 'object' ? call.access.permission : call.access);

describe('route filtering (docs/product.md, "Screens and routes")', () => {
  it('keeps routes without roles and those whose roles the user holds', () => {
    const kept = paths(filterRoutes(ASYNC_ROUTES, ['1', '14', '1402']));
    expect(kept).toContain('/dashboard');
    expect(kept).toContain('/agent/report/daily');
    expect(kept).not.toContain('/agent/report/summary');
    expect(kept).not.toContain('/background');
    expect(kept).toContain('/'); // no roles: always kept
  });

  it('points a parent at its first permitted child', () => {
    const agent = filterRoutes(ASYNC_ROUTES, ['14', '1403']).find((r) => r.path === '/agent/report');
    expect(agent?.redirect).toBe('/agent/report/monthly');
  });

  it('shows the agent settlement under agent reports to a holder of 1405, and to no one else', () => {
    const agent = filterRoutes(ASYNC_ROUTES, ['14', '1405']).find((r) => r.path === '/agent/report');
    expect(agent?.children?.map((c) => c.path)).toEqual(['settlement']);
    expect(agent?.redirect).toBe('/agent/report/settlement');
    expect(paths(filterRoutes(ASYNC_ROUTES, ['14', '1401', '1402', '1403', '1404']))).not.toContain('/agent/report/settlement');
  });

  it('drops a parent with no visible child', () => {
    expect(paths(filterRoutes(ASYNC_ROUTES, ['9']))).not.toContain('/game/manage');
  });

  it('keeps the hidden protection and prize-pool pages with the agent config code (902)', () => {
    const game = filterRoutes(ASYNC_ROUTES, ['9', '902']).find((r) => r.path === '/game/manage');
    expect(game?.children?.map((c) => c.path)).toEqual(['agent', 'agent/protect', 'agent/prize-pool']);
  });

  it('leaves protection and prize pools out for a user with the dealer config code (901) only', () => {
    const game = filterRoutes(ASYNC_ROUTES, ['9', '901']).find((r) => r.path === '/game/manage');
    expect(game?.children?.map((c) => c.path)).toEqual(['dealer', 'catalogue']);
  });
});

describe('route table', () => {
  it('guards every screen with a permission code of the tree, one of its module’s', () => {
    for (const s of screens(ASYNC_ROUTES)) {
      expect(s.roles, s.path).toBeDefined();
      for (const code of s.roles ?? []) {
        expect(PERMISSION_PARENT.has(code), `${s.path}: ${code}`).toBe(true);
        // A page's code is its module's own code or a child of it, so holding the page implies the module.
        if (s.parentRoles) expect(s.parentRoles.includes(code) || s.parentRoles.includes(PERMISSION_PARENT.get(code) ?? ''), `${s.path}: ${code}`).toBe(true);
      }
    }
  });

  // A page opens only for users who may make the calls it is made of; the server refuses the rest.
  it.each([
    ['/game/manage/dealer', [gameDealerList, gameDealerEdit]],
    ['/game/manage/agent', [gameAgentList, gameAgentEdit]],
    ['/game/manage/agent/protect', [gameAgentList, gameProtectEdit]],
    ['/game/manage/agent/prize-pool', [gamePrizePoolList, gamePrizePoolEdit, gamePrizePoolClean, gamePrizePoolCleanList]],
  ] as const)('%s carries the permission code of its calls', (path, calls) => {
    const roles = screenOf(path).roles ?? [];
    for (const call of calls) expect(roles, `${path} → ${call.path}`).toEqual([permissionOf(call)]);
  });
});
