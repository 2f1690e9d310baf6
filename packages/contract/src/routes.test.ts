import { describe, expect, it } from 'vitest';
import { ASYNC_ROUTES, filterRoutes, joinPath, type RouteDef } from './routes.ts';

const paths = (routes: RouteDef[]): string[] =>
  routes.flatMap((r) => [r.path, ...(r.children ?? []).map((c) => joinPath(r.path, c.path))]);

describe('route filtering (spec §6)', () => {
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

  it('drops a parent with no visible child', () => {
    expect(paths(filterRoutes(ASYNC_ROUTES, ['9']))).not.toContain('/game/manage');
  });

  it('keeps hidden children without roles next to a permitted sibling', () => {
    const game = filterRoutes(ASYNC_ROUTES, ['9', '902']).find((r) => r.path === '/game/manage');
    expect(game?.children?.map((c) => c.path)).toEqual(['agent', 'agent/protect', 'agent/prize-pool']);
  });
});
