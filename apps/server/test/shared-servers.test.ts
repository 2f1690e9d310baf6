/**
 * Several servers on one database (docs/deployment.md, docs/adr/0016-stateless-servers.md): a
 * second server with its own DATA_DIR and EXPORT_DIR, as on another machine, must open what the
 * first sealed, serve what the first exported, count the same export places and refuse at its
 * very next call what the first disabled. A server with another key-encryption key is refused at
 * start; a secret no key here can open is a clear answer, never a system error.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { AgentApiError, createAgentClient } from '@console/agent-client';
import { AGENT_PERMISSION_CODES, ErrorCode, report, type exportFile } from '@console/contract';
import { encryptSecret, keyEncryptionKey } from '../src/lib/secret-box.ts';
import { KeyMismatchError } from '../src/db/key-check.ts';
import { takeExportSlot } from '../src/modules/export/service.ts';
import { agentApiRefusal as refusal, describeOnDatabases, injectFetch, startSiblingApp, type CallResult, type TestApp } from './harness.ts';
import { createDimensions, postIngest, transferRecord, type Dimensions } from './domain-fixtures.ts';
import { isFile } from './sheet-fixtures.ts';
import { addUser, hash, passwordLogin, totpCode } from './user-helpers.ts';

type Row = Record<string, unknown>;
type Sibling = Awaited<ReturnType<typeof startSiblingApp>>;

const ADDRESS = '10.7.0.1';
const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `shared-servers-${name}-`));

describeOnDatabases(
  'several servers on one database',
  (t) => {
    let dims: Dimensions;
    let op: string;
    /** Server B: another DATA_DIR and EXPORT_DIR, the key given as KEY_ENCRYPTION_KEY. */
    let b: Sibling;
    let level: number;

    const ok = <T>(r: CallResult<T>): T => {
      expect(r.error_code, `${r.error_code} ${r.error_msg}`).toBe('0');
      return r.data;
    };
    const onA = <T = Row>(p: string, body: Row = {}) => t().call<T>(p, body, { token: op });
    const asTestApp = (s: Sibling) => ({ ...t(), app: s.app, call: s.call, agentCall: s.agentCall }) as TestApp;
    const agentKey = async (agent: keyof Dimensions['agent']) => ok(await onA<{ id: number; app_id: string; secret: string }>('key/add', { agent_id: dims.agent[agent], type: 'agent', remark: agent }));
    const client = (app: FastifyInstance, key: { app_id: string; secret: string }) =>
      createAgentClient({ baseUrl: 'http://console.test', appId: key.app_id, secret: key.secret, fetch: injectFetch(app), headers: { 'x-forwarded-for': ADDRESS, 'accept-language': 'en' } });

    beforeAll(async () => {
      dims = await createDimensions(t().database.db);
      op = await t().login();
      ok(await onA('agent/edit', { id: dims.agent.A1, ip_whitelist: ['10.7.0.0/16'] }));
      level = ok(await onA<{ id: number }>('agent/adminlevel/add', { name: 'Owner', level: 1, permissions: AGENT_PERMISSION_CODES.join(',') })).id;
      b = await startSiblingApp(t(), { dataDir: tempDir('data-b'), exportDir: tempDir('exports-b'), keyEncryptionKey: keyEncryptionKey(t().app.config).toString('hex') });
    });
    afterAll(async () => {
      await b?.close();
    });

    it('a server whose key-encryption key is not the database\'s is refused at start, saying what to do', async () => {
      // Its own DATA_DIR and no KEY_ENCRYPTION_KEY: it would generate a key of its own.
      const own = startSiblingApp(t(), { dataDir: tempDir('data-c'), keyEncryptionKey: '' });
      await expect(own).rejects.toBeInstanceOf(KeyMismatchError);
      await expect(own).rejects.toThrow(/Set KEY_ENCRYPTION_KEY to the key the other servers use/);
      await expect(own).rejects.toThrow(/key-encryption\.key \(KEY_ENCRYPTION_KEY is unset\)/);
      // Another key given outright.
      await expect(startSiblingApp(t(), { keyEncryptionKey: randomBytes(32).toString('hex') })).rejects.toThrow(/from KEY_ENCRYPTION_KEY, is not the key the other servers/);
      // The same key as a file under another DATA_DIR starts.
      const dir = tempDir('data-d');
      fs.writeFileSync(path.join(dir, 'key-encryption.key'), keyEncryptionKey(t().app.config).toString('hex'));
      const d = await startSiblingApp(t(), { dataDir: dir, keyEncryptionKey: '' });
      await d.close();
    });

    it('an operator who bound an authenticator through A logs in through B with its code', async () => {
      const u = await addUser(t(), op);
      const token = (await passwordLogin(t(), u.account, u.password)).data.token;
      const init = ok(await t().call<{ secret: string }>('user/google/bind/init', {}, { token }));
      ok(await t().call('user/google/bind/confirm', { code: totpCode(init.secret, -1) }, { token }));
      const viaB = await passwordLogin(asTestApp(b), u.account, u.password, { googleCode: totpCode(init.secret) });
      expect(viaB.error_code, viaB.error_msg).toBe('0');
      expect(ok(await b.call<{ user_info: Row }>('user/info', {}, { token: viaB.data.token })).user_info).toMatchObject({ account: u.account, google_bound: true });
    });

    it('an agent key issued through A signs requests that B accepts', async () => {
      const key = await agentKey('A1');
      expect(await client(b.app, key).playerCreate({ agent_code: 'A1', account: 'shared1' })).toMatchObject({ account: 'shared1' });
    });

    it('an authenticator or agent key sealed under another key is the clear answer B0002 in both languages, not a system error', async () => {
      const otherKey = randomBytes(32);
      const u = await addUser(t(), op);
      await t().database.db.updateTable('operator_user').set({ totp_secret: encryptSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otherKey) }).where('id', '=', u.id).execute();
      for (const lang of ['en', 'zh-cn'] as const) {
        const r = await passwordLogin(asTestApp(b), u.account, u.password, { googleCode: '123456', lang });
        expect([r.status, r.error_code]).toEqual([200, ErrorCode.SecretUnreadable]);
        expect(r.error_msg).toMatch(lang === 'en' ? /sealed with another key-encryption key.*unbind it/ : /另一把加密密钥.*解绑后重新绑定/);
      }
      // Damaged rather than sealed elsewhere: the same answer.
      await t().database.db.updateTable('operator_user').set({ totp_secret: 'v1:not:a:secret' }).where('id', '=', u.id).execute();
      expect((await passwordLogin(t(), u.account, u.password, { googleCode: '123456' })).error_code).toBe(ErrorCode.SecretUnreadable);
      // Unbound by an administrator, the account logs in and may bind again.
      ok(await onA('user/google/clean', { user_id: u.id }));
      expect((await passwordLogin(asTestApp(b), u.account, u.password)).error_code).toBe('0');

      const key = await agentKey('A1');
      await t().database.db.updateTable('api_key').set({ secret_encrypted: encryptSecret(key.secret, otherKey) }).where('id', '=', key.id).execute();
      const res = await client(b.app, key)
        .playerCreate({ agent_code: 'A1', account: 'shared2' })
        .then(() => 'answered', (err: unknown) => err);
      expect(res).toBeInstanceOf(AgentApiError);
      expect([(res as AgentApiError).status, (res as AgentApiError).code]).toEqual([200, ErrorCode.SecretUnreadable]);
      expect((res as AgentApiError).message).toMatch(/rotate \(re-issue\) it in Key management/);
      // Rotated, it works again.
      const rotated = ok(await onA<{ secret: string }>('key/rotate', { id: key.id }));
      expect(await client(b.app, { app_id: key.app_id, secret: rotated.secret }).playerCreate({ agent_code: 'A1', account: 'shared2' })).toMatchObject({ account: 'shared2' });
    });

    it('an export made through A is downloaded through B, and its bytes go with its expiry', async () => {
      const res = await onA(`${report.REPORT_DEFS.agentSummary.path}/export`, { start_date: '2026-01-01', end_date: '2026-01-31' });
      expect(isFile(res)).toBe(true);
      const item = ok(await onA<{ list: exportFile.ExportItem[] }>('export/list', { page: 1, page_size: 1 })).list[0]!;
      expect(item).toMatchObject({ status: 'done', downloadable: true, file_size: res.raw.length });
      const viaB = await b.call('export/download', { id: item.id }, { token: op });
      expect(isFile(viaB)).toBe(true);
      expect(viaB.raw.equals(res.raw)).toBe(true);
      // Nothing of it is left on either server's disk.
      expect(fs.readdirSync(b.app.config.exportDir)).toEqual([]);
      expect(fs.existsSync(t().app.config.exportDir) ? fs.readdirSync(t().app.config.exportDir).filter((f) => f.startsWith(`${item.id}-`)) : []).toEqual([]);
    });

    it('the export caps count the exports of every server', async () => {
      const exportPath = `${report.REPORT_DEFS.agentSummary.path}/export`;
      const body = { start_date: '2026-01-01', end_date: '2026-01-31' };
      const adminId = Number((await t().database.db.selectFrom('operator_user').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow()).id);
      const hold = (app: FastifyInstance, userId: number) => takeExportSlot({ request: { server: app } as never, config: app.config, user: { id: userId } as never });

      // admin's export running on A: B refuses admin's next one.
      const mine = await hold(t().app, adminId);
      const refused = await b.call(exportPath, body, { token: op, lang: 'en' });
      expect([refused.error_code, refused.error_msg]).toEqual([ErrorCode.RateLimited, 'An export is already running; see Export management']);
      await mine();
      // Two others' running, one on each server: the total cap (2) refuses everyone, on either server.
      const others = [await hold(t().app, -1), await hold(b.app, -2)];
      for (const call of [t().call, b.call]) {
        const busy = await call(exportPath, body, { token: op, lang: 'en' });
        expect(busy.error_msg).toBe('The server is busy with other exports; please try again in a minute');
      }
      for (const give of others) await give();
      expect(isFile(await b.call(exportPath, body, { token: op }))).toBe(true);

      // A place whose server stopped renewing it a minute ago no longer counts.
      const stale = new Date(Date.now() - 2 * 60_000).toISOString();
      await t().database.db.insertInto('export_slot').values([{ id: 'stopped-1', holder: `op:${adminId}`, heartbeat_at: stale }, { id: 'stopped-2', holder: 'op:-9', heartbeat_at: stale }]).execute();
      expect(isFile(await t().call(exportPath, body, { token: op }))).toBe(true);
      expect(await t().database.db.selectFrom('export_slot').selectAll().execute()).toEqual([]);

      // Parallel exports of one operator through both servers: at most one at a time runs.
      const answers = await Promise.all([t().call, b.call, t().call, b.call].map((call) => call(exportPath, body, { token: op, lang: 'en' })));
      expect(answers.filter(isFile).length).toBeGreaterThanOrEqual(1);
      for (const a of answers.filter((x) => !isFile(x))) expect(a.error_msg).toBe('An export is already running; see Export management');
    });

    it('an operator disabled through A is refused by B at the next call', async () => {
      const u = await addUser(t(), op);
      const token = (await passwordLogin(asTestApp(b), u.account, u.password)).data.token;
      ok(await b.call('user/info', {}, { token }));
      ok(await onA('user/status/edit', { user_id: u.id, status: 2 }));
      const r = await b.call('user/info', {}, { token });
      expect([r.status, r.code]).toEqual([401, ErrorCode.TokenInvalid]);
    });

    it('an agent user disabled through A is refused by B at the next call', async () => {
      const account = `shared_agent_${Date.now().toString(36)}`;
      ok(await onA('agent/user/add', { agent_id: dims.agent.A1, account, name: account, password: hash('secret123'), admin_level_id: level }));
      const login = ok(await b.agentCall<{ token: string }>('login', { agent_code: 'A1', account, password: hash('secret123'), google_code: '' }));
      ok(await b.agentCall('user/info', {}, { token: login.token }));
      const id = Number((await t().database.db.selectFrom('agent_user').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id);
      ok(await onA('agent/user/status/edit', { user_id: id, status: 2 }));
      const r = await b.agentCall('user/info', {}, { token: login.token });
      expect([r.status, r.code]).toEqual([401, ErrorCode.TokenInvalid]);
    });

    it('an ingest key disabled through A is refused by B at the next call', async () => {
      const key = ok(await onA<{ id: number; app_id: string; secret: string }>('key/add', { agent_id: 0, type: 'ingest', remark: 'shared' }));
      const auth = `Bearer ${key.app_id}:${key.secret}`;
      const viaB = (records: unknown) => postIngest(asTestApp(b), 'transfers', records, auth);
      expect((await viaB([transferRecord({ player_account: 'ingest1' })])).error_code).toBe('0');
      ok(await onA('key/status/edit', { id: key.id, status: 2 }));
      const r = await viaB([transferRecord({ player_account: 'ingest1' })]);
      expect([r.status, r.code]).toEqual([401, ErrorCode.IngestKeyInvalid]);
    });

    it('an agent API key disabled through A is refused by B at the next call', async () => {
      const key = await agentKey('A1');
      const viaB = client(b.app, key);
      await viaB.playerCreate({ agent_code: 'A1', account: 'apikey1' });
      ok(await onA('key/status/edit', { id: key.id, status: 2 }));
      expect(await refusal(viaB.playerCreate({ agent_code: 'A1', account: 'apikey1' }))).toEqual([401, ErrorCode.ApiKeyInvalid]);
    });

    it("a player disabled through A has their transfers in refused by B at the next call (ingest and agent API)", async () => {
      const ingestKey = ok(await onA<{ app_id: string; secret: string }>('key/add', { agent_id: 0, type: 'ingest', remark: 'shared' }));
      const auth = `Bearer ${ingestKey.app_id}:${ingestKey.secret}`;
      const viaB = (records: unknown) => postIngest(asTestApp(b), 'transfers', records, auth);
      // B has seen the player (and remembers who it is) before the change.
      expect((await viaB([transferRecord({ player_account: 'frozen1' })])).error_code).toBe('0');
      const api = client(b.app, await agentKey('A1'));
      await api.transfer({ agent_code: 'A1', account: 'frozen1', order_id: `T-${Date.now()}-1`, direction: 'in', amount: '5.00' });
      const player = await t().database.db.selectFrom('player').select('id').where('account', '=', 'frozen1').executeTakeFirstOrThrow();
      ok(await onA('player/status/edit', { player_id: Number(player.id), status: 2 }));
      const r = await viaB([transferRecord({ player_account: 'frozen1' })]);
      expect(r.error_code).toBe(ErrorCode.InvalidParameter);
      expect(r.data?.reason).toMatch(/is disabled: their transfers in are refused/);
      const viaApi = await api
        .transfer({ agent_code: 'A1', account: 'frozen1', order_id: `T-${Date.now()}-2`, direction: 'in', amount: '5.00' })
        .then(() => 'answered', (err: unknown) => (err instanceof AgentApiError ? err.code : err));
      expect(viaApi).toBe(ErrorCode.InvalidParameter);
    });
  },
  { exportsPerOperator: 1, exportsAtOnce: 2 },
);
