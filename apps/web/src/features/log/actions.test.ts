import { describe, expect, it } from 'vitest';
import en from '../../locales/en/log.json';
import zh from '../../locales/zh-cn/log.json';
import { ACTIONS } from './actions';

describe('the log\'s actions', () => {
  it('offer the agent API\'s refusals and the player status change', () => {
    for (const a of ['api/player/create', 'api/player/balance', 'api/transfer', 'api/transfer/status', 'api/bets', 'api/report/daily', 'api/refusals', 'player/status/edit']) expect(ACTIONS).toContain(a);
    expect(new Set(ACTIONS).size).toBe(ACTIONS.length);
  });

  it('each have a name in both languages', () => {
    const unnamed = ACTIONS.filter((a) => !(a in en.actions) || !(a in zh.actions));
    expect(unnamed).toEqual([]);
  });
});
