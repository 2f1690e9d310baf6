import { describe, expect, it } from 'vitest';
import type { AgentItem } from '../../stores/dict';
import { pickAgent, useLastAgentStore } from './last-agent';

const agent = (id: number, parent_id: number | null): AgentItem => ({ id, code: `A${id}`, name: `A${id}`, parent_id, level: parent_id ? 2 : 1, currency_id: 1, status: 1 });

describe('pickAgent', () => {
  // A list whose first entry is not a top agent: the operator may see a sub-tree only.
  const agents = [agent(5, 1), agent(7, null), agent(9, 7)];

  it('takes the first wanted agent the list holds', () => {
    expect(pickAgent(agents, 9, 5)?.id).toBe(9);
    expect(pickAgent(agents, 0, 5)?.id).toBe(5);
    expect(pickAgent(agents, undefined, 9)?.id).toBe(9);
    expect(pickAgent(agents, 404, 5)?.id).toBe(5);
  });

  it('falls back to the first top agent, else the first agent', () => {
    expect(pickAgent(agents)?.id).toBe(7);
    expect(pickAgent(agents, 404, 0)?.id).toBe(7);
    expect(pickAgent([agent(5, 1)], 0)?.id).toBe(5);
    expect(pickAgent([], 7)).toBeUndefined();
  });
});

describe('useLastAgentStore', () => {
  it('reads back only a whole positive agent id from storage', async () => {
    for (const [stored, expected] of [[12, 12], ['12', 0], [-3, 0], [1.5, 0], [null, 0]] as const) {
      localStorage.setItem('game-agent', JSON.stringify({ state: { agentId: stored }, version: 0 }));
      await useLastAgentStore.persist.rehydrate();
      expect(useLastAgentStore.getState().agentId, String(stored)).toBe(expected);
    }
    localStorage.setItem('game-agent', 'not json');
    await useLastAgentStore.persist.rehydrate();
    expect(useLastAgentStore.getState().agentId).toBeGreaterThanOrEqual(0);
  });
});
