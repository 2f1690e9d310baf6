/**
 * The agent back office's scope (docs/product.md, "The agent back office"): for two sibling agents
 * A1 and B1, each with a sub-agent, players, bets and transfers, an agent user of A1 sees every row
 * of A1's sub-tree and none of B1's through every call mounted under /v1/agent/, and asking for a
 * B1 agent is refused. The calls are enumerated from the module registry: a call mounted for agent
 * users without a case here fails the suite.
 */
import { beforeAll, expect, it } from 'vitest';
import { AGENT_API_PREFIX, AGENT_PERMISSION_CODES, API_PREFIX, callPrefixes, ErrorCode, report, type CallDef } from '@console/contract';
import { modules } from '../src/modules/index.ts';
import { toNumber } from '../src/db/sql.ts';
import { describeOnDatabases, type CallResult } from './harness.ts';
import { betRecord, createDimensions, ingestAuth, postIngest, transferRecord, type Dimensions } from './domain-fixtures.ts';
import { hash } from './user-helpers.ts';

type Row = Record<string, unknown>;
interface Page {
  list: Row[];
  total: number;
  summary?: Row[];
}

const registered: CallDef[] = modules.flatMap((m) => [...m.calls]);
const agentMounted = registered.filter((c) => callPrefixes(c).includes(AGENT_API_PREFIX));
const operatorOnly = registered.filter((c) => !callPrefixes(c).includes(AGENT_API_PREFIX));

const RANGE = { start_date: '2026-01-01', end_date: '2026-01-31', time_zone_id: 1, currency_id: -1 };
/** The same month for a report asked for by months (the settlement). */
const MONTHS = { start_month: '2026-01', end_month: '2026-01', time_zone_id: 1, currency_id: -1 };
const rangeOf = (d: report.ReportDef) => (d.range === 'month' ? MONTHS : RANGE);
const A_PLAYERS = ['pa1', 'pa11', 'pa111'];
const B_PLAYERS = ['pb1', 'pb11'];
const A_CODES = ['A1', 'A1-1', 'A1-1-1'];
const B_CODES = ['B1', 'B1-1'];

describeOnDatabases('agent back office: an agent user sees their sub-tree and nothing else', (t) => {
  let dims: Dimensions;
  let op: string;
  let ua: string;
  let uaId: number;
  let b11: number;
  const ids: Record<string, number> = {};
  const players: Record<string, number> = {};
  const users: Record<string, number> = {};

  const db = () => t().database.db;
  const ok = <T>(r: CallResult<T>): T => {
    expect(r.error_code, `${r.error_code} ${r.error_msg}`).toBe('0');
    return r.data;
  };
  const refused = (r: CallResult<unknown>) => expect([r.error_code, r.status]).toEqual([ErrorCode.NoPermission, 200]);
  const agentAs = <T = Page>(path: string, body: Row = {}) => t().agentCall<T>(path, body, { token: ua });
  const operator = <T = Page>(path: string, body: Row = {}) => t().call<T>(path, body, { token: op });
  /** No row of an answer names an agent or player of B1's sub-tree. */
  const noBRows = (rows: Row[]) => {
    for (const r of rows) {
      if ('agent_code' in r) expect(B_CODES).not.toContain(r.agent_code);
      if ('player_account' in r) expect(B_PLAYERS).not.toContain(r.player_account);
      if ('code' in r) expect(B_CODES).not.toContain(r.code);
    }
  };

  beforeAll(async () => {
    dims = await createDimensions(db());
    op = await t().login();
    Object.assign(ids, dims.agent);
    const agentAdd = async (code: string, parent: number, currency: number) =>
      ok(await operator<{ id: number }>('agent/add', { code, name: code, parent_id: parent, currency_id: currency, wallet_mode: 'transfer', share_rate: 0 })).id;
    b11 = await agentAdd('b1sub1', dims.agent.B1, dims.currency.VND);
    // Named like the fixture's other agents (codes the API takes are lower-case letters and digits).
    await db().updateTable('agent').set({ code: 'B1-1' }).where('id', '=', b11).execute();
    ids['B1-1'] = b11;

    const auth = await ingestAuth(t(), op);
    const where: Array<[string, string, string]> = [
      ['pa1', 'A1', 'CNY'], ['pa11', 'A1-1', 'CNY'], ['pa111', 'A1-1-1', 'USD'], ['pb1', 'B1', 'VND'], ['pb11', 'B1-1', 'VND'],
    ];
    const transfers = where.map(([p, a, c]) => transferRecord({ player_account: p, agent_code: a, currency_code: c, amount: '1000.0000' }));
    expect((await postIngest(t(), 'transfers', transfers, auth)).error_code).toBe('0');
    const bets = where.flatMap(([p, a, c], i) =>
      [0, 1, 2].map((k) => betRecord({ player_account: p, agent_code: a, currency_code: c, game_code: (['slot1', 'card1', 'fish1'] as const)[k]!, bet_amount: `${10 + i}.0000`, valid_bet_amount: `${10 + i}.0000`, payout_amount: `${k * 7}.0000` })),
    );
    expect((await postIngest(t(), 'bets', bets, auth)).error_code).toBe('0');
    for (const r of await db().selectFrom('player').select(['id', 'account']).execute()) players[r.account] = toNumber(r.id);

    const all = ok(await operator<{ id: number }>('agent/adminlevel/add', { name: 'Owner', level: 1, permissions: AGENT_PERMISSION_CODES.join(',') })).id;
    const staff = ok(await operator<{ id: number }>('agent/adminlevel/add', { name: 'Staff', level: 3, permissions: '801' })).id;
    const addUser = async (agent: string, account: string, level: number) =>
      (users[`${agent}/${account}`] = ok(await operator<{ id: number }>('agent/user/add', { agent_id: ids[agent], account, name: account, password: hash('secret123'), admin_level_id: level })).id);
    uaId = await addUser('A1', 'boss', all);
    await addUser('A1', 'clerk', staff);
    await addUser('A1-1', 'subboss', all);
    await addUser('B1', 'bboss', all);
    await addUser('B1-1', 'bsub', staff);
    const login = ok(await t().agentCall<{ token: string; user_info: Row }>('login', { agent_code: 'A1', account: 'boss', password: hash('secret123'), google_code: '' }));
    ua = login.token;
    expect(login.user_info).toMatchObject({ id: uaId, account: 'boss', agent_id: ids.A1, agent_code: 'A1', admin_level_name: 'Owner' });
    // The operator's own export, which the agent user must never list or download.
    const opExport = await t().call(`${report.reportCallPairs[0]!.def.path}/export`, { ...RANGE }, { token: op });
    expect(opExport.status).toBe(200);
  });

  /** A call whose answer is a report page: the agent's whole-sub-tree answer is the operator's for A1, and B1 is refused. */
  const reportCase = (path: string, range: Row) => async () => {
    const mine = ok(await agentAs(path, { ...range, agent_id: 0, page: 1, page_size: 500 }));
    expect(mine).toEqual(ok(await operator(path, { ...range, agent_id: ids.A1, page: 1, page_size: 500 })));
    noBRows(mine.list);
    // The data holds B1 rows, so an unscoped answer would differ.
    expect(ok(await operator(path, { ...range, agent_id: 0, page: 1, page_size: 500 }))).not.toEqual(mine);
    expect(ok(await agentAs(path, { ...range, agent_id: ids['A1-1'], page: 1, page_size: 500 }))).toEqual(
      ok(await operator(path, { ...range, agent_id: ids['A1-1'], page: 1, page_size: 500 })),
    );
    for (const other of [ids.B1, ids['B1-1'], 999_999]) refused(await agentAs(path, { ...range, agent_id: other, page: 1, page_size: 20 }));
  };

  /** An export: the agent's file holds as many rows as the operator's of A1; B1 is refused. */
  const exportCase = (path: string, range: Row) => async () => {
    const lastRows = async (agentUser: boolean) => {
      const q = db().selectFrom('export').select(['row_count']).orderBy('id', 'desc');
      const r = await (agentUser ? q.where('requested_by_agent_user', '=', uaId) : q.where('requested_by_agent_user', 'is', null)).executeTakeFirstOrThrow();
      return toNumber(r.row_count);
    };
    expect((await agentAs(path, { ...range, agent_id: 0 })).status).toBe(200);
    const mine = await lastRows(true);
    expect((await operator(path, { ...range, agent_id: ids.A1 })).status).toBe(200);
    expect(mine).toBe(await lastRows(false));
    for (const other of [ids.B1, ids['B1-1']]) refused(await agentAs(path, { ...range, agent_id: other }));
  };

  const cases = new Map<string, () => Promise<void>>();
  for (const pair of report.reportCallPairs) {
    cases.set(pair.list.path, reportCase(pair.list.path, rangeOf(pair.def)));
    cases.set(pair.export.path, exportCase(pair.export.path, rangeOf(pair.def)));
  }

  cases.set('bill/list', async () => {
    const body = { page: 1, page_size: 500, start_time: '2026-01-01T00:00:00Z', end_time: '2026-02-01T00:00:00Z' };
    const mine = ok(await agentAs('bill/list', body));
    expect(mine.total).toBeGreaterThan(0);
    expect(mine).toEqual(ok(await operator('bill/list', { ...body, agent_id: ids.A1 })));
    noBRows(mine.list);
    expect(ok(await operator('bill/list', body)).total).toBeGreaterThan(mine.total);
    refused(await agentAs('bill/list', { ...body, agent_id: ids['B1-1'] }));
    expect(ok(await agentAs('bill/list', { ...body, player_account: 'pb1' })).total).toBe(0);
    // The totals are the sub-tree's: A1's players hold CNY and USD, B1's VND.
    expect(mine.summary!.map((s) => s.currency_code).sort()).toEqual(['CNY', 'USD']);
    expect(mine.summary!.reduce((n, s) => n + Number(s.entry_count), 0)).toBe(mine.total);
    expect(ok(await agentAs('bill/list', { ...body, player_account: 'pb1' })).summary).toEqual([]);
  });

  cases.set('bill/list/export', async () => {
    // The agent's file holds the sub-tree's entries, as many as the operator's of A1; B1 is refused.
    const body = { start_time: '2026-01-01 00:00:00', end_time: '2026-01-31 23:59:59', time_zone_id: 1 };
    const rows = async (agentUser: boolean) => {
      const q = db().selectFrom('export').select(['row_count', 'report']).orderBy('id', 'desc');
      const r = await (agentUser ? q.where('requested_by_agent_user', '=', uaId) : q.where('requested_by_agent_user', 'is', null)).executeTakeFirstOrThrow();
      expect(r.report).toBe('bill');
      return toNumber(r.row_count);
    };
    expect((await agentAs('bill/list/export', body)).status).toBe(200);
    const mine = await rows(true);
    expect(mine).toBe(ok(await agentAs('bill/list', { ...body, page: 1, page_size: 1 })).total);
    expect((await operator('bill/list/export', { ...body, agent_id: ids.A1 })).status).toBe(200);
    expect(mine).toBe(await rows(false));
    expect((await operator('bill/list/export', body)).status).toBe(200);
    expect(await rows(false)).toBeGreaterThan(mine);
    for (const other of [ids.B1, ids['B1-1']]) refused(await agentAs('bill/list/export', { ...body, agent_id: other }));
  });

  cases.set('player/list', async () => {
    const mine = ok(await agentAs('player/list', { page: 1, page_size: 500 }));
    expect(mine.list.map((p) => p.account).sort()).toEqual([...A_PLAYERS].sort());
    refused(await agentAs('player/list', { page: 1, page_size: 20, agent_id: ids.B1 }));
    expect(ok(await agentAs('player/list', { page: 1, page_size: 20, account: 'pb' })).total).toBe(0);
    expect(ok(await agentAs('player/list', { page: 1, page_size: 20, agent_id: ids['A1-1'] })).list.map((p) => p.account).sort()).toEqual(['pa11', 'pa111']);
  });

  cases.set('player/detail', async () => {
    expect(ok(await agentAs<{ player: Row }>('player/detail', { player_id: players.pa111 })).player.account).toBe('pa111');
    // A point control on the player is the operators' alone.
    ok(await operator('player/control/add', { player_id: players.pa11, direction: 'lose', intensity: 50, target_amount: '100', remark: 'test' }));
    expect(ok(await operator<{ control: Row | null }>('player/detail', { player_id: players.pa11 })).control).not.toBeNull();
    expect(ok(await agentAs<{ control: Row | null }>('player/detail', { player_id: players.pa11 })).control).toBeNull();
    for (const p of B_PLAYERS) expect((await agentAs('player/detail', { player_id: players[p] })).error_code).toBe(ErrorCode.NotFound);
  });

  cases.set('player/status/edit', async () => {
    ok(await agentAs('player/status/edit', { player_id: players.pa11, status: 1 }));
    expect((await agentAs('player/status/edit', { player_id: players.pb11, status: 2 })).error_code).toBe(ErrorCode.NotFound);
    const pb11 = await db().selectFrom('player').select('status').where('id', '=', players.pb11!).executeTakeFirstOrThrow();
    expect(toNumber(pb11.status)).toBe(1);
  });

  cases.set('agent/quick', async () => {
    const mine = ok(await agentAs('agent/quick'));
    expect(mine.list.map((a) => a.code)).toEqual(expect.arrayContaining(A_CODES));
    noBRows(mine.list);
    expect(mine.total).toBeLessThan(ok(await operator('agent/quick')).total);
  });

  cases.set('agent/list', async () => {
    const top = ok(await agentAs('agent/list', { page: 1, page_size: 50, parent_id: 0 }));
    expect(top.list.map((a) => a.code)).toEqual(['A1']);
    const every = ok(await agentAs('agent/list', { page: 1, page_size: 50 }));
    expect(every.list.map((a) => a.code)).toEqual(expect.arrayContaining(A_CODES));
    noBRows(every.list);
    expect(ok(await agentAs('agent/list', { page: 1, page_size: 50, parent_id: ids['A1-1'] })).list.map((a) => a.code)).toEqual(['A1-1-1']);
    expect(ok(await agentAs('agent/list', { page: 1, page_size: 50, keyword: 'B1' })).total).toBe(0);
    refused(await agentAs('agent/list', { page: 1, page_size: 50, parent_id: ids.B1 }));
  });

  cases.set('agent/add', async () => {
    const add = (parent: number, code: string) =>
      agentAs<{ id: number }>('agent/add', { code, name: code, parent_id: parent, currency_id: dims.currency.CNY, wallet_mode: 'transfer', share_rate: 0 });
    refused(await add(0, 'topnew1'));
    refused(await add(ids.B1!, 'bnew1'));
    const id = ok(await add(ids['A1-1']!, 'asub1')).id;
    const row = await db().selectFrom('agent').select('path').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.path.startsWith(`/${ids.A1}/`)).toBe(true);
    expect(await db().selectFrom('agent').select('id').where('code', 'in', ['topnew1', 'bnew1']).execute()).toEqual([]);
  });

  cases.set('agent/edit', async () => {
    refused(await agentAs('agent/edit', { id: ids.B1, remark: 'x' }));
    // Their own agent's settings are the operators' (or their parent's) to change.
    refused(await agentAs('agent/edit', { id: ids.A1, status: 2 }));
    ok(await agentAs('agent/edit', { id: ids['A1-1'], remark: 'edited by the agent' }));
    const b1 = await db().selectFrom('agent').select(['remark', 'status']).where('id', '=', ids.B1!).executeTakeFirstOrThrow();
    expect(b1.remark).toBe('');
  });

  cases.set('agent/user/list', async () => {
    const mine = ok(await agentAs('agent/user/list', { page: 1, page_size: 100 }));
    expect(mine.list.map((u) => `${u.agent_code}/${u.account}`)).toEqual(expect.arrayContaining(['A1-1/subboss', 'A1/boss', 'A1/clerk']));
    noBRows(mine.list);
    refused(await agentAs('agent/user/list', { page: 1, page_size: 100, agent_id: ids['B1-1'] }));
  });

  cases.set('agent/user/add', async () => {
    const levels = ok(await operator<{ list: Row[] }>('agent/adminlevel/list')).list;
    const staff = Number(levels.find((l) => l.name === 'Staff')!.id);
    const add = (agent: number, account: string) => agentAs('agent/user/add', { agent_id: agent, account, name: account, password: hash('secret123'), admin_level_id: staff });
    refused(await add(ids['B1-1']!, 'intruder'));
    ok(await add(ids['A1-1-1']!, 'newstaff'));
    expect(await db().selectFrom('agent_user').select('id').where('account', '=', 'intruder').execute()).toEqual([]);
  });

  for (const [path, body] of [
    ['agent/user/status/edit', { status: 1 }],
    ['agent/user/password/edit', { password: hash('secret456') }],
    ['agent/user/google/clean', {}],
  ] as const) {
    cases.set(path, async () => {
      for (const target of ['B1/bboss', 'B1-1/bsub']) refused(await agentAs(path, { ...body, user_id: users[target] }));
      // Never themselves (their own account has its own calls).
      refused(await agentAs(path, { ...body, user_id: uaId }));
      ok(await agentAs(path, { ...body, user_id: users['A1/clerk'] }));
    });
  }

  cases.set('agent/adminlevel/list', async () => {
    const mine = ok(await agentAs<{ list: Row[] }>('agent/adminlevel/list')).list;
    const all = ok(await operator<{ list: Row[] }>('agent/adminlevel/list')).list;
    const count = (list: Row[], name: string) => Number(list.find((l) => l.name === name)?.user_count);
    // B1's users are not counted for the agent user.
    expect(count(all, 'Owner')).toBe(count(mine, 'Owner') + 1);
    expect(count(mine, 'Owner')).toBe(2);
  });

  cases.set('export/list', async () => {
    const mine = ok(await agentAs('export/list', { page: 1, page_size: 500 }));
    expect(mine.total).toBeGreaterThan(0);
    for (const e of mine.list) expect(String(e.requested_by_account)).toBe('A1/boss');
  });

  cases.set('export/download', async () => {
    const theirs = await db().selectFrom('export').select('id').where('requested_by_agent_user', 'is', null).executeTakeFirstOrThrow();
    // Answered as an export that does not exist: the same code and text as an unknown id.
    const foreign = await agentAs('export/download', { id: toNumber(theirs.id) });
    const unknown = await agentAs('export/download', { id: 987_654 });
    expect([foreign.status, foreign.error_code, foreign.error_msg.replace(String(toNumber(theirs.id)), '#')]).toEqual([200, ErrorCode.NotFound, unknown.error_msg.replace('987654', '#')]);
    const own = await db().selectFrom('export').select('id').where('requested_by_agent_user', '=', uaId).where('status', '=', 'done').executeTakeFirst();
    if (own) expect((await agentAs('export/download', { id: toNumber(own.id) })).status).toBe(200);
  });

  // Dictionaries: nothing agent-owned, the same answer as the operators'.
  for (const path of ['currency/list', 'game/list', 'platform/list']) {
    cases.set(path, async () => {
      const body = path === 'currency/list' ? { page: 1, page_size: 100 } : {};
      expect(ok(await agentAs(path, body))).toEqual(ok(await operator(path, body)));
    });
  }

  // The user's own account: the agent user's, never an operator's.
  cases.set('login', async () => {
    const r = await t().agentCall('login', { agent_code: 'B1', account: 'boss', password: hash('secret123') });
    expect(r.error_code).toBe(ErrorCode.WrongCredentials);
  });
  cases.set('user/info', async () => {
    const me = ok(await agentAs<{ user_info: Row; permissions: string }>('user/info'));
    expect(me.user_info).toMatchObject({ id: uaId, agent_code: 'A1', account: 'boss' });
    expect(me.permissions.split(',').sort()).toEqual([...AGENT_PERMISSION_CODES].sort());
  });
  cases.set('user/google/bind/init', async () => {
    expect(ok(await agentAs<{ otpauth_uri: string }>('user/google/bind/init')).otpauth_uri).toContain('boss');
  });
  cases.set('user/google/bind/confirm', async () => {
    expect((await agentAs('user/google/bind/confirm', { code: '000000' })).error_code).toBe(ErrorCode.VerifyCodeWrong);
  });
  cases.set('user/password/change', async () => {
    const r = await agentAs('user/password/change', { old_password: hash('wrong-one'), password: hash('secret789') });
    expect(r.error_code).toBe(ErrorCode.WrongCredentials);
  });
  cases.set('logout', async () => {
    const other = ok(await t().agentCall<{ token: string }>('login', { agent_code: 'A1', account: 'boss', password: hash('secret123') })).token;
    ok(await t().agentCall('logout', {}, { token: other }));
    expect((await t().agentCall('user/info', {}, { token: other })).status).toBe(401);
    expect((await agentAs('user/info')).status).toBe(200);
  });

  it('has a scope case for every call mounted under /v1/agent/', () => {
    expect(agentMounted.length).toBeGreaterThan(40);
    expect(agentMounted.map((c) => c.path).filter((p) => !cases.has(p))).toEqual([]);
  });

  for (const call of agentMounted) {
    const run = cases.get(call.path);
    if (run) it(`${AGENT_API_PREFIX}${call.path}`, run, 30_000);
  }

  it('serves no operator-only call under /v1/agent/', async () => {
    for (const call of operatorOnly) {
      const r = await agentAs(call.path);
      // A path mounted for agents with another meaning (login, user/info) is the agent user's own call.
      if (agentMounted.some((c) => c.path === call.path)) continue;
      expect(r.status, call.path).toBe(404);
    }
  });

  it('never takes an operator token under /v1/agent/, nor an agent token under /v1/operator/', async () => {
    for (const call of agentMounted.filter((c) => c.access !== 'public')) {
      const asOperator = await t().agentCall(call.path, {}, { token: op });
      expect([asOperator.status, asOperator.code], call.path).toEqual([401, ErrorCode.TokenInvalid]);
      if (callPrefixes(call).includes(API_PREFIX)) {
        const asAgent = await t().call(call.path, {}, { token: ua });
        expect([asAgent.status, asAgent.code], call.path).toEqual([401, ErrorCode.TokenInvalid]);
      }
    }
  });
});
