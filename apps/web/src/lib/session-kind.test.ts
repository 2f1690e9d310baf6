import { describe, expect, it } from 'vitest';
import { AGENT_API_PREFIX, API_PREFIX, agent, key, log, player, report, user } from '@console/contract';
import { apiPrefixFor, isCallMounted, isSessionKind, sessionPrefix } from './session-kind';

describe('apiPrefixFor', () => {
  it('sends every call of an agent session under /v1/agent/, whatever its mount', () => {
    expect(AGENT_API_PREFIX).toBe('/v1/agent/');
    expect(apiPrefixFor('agent', player.playerList.mount)).toBe('/v1/agent/');
    expect(apiPrefixFor('agent', user.agentUserInfo.mount)).toBe('/v1/agent/');
    // A call sent by its path alone (reports, exports) follows the session.
    expect(apiPrefixFor('agent')).toBe('/v1/agent/');
    // Even an operator-only call: the server then answers that it does not exist there.
    expect(apiPrefixFor('agent', key.keyList.mount)).toBe('/v1/agent/');
  });

  it("sends an operator session's calls under /v1/operator/, and an agent user's own calls (their login) under /v1/agent/", () => {
    expect(API_PREFIX).toBe('/v1/operator/');
    expect(apiPrefixFor('operator', user.login.mount)).toBe('/v1/operator/');
    expect(apiPrefixFor('operator', player.playerList.mount)).toBe('/v1/operator/');
    expect(apiPrefixFor('operator')).toBe('/v1/operator/');
    expect(apiPrefixFor('operator', user.agentLogin.mount)).toBe('/v1/agent/');
  });

  it('names each kind’s prefix', () => {
    expect(sessionPrefix('agent')).toBe('/v1/agent/');
    expect(sessionPrefix('operator')).toBe('/v1/operator/');
    expect(isSessionKind('agent')).toBe(true);
    expect(isSessionKind('operator')).toBe(true);
    expect(isSessionKind('admin')).toBe(false);
    expect(isSessionKind(null)).toBe(false);
  });
});

describe('isCallMounted', () => {
  const agentDaily = report.reportCalls.find((c) => c.path === report.REPORT_DEFS.agentDaily.path)!;
  const currencyDaily = report.reportCalls.find((c) => c.path === report.REPORT_DEFS.currencyDaily.path)!;

  it('offers an agent session only the calls mounted for agents', () => {
    for (const def of [player.playerList, player.playerDetail, player.playerStatusEdit, agent.agentList, agent.agentAdd, agent.agentAdminLevelList, agentDaily, user.logout, user.agentUserInfo]) {
      expect(isCallMounted(def, 'agent'), def.path).toBe(true);
    }
    for (const def of [player.playerWalletAdjust, player.playerControlAdd, agent.agentAdminLevelAdd, agent.agentAdminLevelEdit, key.keyList, log.logList, user.userInfo, user.userList, currencyDaily]) {
      expect(isCallMounted(def, 'agent'), def.path).toBe(false);
    }
  });

  it('offers an operator session every call but an agent user’s own', () => {
    for (const def of [player.playerList, player.playerWalletAdjust, agent.agentAdminLevelAdd, key.keyList, log.logList, user.userInfo, agentDaily, currencyDaily]) {
      expect(isCallMounted(def, 'operator'), def.path).toBe(true);
    }
    expect(isCallMounted(user.agentUserInfo, 'operator')).toBe(false);
    expect(isCallMounted(user.agentLogin, 'operator')).toBe(false);
  });
});
