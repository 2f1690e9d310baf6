/**
 * Who may give and take over agent users (docs/security.md, "Permissions" and "Agent users"):
 * - nobody grants a code they do not hold: an admin level holding a code the caller lacks is
 *   refused (A0302) when giving it to an agent user, for agent users and operators alike, and when
 *   an operator adds or edits such a level;
 * - nobody manages an agent user whose level holds codes they lack (A0302), and an agent user
 *   manages only agent users ranked below them (A0302 for a colleague of the same rank or a
 *   superior, A0301 for themselves or anyone outside their sub-tree);
 * - a password reset or a disabling ends the agent user's sessions for good: enabling the user (or
 *   their agent) again revives none of them; one's own password change keeps the current session,
 *   as for operators;
 * - the agent API creates no player under an agent out of service.
 * The calls that create or change agent users or admin levels under /v1/agent/ are enumerated from
 * the module registry: such a call without a case here fails the suite.
 */
import { beforeAll, expect, it } from 'vitest';
import { createAgentClient, type AgentClient } from '@console/agent-client';
import { AGENT_API_PREFIX, AGENT_PERMISSION_CODES, callPrefixes, ErrorCode, type CallDef } from '@console/contract';
import { modules } from '../src/modules/index.ts';
import { toNumber } from '../src/db/sql.ts';
import { agentApiRefusal, describeOnDatabases, injectFetch, type CallResult } from './harness.ts';
import { createDimensions, loginWithPermissions, type Dimensions } from './domain-fixtures.ts';
import { hash } from './user-helpers.ts';

type Row = Record<string, unknown>;

const registered: CallDef[] = modules.flatMap((m) => [...m.calls]);
const agentMounted = registered.filter((c) => callPrefixes(c).includes(AGENT_API_PREFIX));
/**
 * The calls under /v1/agent/ that create or change agent users, admin levels, accounts or
 * permissions of others: change calls (audit) that need a permission code, on a path of users,
 * levels or permissions. The caller's own account (password change, authenticator binding) is
 * open to every session and is not among them.
 */
const USER_OR_LEVEL = /(^|\/)(user|adminlevel|permission)\//;
const userAndLevelWrites = agentMounted.filter((c) => c.audit && typeof c.access === 'object' && USER_OR_LEVEL.test(c.path));
/** The same, mounted for operators only: mounting one for agent users must bring a case here. */
const operatorOnlyWrites = registered.filter((c) => !callPrefixes(c).includes(AGENT_API_PREFIX) && c.audit && USER_OR_LEVEL.test(c.path));

const A_ADDRESS = '10.1.2.3';

describeOnDatabases('agent users: grants, takeovers and sessions', (t) => {
  let dims: Dimensions;
  let op: string;
  const levels: Record<string, number> = {};
  const users: Record<string, number> = {};
  let seq = 0;

  const db = () => t().database.db;
  const ok = <T>(r: CallResult<T>): T => {
    expect(r.error_code, `${r.error_code} ${r.error_msg}`).toBe('0');
    return r.data;
  };
  const operator = <T = Row>(path: string, body: Row = {}, token = op) => t().call<T>(path, body, { token });
  const agentLogin = (agentCode: string, account: string, password = 'secret123') =>
    t().agentCall<{ token: string }>('login', { agent_code: agentCode, account, password: hash(password), google_code: '' });
  const tokenOf = async (agentCode: string, account: string, password = 'secret123') => ok(await agentLogin(agentCode, account, password)).token;
  const info = (token: string) => t().agentCall<{ permissions: string }>('user/info', {}, { token });
  const alive = async (token: string) => (await info(token)).status === 200;
  /** A new agent user of `agent` at `level`, added by an operator; answers their account. */
  const newUser = async (agent: keyof Dimensions['agent'], level: string, prefix = 'usr') => {
    const account = `${prefix}${++seq}`;
    users[`${agent}/${account}`] = ok(await operator<{ id: number }>('agent/user/add', { agent_id: dims.agent[agent], account, name: account, password: hash('secret123'), admin_level_id: levels[level] })).id;
    return account;
  };
  const userRow = async (id: number) => db().selectFrom('agent_user').select(['status', 'password_hash', 'totp_secret', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow();
  const refusals = async (account: string, action: string) =>
    (await db().selectFrom('operation_log').select('result_code').where('operator_account', '=', account).where('action', '=', action).where('result_code', '<>', '0').execute()).map((r) => r.result_code);

  beforeAll(async () => {
    dims = await createDimensions(db());
    op = await t().login();
    // The demo's levels: a manager (rank 2) without the ledger (6) and exports (1305), finance
    // (rank 3) with them, support (rank 4) with a code the manager holds.
    for (const [name, level, permissions] of [
      ['Owner', 1, AGENT_PERMISSION_CODES.join(',')],
      ['Manager', 2, '1401,1402,1403,1404,1405,201,202,203,204,301,302,303,304,7,801'],
      ['Finance', 3, '1401,1402,1403,1404,1405,6,1305'],
      ['Support', 4, '201,202,801'],
    ] as const) {
      levels[name] = ok(await operator<{ id: number }>('agent/adminlevel/add', { name, level, permissions })).id;
    }
  });

  it('an agent user cannot give an admin level holding a code they lack (A0302); the new user is never made and cannot read the ledger', async () => {
    const manager = await newUser('A1', 'Manager', 'ops');
    const token = await tokenOf('A1', manager);
    expect((await t().agentCall('bill/list', { page: 1, page_size: 20 }, { token })).error_code).toBe(ErrorCode.NoPermission);
    const add = (account: string, level: string) =>
      t().agentCall('agent/user/add', { agent_id: dims.agent['A1-1'], account, name: account, password: hash('secret123'), admin_level_id: levels[level] }, { token });
    const refused = await add('finance_mate', 'Finance');
    expect(refused.error_code, refused.error_msg).toBe(ErrorCode.GrantBeyondOwn);
    expect(refused.error_msg).toBe('admin_level_id: you cannot grant permissions you do not hold: 6,13,1305');
    expect(await db().selectFrom('agent_user').select('id').where('account', '=', 'finance_mate').execute()).toEqual([]);
    expect((await agentLogin('A1-1', 'finance_mate')).error_code).toBe(ErrorCode.WrongCredentials);
    expect(await refusals(manager, 'agent/user/add')).toEqual([ErrorCode.GrantBeyondOwn]);
    // A level ranked above their own is beyond them too; a level below whose codes they hold is theirs to give.
    expect((await add('owner_mate', 'Owner')).error_code).toBe(ErrorCode.GrantBeyondOwn);
    ok(await add('support_mate', 'Support'));
    ok(await agentLogin('A1-1', 'support_mate'));
    // What they are offered to pick from: the levels they may give.
    const offered = ok(await t().agentCall<{ list: Row[] }>('agent/adminlevel/list', {}, { token })).list.map((l) => l.name);
    expect(offered).toEqual(['Manager', 'Support']);
  });

  it('an operator gives, adds and edits only levels whose codes they all hold (A0302), and manages only agent users of such levels', async () => {
    const limited = await loginWithPermissions(t(), 'agents_only', '7,8,801');
    const supportUser = await newUser('A1-1', 'Support');
    const financeUser = await newUser('A1-1', 'Finance');
    const body = (level: string) => ({ agent_id: dims.agent.A1, account: `lim${++seq}`, name: 'x', password: hash('secret123'), admin_level_id: levels[level] });
    expect((await operator('agent/user/add', body('Finance'), limited)).error_code).toBe(ErrorCode.GrantBeyondOwn);
    const levelCount = async () => (await db().selectFrom('agent_admin_level').select('id').execute()).length;
    const before = await levelCount();
    expect((await operator('agent/adminlevel/add', { name: 'Ledger', level: 5, permissions: '6,801' }, limited)).error_code).toBe(ErrorCode.GrantBeyondOwn);
    expect(await levelCount()).toBe(before);
    const finance = await db().selectFrom('agent_admin_level').select(['permissions', 'name']).where('id', '=', levels.Finance!).executeTakeFirstOrThrow();
    expect((await operator('agent/adminlevel/edit', { id: levels.Finance, name: 'Renamed' }, limited)).error_code).toBe(ErrorCode.GrantBeyondOwn);
    // Adding a code one lacks to a level one could otherwise change.
    const own = ok(await operator<{ id: number }>('agent/adminlevel/add', { name: 'Players', level: 6, permissions: '801' }, limited)).id;
    expect((await operator('agent/adminlevel/edit', { id: own, permissions: '801,6' }, limited)).error_code).toBe(ErrorCode.GrantBeyondOwn);
    expect(await db().selectFrom('agent_admin_level').select(['permissions', 'name']).where('id', '=', levels.Finance!).executeTakeFirstOrThrow()).toEqual(finance);
    expect((await db().selectFrom('agent_admin_level').select('permissions').where('id', '=', own).executeTakeFirstOrThrow()).permissions).toBe('8,801');
    ok(await operator('agent/adminlevel/edit', { id: own, name: 'Player desk' }, limited));
    // A password reset of a finance user would hand over the ledger.
    const financeId = users[`A1-1/${financeUser}`]!;
    const kept = await userRow(financeId);
    for (const [path, extra] of [['agent/user/password/edit', { password: hash('taken0ver') }], ['agent/user/status/edit', { status: 2 }], ['agent/user/google/clean', {}]] as const) {
      expect((await operator(path, { user_id: financeId, ...extra }, limited)).error_code, path).toBe(ErrorCode.GrantBeyondOwn);
    }
    expect(await userRow(financeId)).toEqual(kept);
    // The Support level (201, 202, 801) holds report codes this operator lacks as well.
    expect((await operator('agent/user/password/edit', { user_id: users[`A1-1/${supportUser}`], password: hash('secret456') }, limited)).error_code).toBe(ErrorCode.GrantBeyondOwn);
    ok(await operator('agent/user/add', { ...body('Support'), admin_level_id: own }, limited));
    // An operator holding every code manages every agent user.
    ok(await operator('agent/user/password/edit', { user_id: financeId, password: hash('secret123') }));
  });

  it('an agent user manages only agent users ranked below them: a colleague of the same rank or a superior is refused (A0302), themselves A0301', async () => {
    const me = await newUser('A1', 'Manager', 'mgr');
    const colleague = await newUser('A1', 'Manager', 'mgr');
    const subColleague = await newUser('A1-1', 'Manager', 'mgr');
    const boss = await newUser('A1', 'Owner', 'boss');
    const below = await newUser('A1-1', 'Support', 'sup');
    const token = await tokenOf('A1', me);
    const actions = [
      ['agent/user/password/edit', { password: hash('taken0ver') }],
      ['agent/user/status/edit', { status: 2 }],
      ['agent/user/google/clean', {}],
    ] as const;
    for (const target of [`A1/${colleague}`, `A1-1/${subColleague}`, `A1/${boss}`]) {
      const id = users[target]!;
      await db().updateTable('agent_user').set({ totp_secret: 'sealed' }).where('id', '=', id).execute();
      const kept = await userRow(id);
      for (const [path, extra] of actions) {
        const r = await t().agentCall(path, { user_id: id, ...extra }, { token });
        expect([target, path, r.error_code]).toEqual([target, path, ErrorCode.GrantBeyondOwn]);
      }
      expect(await userRow(id), target).toEqual(kept);
    }
    expect(await refusals(me, 'agent/user/password/edit')).toEqual(Array(3).fill(ErrorCode.GrantBeyondOwn));
    // The colleague still logs in with their own password.
    await db().updateTable('agent_user').set({ totp_secret: null }).where('id', '=', users[`A1/${colleague}`]!).execute();
    ok(await agentLogin('A1', colleague));
    for (const [path, extra] of actions) expect((await t().agentCall(path, { user_id: users[`A1/${me}`], ...extra }, { token })).error_code, path).toBe(ErrorCode.NoPermission);
    // Below them: theirs to manage; an operator manages the colleague.
    for (const [path, extra] of actions) ok(await t().agentCall(path, { user_id: users[`A1-1/${below}`], ...extra }, { token }));
    ok(await operator('agent/user/password/edit', { user_id: users[`A1/${colleague}`], password: hash('secret456') }));
    ok(await agentLogin('A1', colleague, 'secret456'));
  });

  it('a password reset ends every session of the agent user, by an operator or by an agent user above them', async () => {
    const manager = await newUser('A1', 'Manager', 'rst');
    const managerToken = await tokenOf('A1', manager);
    const target = await newUser('A1-1', 'Support', 'rst');
    const id = users[`A1-1/${target}`]!;
    const sessions = [await tokenOf('A1-1', target), await tokenOf('A1-1', target)];
    ok(await t().agentCall('agent/user/password/edit', { user_id: id, password: hash('secret456') }, { token: managerToken }));
    for (const s of sessions) expect(await alive(s)).toBe(false);
    expect(await alive(managerToken)).toBe(true);
    const [log] = await db().selectFrom('operation_log').select('summary').where('action', '=', 'agent/user/password/edit').where('target', 'like', `agent_user:${id} %`).orderBy('id', 'desc').limit(1).execute();
    expect(JSON.parse(log!.summary)).toMatchObject({ account: target, sessions_ended: 2 });

    const again = await tokenOf('A1-1', target, 'secret456');
    ok(await operator('agent/user/password/edit', { user_id: id, password: hash('secret789') }));
    expect(await alive(again)).toBe(false);
    ok(await agentLogin('A1-1', target, 'secret789'));
  });

  it("disabling an agent user, or their agent, ends their sessions for good: enabling again revives no old token", async () => {
    const manager = await newUser('A1', 'Manager', 'dis');
    const managerToken = await tokenOf('A1', manager);
    const target = await newUser('A1-1-1', 'Support', 'dis');
    const id = users[`A1-1-1/${target}`]!;
    const cases: Array<[string, (status: 1 | 2) => Promise<unknown>]> = [
      ['by an operator', async (status) => ok(await operator('agent/user/status/edit', { user_id: id, status }))],
      ['by an agent user above them', async (status) => ok(await t().agentCall('agent/user/status/edit', { user_id: id, status }, { token: managerToken }))],
      ['their agent', async (status) => ok(await operator('agent/edit', { id: dims.agent['A1-1-1'], status }))],
      ['an agent above theirs', async (status) => ok(await operator('agent/edit', { id: dims.agent['A1-1'], status }))],
    ];
    for (const [what, setStatus] of cases) {
      const token = await tokenOf('A1-1-1', target);
      expect(await alive(token), what).toBe(true);
      await setStatus(2);
      expect(await alive(token), what).toBe(false);
      await setStatus(1);
      expect(await alive(token), what).toBe(false);
      expect((await info(await tokenOf('A1-1-1', target))).status, what).toBe(200);
    }
    // Enabling an enabled user ends nothing; unbinding the authenticator ends nothing (as for operators).
    const token = await tokenOf('A1-1-1', target);
    ok(await operator('agent/user/status/edit', { user_id: id, status: 1 }));
    ok(await operator('agent/user/google/clean', { user_id: id }));
    expect(await alive(token)).toBe(true);
    expect(await alive(managerToken)).toBe(true);
  });

  it("one's own password change keeps the current session and ends the others, for agent users as for operators", async () => {
    const account = await newUser('A1', 'Support', 'own');
    const [current, other] = [await tokenOf('A1', account), await tokenOf('A1', account)];
    ok(await t().agentCall('user/password/change', { old_password: hash('secret123'), password: hash('secret456') }, { token: current }));
    expect([await alive(current!), await alive(other!)]).toEqual([true, false]);

    ok(await operator('user/add', { account: 'own_op', name: 'Own', password: hash('secret123'), phone: '', permissions: '1' }));
    const [opCurrent, opOther] = [await t().login('own_op', 'secret123'), await t().login('own_op', 'secret123')];
    ok(await t().call('user/password/change', { old_password: hash('secret123'), password: hash('secret456') }, { token: opCurrent }));
    expect([(await t().call('user/info', {}, { token: opCurrent })).status, (await t().call('user/info', {}, { token: opOther })).status]).toEqual([200, 401]);
  });

  {
    /**
     * Scope and grant, for each call: an agent user (Manager, rank 2, without 6 and 1305) tries to
     * gain what they do not hold (A0302), and nothing changes.
     */
    const cases = new Map<string, () => Promise<void>>();
    let manager = '';
    let token = '';
    const setUp = async () => {
      if (token) return;
      manager = await newUser('A1', 'Manager', 'sg');
      token = await tokenOf('A1', manager);
    };
    cases.set('agent/user/add', async () => {
      const r = await t().agentCall('agent/user/add', { agent_id: dims.agent['A1-1'], account: 'sg_grant', name: 'x', password: hash('secret123'), admin_level_id: levels.Finance }, { token });
      expect(r.error_code).toBe(ErrorCode.GrantBeyondOwn);
      expect(await db().selectFrom('agent_user').select('id').where('account', '=', 'sg_grant').execute()).toEqual([]);
    });
    const manage = (path: string, extra: Row) => async () => {
      // A finance user below them (their codes would be handed over) and a colleague of their rank.
      for (const [agent, level] of [['A1-1', 'Finance'], ['A1', 'Manager']] as const) {
        const id = users[`${agent}/${await newUser(agent, level, 'sgt')}`]!;
        const kept = await userRow(id);
        expect((await t().agentCall(path, { user_id: id, ...extra }, { token })).error_code, `${path} ${level}`).toBe(ErrorCode.GrantBeyondOwn);
        expect(await userRow(id)).toEqual(kept);
      }
    };
    cases.set('agent/user/status/edit', manage('agent/user/status/edit', { status: 2 }));
    cases.set('agent/user/password/edit', manage('agent/user/password/edit', { password: hash('taken0ver') }));
    cases.set('agent/user/google/clean', manage('agent/user/google/clean', {}));

    it('scope-and-grant: enumerates every call under /v1/agent/ that creates or changes users or levels, and has a case for each', async () => {
      expect(userAndLevelWrites.length).toBeGreaterThan(0);
      expect(userAndLevelWrites.map((c) => c.path)).toEqual(expect.arrayContaining(['agent/user/add', 'agent/user/status/edit', 'agent/user/password/edit']));
      expect(userAndLevelWrites.map((c) => c.path).filter((p) => !cases.has(p))).toEqual([]);
      // Those for operators only (levels, operator accounts, permissions) are not served there.
      expect(operatorOnlyWrites.map((c) => c.path)).toEqual(expect.arrayContaining(['agent/adminlevel/add', 'agent/adminlevel/edit', 'user/add', 'permission/edit']));
      await setUp();
      for (const call of operatorOnlyWrites) expect((await t().agentCall(call.path, {}, { token })).status, call.path).toBe(404);
    });

    for (const call of userAndLevelWrites) {
      const run = cases.get(call.path);
      if (run) {
        it(`scope-and-grant: ${AGENT_API_PREFIX}${call.path} refuses a grant beyond the caller's own codes (A0302)`, async () => {
          await setUp();
          await run();
        });
      }
    }
  }

  it('the agent API creates no player under a disabled agent or under a disabled agent above it', async () => {
    ok(await operator('agent/edit', { id: dims.agent.A1, ip_whitelist: ['10.1.0.0/16'] }));
    const key = ok(await operator<{ app_id: string; secret: string }>('key/add', { agent_id: dims.agent.A1, type: 'agent', remark: 'A1' }));
    const client: AgentClient = createAgentClient({
      baseUrl: 'http://console.test',
      appId: key.app_id,
      secret: key.secret,
      fetch: injectFetch(t().app),
      headers: { 'x-forwarded-for': A_ADDRESS, 'accept-language': 'en' },
    });
    const players = async () => (await db().selectFrom('player').select('account').where('account', 'like', 'apiplayer%').execute()).map((r) => r.account).sort();
    const refusal = async (agentCode: string, account: string) => {
      const err = await client.playerCreate({ agent_code: agentCode, account }).catch((e: unknown) => e);
      return err as { status: number; code: string; message: string; data: unknown };
    };
    for (const [disabled, agentCode, named] of [
      ['A1-1', 'A1-1', 'the agent A1-1 is disabled'],
      ['A1-1', 'A1-1-1', 'the agent A1-1-1 is out of service (the agent A1-1 above it is disabled)'],
      ['A1-1-1', 'A1-1-1', 'the agent A1-1-1 is disabled'],
    ] as const) {
      ok(await operator('agent/edit', { id: dims.agent[disabled], status: 2 }));
      const err = await refusal(agentCode, 'apiplayer1');
      expect([err.status, err.code, err.data]).toEqual([200, ErrorCode.InvalidParameter, { field: 'agent_code', reason: 'agent_disabled' }]);
      expect(err.message).toContain(named);
      ok(await operator('agent/edit', { id: dims.agent[disabled], status: 1 }));
    }
    expect(await players()).toEqual([]);
    // The key's own agent and those in service take players; a disabled key agent is refused as before.
    expect(await client.playerCreate({ agent_code: 'A1-1-1', account: 'apiplayer1' })).toMatchObject({ created: true, currency_code: 'USD' });
    expect(await client.playerCreate({ agent_code: 'A1', account: 'apiplayer2' })).toMatchObject({ created: true });
    ok(await operator('agent/edit', { id: dims.agent.A1, status: 2 }));
    expect(await agentApiRefusal(client.playerCreate({ agent_code: 'A1', account: 'apiplayer3' }))).toEqual([401, ErrorCode.ApiKeyInvalid]);
    ok(await operator('agent/edit', { id: dims.agent.A1, status: 1 }));
    expect(await players()).toEqual(['apiplayer1', 'apiplayer2']);
    expect(toNumber((await db().selectFrom('player').select((eb) => eb.fn.countAll().as('n')).where('account', '=', 'apiplayer3').executeTakeFirstOrThrow()).n)).toBe(0);
  });
});
