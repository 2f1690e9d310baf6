import { describe, expect, it } from 'vitest';
import type { agent } from '@console/contract';
import { agentTreePath } from './reveal';

const a = (id: number, parent_id: number | null): agent.AgentQuickItem => ({ id, code: `a${id}`, name: `A${id}`, parent_id, level: 1, currency_id: 1, status: 1 });

describe('agentTreePath', () => {
  // Tops 1, 2, 3 (two a page); 2 holds 20, which holds 200.
  const agents = [a(1, null), a(2, null), a(20, 2), a(200, 20), a(3, null)];

  it('expands the agents above a sub-agent, from the top down, on its top-level page', () => {
    expect(agentTreePath(agents, 200, 2)).toEqual({ expand: [2, 20], page: 1 });
    expect(agentTreePath(agents, 20, 2)).toEqual({ expand: [2], page: 1 });
  });

  it('turns to the page of a top-level agent in id order', () => {
    expect(agentTreePath(agents, 3, 2)).toEqual({ expand: [], page: 2 });
    expect(agentTreePath(agents, 1, 2)).toEqual({ expand: [], page: 1 });
  });

  it('treats an agent whose parent the operator does not see as a top of the tree', () => {
    expect(agentTreePath([a(5, 4), a(6, 5)], 6, 10)).toEqual({ expand: [5], page: 1 });
  });

  it('knows nothing of an agent missing from the dictionary', () => {
    expect(agentTreePath(agents, 999, 2)).toBeNull();
  });
});
