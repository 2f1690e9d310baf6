import { beforeAll, expect, it } from 'vitest';
import { ingest } from '@console/contract';
import { describeOnDatabases } from './harness.ts';
import { createDimensions, loginWithPermissions, postIngest, transferRecord, type Dimensions } from './domain-fixtures.ts';
import { decryptSecret, keyEncryptionKey } from '../src/lib/secret-box.ts';
import { toNumber } from '../src/db/sql.ts';

interface KeySecret {
  id: number;
  app_id: string;
  secret: string;
}
interface KeyItem {
  id: number;
  type: string;
  agent_id: number;
  agent_code: string | null;
  app_id: string;
  status: number;
  remark: string;
  expires_at: string | null;
  [k: string]: unknown;
}

describeOnDatabases('keys', (t) => {
  let dims: Dimensions;
  let token: string;

  beforeAll(async () => {
    dims = await createDimensions(t().database.db);
    token = await t().login();
  });

  it('key/add issues an ingest key: the secret once, only its hash stored, an audit entry without it', async () => {
    const r = await t().call<KeySecret>('key/add', { agent_id: 0, type: 'ingest', remark: 'game server 1' }, { token });
    expect(r.error_code).toBe('0');
    expect(Object.keys(r.data).sort()).toEqual(['app_id', 'id', 'secret']);
    expect(r.data.secret.length).toBeGreaterThanOrEqual(40);
    const row = await t().database.db.selectFrom('api_key').selectAll().where('id', '=', r.data.id).executeTakeFirstOrThrow();
    expect(row.secret_hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(row.secret_encrypted).toBeNull();
    expect(JSON.stringify(row)).not.toContain(r.data.secret);
    const log = await t().database.db.selectFrom('operation_log').selectAll().where('action', '=', 'key/add').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log.target).toBe(`key:${r.data.id}`);
    expect(log.summary).toContain(r.data.app_id);
    expect(log.summary).not.toContain(r.data.secret);
    expect((await postIngest(t(), 'transfers', [transferRecord({ player_account: 'k1' })], `Bearer ${r.data.app_id}:${r.data.secret}`)).status).toBe(200);
  });

  it('key/add issues an agent key whose secret is stored encrypted and can be read back', async () => {
    const r = await t().call<KeySecret>('key/add', { agent_id: dims.agent['A1-1'], type: 'agent', remark: 'api' }, { token });
    expect(r.error_code).toBe('0');
    const row = await t().database.db.selectFrom('api_key').selectAll().where('id', '=', r.data.id).executeTakeFirstOrThrow();
    expect(row.secret_hash).toBeNull();
    expect(row.secret_encrypted).toMatch(/^v1:/);
    expect(row.secret_encrypted).not.toContain(r.data.secret);
    expect(decryptSecret(row.secret_encrypted!, keyEncryptionKey(t().app.config))).toBe(r.data.secret);
    expect(toNumber(row.agent_id)).toBe(dims.agent['A1-1']);
  });

  it('key/add refuses an ingest key bound to an agent, an agent key without a real agent, and a past expiry', async () => {
    expect((await t().call('key/add', { agent_id: dims.agent.A1, type: 'ingest', remark: '' }, { token })).error_code).toBe('A0400');
    expect((await t().call('key/add', { agent_id: 0, type: 'agent', remark: '' }, { token })).error_code).toBe('A0400');
    expect((await t().call('key/add', { agent_id: 999999, type: 'agent', remark: '' }, { token })).error_code).toBe('A0400');
    expect((await t().call('key/add', { agent_id: 0, type: 'ingest', remark: '', expires_at: '2001-01-01T00:00:00Z' }, { token })).error_code).toBe('A0400');
    expect((await t().call('key/add', { agent_id: 0, type: 'other', remark: '' }, { token })).error_code).toBe('A0400');
  });

  it('key/add takes an expiry in year 9999 with any offset, compared as a time, and the key works', async () => {
    for (const [expires, stored] of [
      ['9999-12-31T23:59:59+08:00', '9999-12-31T15:59:59.000Z'],
      ['9999-12-31T23:59:59-08:00', '9999-12-31T23:59:59.999Z'],
      ['9999-12-31T23:59:59Z', '9999-12-31T23:59:59.000Z'],
    ] as const) {
      const added = await t().call<KeySecret>('key/add', { agent_id: 0, type: 'ingest', remark: 'far', expires_at: expires }, { token });
      expect(added.error_code, expires).toBe('0');
      const row = await t().database.db.selectFrom('api_key').select('expires_at').where('id', '=', added.data.id).executeTakeFirstOrThrow();
      expect(row.expires_at, expires).toBe(stored);
      const res = await t().app.inject({
        method: 'POST',
        url: ingest.INGEST_PATHS.bets,
        headers: { authorization: `Bearer ${added.data.app_id}:${added.data.secret}` },
        payload: { bets: [] },
      });
      expect(res.statusCode, expires).toBe(200);
    }
  });

  it('key/list shows keys newest first with their agent, never a secret, filtered and paged', async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const added = await t().call<KeySecret>('key/add', { agent_id: 0, type: 'ingest', remark: 'expiring', expires_at: future }, { token });
    const r = await t().call<{ list: KeyItem[]; total: number }>('key/list', { page: 1, page_size: 50 }, { token });
    expect(r.error_code).toBe('0');
    expect(r.data.total).toBe(r.data.list.length);
    expect(r.data.list[0]!.id).toBe(added.data.id);
    expect(r.data.list[0]!.expires_at).toBe(future);
    const ids = r.data.list.map((k) => k.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const text = JSON.stringify(r.data);
    expect(text).not.toMatch(/secret_hash|secret_encrypted|"secret"/);
    const agentKey = r.data.list.find((k) => k.type === 'agent')!;
    expect(agentKey.agent_code).toBe('A1-1');
    // An agent key carries where it may be used from, its agent's whitelist; an ingest key none.
    await t().database.db.updateTable('agent').set({ ip_whitelist: '203.0.113.7,10.0.0.0/8' }).where('id', '=', dims.agent['A1-1']!).execute();
    const again = await t().call<{ list: KeyItem[] }>('key/list', { page: 1, page_size: 50 }, { token });
    expect(again.data.list.find((k) => k.id === agentKey.id)!.agent_ip_whitelist).toEqual(['203.0.113.7', '10.0.0.0/8']);
    expect(again.data.list.find((k) => k.id === added.data.id)!.agent_ip_whitelist).toBeNull();

    const onlyAgent = await t().call<{ list: KeyItem[]; total: number }>('key/list', { type: 'agent' }, { token });
    expect(onlyAgent.data.list.every((k) => k.type === 'agent')).toBe(true);
    const paged = await t().call<{ list: KeyItem[]; total: number }>('key/list', { page: 2, page_size: 1 }, { token });
    expect(paged.data.list).toHaveLength(1);
    expect(paged.data.total).toBe(r.data.total);
  });

  it('key/status/edit disables and re-enables a key at once', async () => {
    const k = await t().call<KeySecret>('key/add', { agent_id: 0, type: 'ingest', remark: '' }, { token });
    const auth = `Bearer ${k.data.app_id}:${k.data.secret}`;
    expect((await t().call('key/status/edit', { id: k.data.id, status: 2 }, { token })).error_code).toBe('0');
    expect((await postIngest(t(), 'transfers', [transferRecord({ player_account: 'k2' })], auth)).status).toBe(401);
    const listed = await t().call<{ list: KeyItem[] }>('key/list', { status: 2 }, { token });
    expect(listed.data.list.map((x) => x.id)).toContain(k.data.id);
    expect((await t().call('key/status/edit', { id: k.data.id, status: 1 }, { token })).error_code).toBe('0');
    expect((await postIngest(t(), 'transfers', [transferRecord({ player_account: 'k2' })], auth)).status).toBe(200);
    expect((await t().call('key/status/edit', { id: 999999, status: 2 }, { token })).error_code).toBe('A0404');
    expect((await t().call('key/status/edit', { id: k.data.id, status: 3 }, { token })).error_code).toBe('A0400');
  });

  it('key/rotate replaces the secret under the same app_id: the old one stops working', async () => {
    const k = await t().call<KeySecret>('key/add', { agent_id: 0, type: 'ingest', remark: '' }, { token });
    const rotated = await t().call<KeySecret>('key/rotate', { id: k.data.id }, { token });
    expect(rotated.error_code).toBe('0');
    expect(rotated.data.app_id).toBe(k.data.app_id);
    expect(rotated.data.secret).not.toBe(k.data.secret);
    expect((await postIngest(t(), 'transfers', [transferRecord({ player_account: 'k3' })], `Bearer ${k.data.app_id}:${k.data.secret}`)).status).toBe(401);
    expect((await postIngest(t(), 'transfers', [transferRecord({ player_account: 'k3' })], `Bearer ${k.data.app_id}:${rotated.data.secret}`)).status).toBe(200);
    const log = await t().database.db.selectFrom('operation_log').selectAll().where('action', '=', 'key/rotate').executeTakeFirstOrThrow();
    expect(log.summary).not.toContain(rotated.data.secret);
    expect((await t().call('key/rotate', { id: 999999 }, { token })).error_code).toBe('A0404');
  });

  it('every key call needs permission 1202 and a session', async () => {
    const other = await loginWithPermissions(t(), 'nokeys', '1,6');
    for (const [path, body] of [
      ['key/list', {}],
      ['key/add', { agent_id: 0, type: 'ingest', remark: '' }],
      ['key/status/edit', { id: 1, status: 2 }],
      ['key/rotate', { id: 1 }],
    ] as const) {
      expect((await t().call(path, body, { token: other })).error_code).toBe('A0301');
      expect((await t().call(path, body)).status).toBe(401);
    }
  });
});
