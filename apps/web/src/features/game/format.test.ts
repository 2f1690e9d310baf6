import { describe, expect, it } from 'vitest';
import { plainAmount } from './format';
import { subAgentCount } from './parts';

describe('game screens: helpers', () => {
  it('shows a stored amount as typed, without trailing zeros', () => {
    expect(plainAmount('5000.0000')).toBe('5000');
    expect(plainAmount('0.1000')).toBe('0.1');
    expect(plainAmount('12.3456')).toBe('12.3456');
    expect(plainAmount('0')).toBe('0');
    expect(plainAmount('100')).toBe('100');
  });

  it('counts the whole sub-tree below an agent, not the agent itself nor its siblings', () => {
    const agents = [
      { id: 1, parent_id: null },
      { id: 2, parent_id: 1 },
      { id: 3, parent_id: 2 },
      { id: 4, parent_id: 2 },
      { id: 5, parent_id: 1 },
      { id: 6, parent_id: null },
    ];
    expect(subAgentCount(agents, 1)).toBe(4);
    expect(subAgentCount(agents, 2)).toBe(2);
    expect(subAgentCount(agents, 3)).toBe(0);
    expect(subAgentCount(agents, 6)).toBe(0);
    expect(subAgentCount(agents, 99)).toBe(0);
  });
});
