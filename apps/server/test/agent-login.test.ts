/**
 * Agent users' login and sessions (docs/product.md, "The agent back office"): the operators' rules
 * counted apart, the host of an agent domain naming the agent, sessions that end at once when the
 * user, their agent or an agent above it is disabled, a level's codes followed at the next call,
 * and the operation log naming the agent.
 */
import { beforeAll, expect, it } from 'vitest';
import { AGENT_PERMISSION_CODES, ErrorCode } from '@console/contract';
import { describeOnDatabases, type CallResult } from './harness.ts';
import { createDimensions, type Dimensions } from './domain-fixtures.ts';
import { hash, totpCode, wrongTotpCode } from './user-helpers.ts';
import { MAX_SESSIONS_PER_USER } from '../src/modules/user/auth-service.ts';

type Row = Record<string, unknown>;

describeOnDatabases('agent back office: login and sessions', (t) => {
  let dims: Dimensions;
  let op: string;
  let owner: number;
  let reader: number;
  let seq = 0;

  const ok = <T>(r: CallResult<T>): T => {
    expect(r.error_code, `${r.error_code} ${r.error_msg}`).toBe('0');
    return r.data;
  };
  const operator = <T = Row>(path: string, body: Row = {}) => t().call<T>(path, body, { token: op });
  const agentLogin = (agentCode: string, account: string, password = 'secret123', opts: { googleCode?: string; ip?: string; host?: string } = {}) =>
    t().agentCall<{ token: string; user_info: Row }>(
      'login',
      { agent_code: agentCode, account, password: hash(password), google_code: opts.googleCode ?? '' },
      { headers: { ...(opts.ip ? { 'x-forwarded-for': opts.ip } : {}), ...(opts.host ? { host: opts.host } : {}) } },
    );
  /** A new agent user of `agent` (by fixture name) at `level`; answers their account. */
  const newUser = async (agent: keyof Dimensions['agent'], level = owner) => {
    const account = `user${++seq}`;
    ok(await operator('agent/user/add', { agent_id: dims.agent[agent], account, name: account, password: hash('secret123'), admin_level_id: level }));
    return account;
  };
  const userId = async (account: string) => Number((await t().database.db.selectFrom('agent_user').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id);
  const info = (token: string) => t().agentCall<{ user_info: Row; permissions: string }>('user/info', {}, { token });

  beforeAll(async () => {
    dims = await createDimensions(t().database.db);
    op = await t().login();
    owner = ok(await operator<{ id: number }>('agent/adminlevel/add', { name: 'Owner', level: 1, permissions: AGENT_PERMISSION_CODES.join(',') })).id;
    reader = ok(await operator<{ id: number }>('agent/adminlevel/add', { name: 'Reader', level: 5, permissions: '1401,801' })).id;
  });

  it('logs in with agent code, account and password, letter case aside, and answers the agent and level', async () => {
    const account = await newUser('A1-1');
    const r = ok(await agentLogin('a1-1', account.toUpperCase()));
    expect(r.user_info).toMatchObject({ account, agent_id: dims.agent['A1-1'], agent_code: 'A1-1', agent_name: 'Agent A1-1', admin_level_id: owner, admin_level_name: 'Owner', google_bound: false });
    const me = ok(await info(r.token));
    expect(me.user_info.agent_code).toBe('A1-1');
    for (const [code, acct, pw] of [['A1', account, 'secret123'], ['A1-1', account, 'wrong-password'], ['A1-1', 'nobody', 'secret123']]) {
      expect((await agentLogin(code!, acct!, pw)).error_code).toBe(ErrorCode.WrongCredentials);
    }
    expect((await agentLogin('', account)).error_code).toBe(ErrorCode.InvalidParameter);
  });

  it('on a host registered as the agent domain, the agent code may be left out', async () => {
    const account = await newUser('B1');
    ok(await operator('domain/add', { domain: 'b1.agents.example', type: 'agent', agent_id: dims.agent.B1, remark: '' }));
    expect(ok(await agentLogin('', account, 'secret123', { host: 'b1.agents.example' })).user_info.agent_code).toBe('B1');
    expect((await agentLogin('', account, 'secret123', { host: 'elsewhere.example' })).error_code).toBe(ErrorCode.InvalidParameter);
  });

  it("counts an agent user's failures apart from the operators' and locks after 5 from one address", async () => {
    const account = await newUser('A1');
    for (let i = 0; i < 5; i++) expect((await agentLogin('A1', account, 'bad', { ip: '10.9.0.1' })).error_code).toBe(ErrorCode.WrongCredentials);
    expect((await agentLogin('A1', account, 'secret123', { ip: '10.9.0.1' })).error_code).toBe(ErrorCode.TooManyAttempts);
    // An operator of the same account name is not locked, nor the agent user elsewhere.
    expect((await agentLogin('A1', account, 'secret123', { ip: '10.9.0.2' })).error_code).toBe('0');
    const rows = await t().database.db.selectFrom('operation_log').selectAll().where('action', '=', 'login').where('agent_code', '=', 'A1').where('operator_account', '=', account).execute();
    expect(rows.length).toBe(7);
    expect(rows.every((r) => r.operator_id === null)).toBe(true);
    expect(rows.filter((r) => r.result_code === '0').map((r) => Number(r.agent_user_id))).toEqual([await userId(account)]);
  });

  it('binds an authenticator; then a code is needed, wrong codes count, and a code works once', async () => {
    const account = await newUser('A1');
    const token = ok(await agentLogin('A1', account)).token;
    const { secret } = ok(await t().agentCall<{ secret: string }>('user/google/bind/init', {}, { token }));
    expect(ok(await t().agentCall<{ user_info: Row }>('user/google/bind/confirm', { code: totpCode(secret) }, { token })).user_info).toMatchObject({ google_bound: true, agent_code: 'A1' });
    expect((await agentLogin('A1', account)).error_code).toBe(ErrorCode.VerifyCodeRequired);
    expect((await agentLogin('A1', account, 'secret123', { googleCode: wrongTotpCode(secret) })).error_code).toBe(ErrorCode.VerifyCodeWrong);
    const code = totpCode(secret, 1);
    ok(await agentLogin('A1', account, 'secret123', { googleCode: code }));
    expect((await agentLogin('A1', account, 'secret123', { googleCode: code })).error_code).toBe(ErrorCode.VerifyCodeWrong);
    // An operator unbinds it (agent/user/google/clean); the password alone works again.
    ok(await operator('agent/user/google/clean', { user_id: await userId(account) }));
    ok(await agentLogin('A1', account));
  });

  it(`holds at most ${MAX_SESSIONS_PER_USER} sessions per agent user`, async () => {
    const account = await newUser('A1');
    const tokens: string[] = [];
    for (let i = 0; i <= MAX_SESSIONS_PER_USER; i++) tokens.push(ok(await agentLogin('A1', account)).token);
    expect((await info(tokens[0]!)).status).toBe(401);
    expect((await info(tokens.at(-1)!)).status).toBe(200);
  });

  it('ends the session at its next call when the user, their agent or an agent above it is disabled, and refuses their login', async () => {
    const cases: Array<[string, () => Promise<unknown>, () => Promise<unknown>, keyof Dimensions['agent']]> = [
      ['user', async () => operator('agent/user/status/edit', { user_id: await userId(lastAccount), status: 2 }), async () => operator('agent/user/status/edit', { user_id: await userId(lastAccount), status: 1 }), 'A1-1-1'],
      ['agent', () => operator('agent/edit', { id: dims.agent['A1-1-1'], status: 2 }), () => operator('agent/edit', { id: dims.agent['A1-1-1'], status: 1 }), 'A1-1-1'],
      ['ancestor', () => operator('agent/edit', { id: dims.agent.A1, status: 2 }), () => operator('agent/edit', { id: dims.agent.A1, status: 1 }), 'A1-1-1'],
    ];
    let lastAccount = '';
    for (const [what, disable, enable, agent] of cases) {
      lastAccount = await newUser(agent);
      const token = ok(await agentLogin(agent, lastAccount)).token;
      expect((await info(token)).status, what).toBe(200);
      await disable();
      const after = await info(token);
      expect([after.status, after.code], what).toEqual([401, ErrorCode.TokenInvalid]);
      expect((await agentLogin(agent, lastAccount)).error_code, what).toBe(ErrorCode.AccountDisabled);
      await enable();
      ok(await agentLogin(agent, lastAccount));
    }
  });

  it("follows the level's codes at the next call", async () => {
    const account = await newUser('B1', reader);
    const token = ok(await agentLogin('B1', account)).token;
    const body = { start_date: '2026-01-01', end_date: '2026-01-31', page: 1, page_size: 20 };
    ok(await t().agentCall('agent/report/agent/summary', body, { token }));
    expect((await t().agentCall('player/list', { page: 1, page_size: 20 }, { token })).error_code).toBe('0');
    ok(await operator('agent/adminlevel/edit', { id: reader, permissions: '801' }));
    expect((await t().agentCall('agent/report/agent/summary', body, { token })).error_code).toBe(ErrorCode.NoPermission);
    expect((await info(token)).data.permissions).toBe('8,801');
    ok(await operator('agent/adminlevel/edit', { id: reader, permissions: '1401,801' }));
  });

  it("logs agent users' changes with their agent code and account, and Log management filters them", async () => {
    const account = await newUser('A1');
    const token = ok(await agentLogin('A1', account)).token;
    ok(await t().agentCall('agent/edit', { id: dims.agent['A1-1'], remark: 'from the agent' }, { token }));
    const refused = await t().agentCall('agent/edit', { id: dims.agent.B1, remark: 'x' }, { token });
    expect(refused.error_code).toBe(ErrorCode.NoPermission);
    const agentRows = ok(await operator<{ list: Row[] }>('log/list', { page: 1, page_size: 50, actor: 'agent', agent_code: 'a1' })).list;
    expect(agentRows.find((r) => r.action === 'agent/edit' && r.result_code === '0')).toMatchObject({ operator_account: account, agent_code: 'A1', operator_id: null });
    expect(agentRows.find((r) => r.action === 'agent/edit' && r.result_code === ErrorCode.NoPermission)).toMatchObject({ operator_account: account, agent_code: 'A1' });
    expect(agentRows.every((r) => r.agent_code === 'A1')).toBe(true);
    const operatorRows = ok(await operator<{ list: Row[] }>('log/list', { page: 1, page_size: 50, actor: 'operator' })).list;
    expect(operatorRows.length).toBeGreaterThan(0);
    expect(operatorRows.every((r) => r.agent_code === '')).toBe(true);
  });

  it("changes the agent user's own password, ending their other sessions", async () => {
    const account = await newUser('A1');
    const first = ok(await agentLogin('A1', account)).token;
    const second = ok(await agentLogin('A1', account)).token;
    ok(await t().agentCall('user/password/change', { old_password: hash('secret123'), password: hash('secret456') }, { token: first }));
    expect((await info(second)).status).toBe(401);
    expect((await info(first)).status).toBe(200);
    expect((await agentLogin('A1', account)).error_code).toBe(ErrorCode.WrongCredentials);
    ok(await agentLogin('A1', account, 'secret456'));
  });
});
