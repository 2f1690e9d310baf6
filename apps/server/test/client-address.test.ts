/**
 * The client address behind the proxies of TRUST_PROXY (docs/security.md, "Client address"): the
 * first address of the chain, read from the right (the peer, then X-Forwarded-For from last to
 * first), that is not a named proxy. What a client writes into X-Forwarded-For itself is never
 * taken: not for the login limits, not for the operation log, not for an agent's whitelist.
 */
import { beforeAll, expect, it } from 'vitest';
import { signRequest } from '@console/agent-client';
import { ErrorCode } from '@console/contract';
import { loadConfig } from '../src/config/index.ts';
import { describeOnDatabases, type CallResult } from './harness.ts';
import { createDimensions } from './domain-fixtures.ts';
import { addUser, hash } from './user-helpers.ts';

type Row = Record<string, unknown>;

/** Two proxies: a load balancer at 10.0.0.1 and a tier of them in 10.0.1.0/24, as TRUST_PROXY names them. */
const PROXIES = loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.1.0/24' }).trustProxy;

describeOnDatabases(
  'the client address behind the proxies of TRUST_PROXY',
  (t) => {
    let admin: string;
    beforeAll(async () => {
      admin = await t().login();
    });

    /** A login from the peer `peer` with this X-Forwarded-For (absent when null). */
    const loginFrom = async (peer: string, forwardedFor: string | null, account: string, password: string) => {
      const res = await t().app.inject({
        method: 'POST',
        url: '/v1/operator/login',
        remoteAddress: peer,
        payload: { type: 1, account, password: hash(password), google_code: '', phone: '', message_code: '' },
        headers: { 'accept-language': 'en', ...(forwardedFor === null ? {} : { 'x-forwarded-for': forwardedFor }) },
      });
      return res.json() as CallResult<{ user_info: Row }>;
    };
    const failureAddresses = async (account: string) =>
      (await t().database.db.selectFrom('login_failure').select('ip').where('account', '=', account.toLowerCase()).orderBy('id').execute()).map((f) => f.ip);
    const loggedAddresses = async (account: string) =>
      (await t().database.db.selectFrom('operation_log').select('ip').where('action', '=', 'login').where('operator_account', '=', account).orderBy('id').execute()).map((l) => l.ip);

    it('reads the chain from the right: the address the named proxy received the request from, not what the client wrote left of it', async () => {
      const u = await addUser(t(), admin);
      expect((await loginFrom('10.0.0.1', '203.0.113.9, 198.51.100.7', u.account, 'wrong-pass')).error_code).toBe(ErrorCode.WrongCredentials);
      // Through two named proxies (10.0.1.5 forwarded to 10.0.0.1): still the first address that is no proxy.
      expect((await loginFrom('10.0.0.1', '203.0.113.9, 198.51.100.8, 10.0.1.5', u.account, 'wrong-pass')).error_code).toBe(ErrorCode.WrongCredentials);
      expect(await failureAddresses(u.account)).toEqual(['198.51.100.7', '198.51.100.8']);
      expect(await loggedAddresses(u.account)).toEqual(['198.51.100.7', '198.51.100.8']);
      const ok = await loginFrom('10.0.0.1', '203.0.113.9, 198.51.100.7', u.account, u.password);
      expect(ok.data.user_info.last_login_ip).toBe('198.51.100.7');
    });

    it('believes no X-Forwarded-For from a peer that is not a named proxy', async () => {
      const u = await addUser(t(), admin);
      await loginFrom('198.51.100.20', '203.0.113.9', u.account, 'wrong-pass');
      await loginFrom('198.51.100.20', '10.0.0.1', u.account, 'wrong-pass');
      await loginFrom('198.51.100.21', null, u.account, 'wrong-pass');
      expect(await failureAddresses(u.account)).toEqual(['198.51.100.20', '198.51.100.20', '198.51.100.21']);
    });

    it('takes a proxy peer written as IPv6-mapped IPv4 as that proxy; an entry a proxy wrote that is no address leaves the proxy’s own', async () => {
      const u = await addUser(t(), admin);
      await loginFrom('::ffff:10.0.0.1', '198.51.100.9', u.account, 'wrong-pass');
      await loginFrom('10.0.0.1', 'not-an-address', u.account, 'wrong-pass');
      expect(await failureAddresses(u.account)).toEqual(['198.51.100.9', '10.0.0.1']);
    });

    it('holds an agent to its whitelist by the real address, whatever the client writes into X-Forwarded-For', async () => {
      const dims = await createDimensions(t().database.db);
      const edit = await t().call('agent/edit', { id: dims.agent.A1, ip_whitelist: ['203.0.113.0/24'] }, { token: admin });
      expect(edit.error_code).toBe('0');
      const key = (await t().call<{ app_id: string; secret: string }>('key/add', { agent_id: dims.agent.A1, type: 'agent', remark: 'A1' }, { token: admin })).data;
      const send = async (forwardedFor: string) => {
        const path = '/v1/api/player/create';
        const body = JSON.stringify({ agent_code: 'A1', account: 'wl-player' });
        const res = await t().app.inject({
          method: 'POST',
          url: path,
          remoteAddress: '10.0.0.1',
          payload: body,
          headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor, ...signRequest({ appId: key.app_id, secret: key.secret, path, body }) },
        });
        return [res.statusCode, (res.json() as Row).code ?? (res.json() as Row).error_code];
      };
      // From 198.51.100.7, claiming to be 203.0.113.9: refused, and logged with the real address.
      expect(await send('203.0.113.9, 198.51.100.7')).toEqual([403, ErrorCode.NoPermission]);
      const refused = await t().database.db.selectFrom('operation_log').select('ip').where('action', '=', 'api/player/create').execute();
      expect(refused.map((r) => r.ip)).toEqual(['198.51.100.7']);
      expect(await t().database.db.selectFrom('player').select('id').where('account', '=', 'wl-player').execute()).toEqual([]);
      // From 203.0.113.9 itself, through the proxy: admitted.
      expect(await send('203.0.113.9')).toEqual([200, '0']);
    });
  },
  { trustProxy: PROXIES },
);

describeOnDatabases('the client address behind the test proxy (127.0.0.1)', (t) => {
  it('keeps the per-address login limit when the client writes a new address into X-Forwarded-For each time', async () => {
    const admin = await t().login();
    const u = await addUser(t(), admin);
    // The proxy (the injected peer, 127.0.0.1) appends the real client, 10.77.9.1; the client wrote the rest.
    const attempt = (password: string, i: number) =>
      t().call('login', { type: 1, account: u.account, password: hash(password), google_code: '', phone: '', message_code: '' }, { headers: { 'x-forwarded-for': `203.0.113.${i}, 10.77.9.1` } });
    for (let i = 0; i < 5; i++) expect((await attempt('wrong-pass', i)).error_code).toBe(ErrorCode.WrongCredentials);
    expect((await attempt(u.password, 99)).error_code).toBe(ErrorCode.TooManyAttempts);
    const failures = await t().database.db.selectFrom('login_failure').select('ip').where('account', '=', u.account.toLowerCase()).execute();
    expect(new Set(failures.map((f) => f.ip))).toEqual(new Set(['10.77.9.1']));
  });
});
