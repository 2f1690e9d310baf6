import { expect, it } from 'vitest';
import { describeOnEmptyDatabases } from './harness.ts';
import { migrateToLatest } from '../src/db/migrations/index.ts';
import { withSettlementCode } from '../src/db/migrations/0016-share-rate-history.ts';
import { toNumber } from '../src/db/sql.ts';

const NOW = '2026-01-01T00:00:00.000Z';

it('gives the settlement code to a permission set holding every other agent report, after them', () => {
  expect(withSettlementCode('1,14,1401,1404,1402,1403,2,201')).toBe('1,14,1401,1404,1402,1403,1405,2,201');
  expect(withSettlementCode('14,1401,1402,1403')).toBe('14,1401,1402,1403');
  expect(withSettlementCode('14,1401,1404,1402,1403,1405')).toBe('14,1401,1404,1402,1403,1405');
  expect(withSettlementCode('')).toBe('');
});

/**
 * Migration 0016 on a database that already holds agents, operators and admin levels: each agent's
 * current rate is in force since always, and whoever sees every agent report sees the settlement.
 */
describeOnEmptyDatabases('migration 0016-share-rate-history', 'mig16', (temp) => {
  it('keeps every agent’s rate as in force since always and grants 1405 beside 1401–1404', async () => {
    const t = temp();
    await migrateToLatest(t.database, '0015-agent-api');
    const db = t.database.db;
    const currency = await db.insertInto('currency').values({ code: 'CNY', name: 'CNY', symbol: '¥', decimals: 2, rate: '1', status: 1, sort: 1, created_at: NOW, updated_at: NOW }).returning('id').executeTakeFirstOrThrow();
    const agent = (code: string, rate: number) =>
      db
        .insertInto('agent')
        .values({ code, name: code, parent_id: null, level: 1, path: '/', currency_id: toNumber(currency.id), wallet_mode: 1, share_rate: rate, ip_whitelist: '', status: 1, remark: '', created_at: NOW, updated_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow();
    const a = toNumber((await agent('mig16a', 4500)).id);
    const b = toNumber((await agent('mig16b', 0)).id);
    const operator = (account: string, permissions: string) =>
      db
        .insertInto('operator_user')
        .values({
          account, name: account, phone: '', status: 1, password_hash: 'x', totp_secret: null, totp_pending_secret: null, permissions,
          last_login_at: null, last_login_ip: null, created_by: null, created_at: NOW, updated_at: NOW,
        })
        .execute();
    await operator('everything', '1,14,1401,1404,1402,1403,2,201,13,1301');
    await operator('daily', '14,1402');
    await db.insertInto('agent_admin_level').values({ name: 'finance', level: 2, permissions: '14,1401,1404,1402,1403,6', created_at: NOW, updated_at: NOW }).execute();
    await db.insertInto('agent_admin_level').values({ name: 'support', level: 3, permissions: '2,201', created_at: NOW, updated_at: NOW }).execute();

    expect(await migrateToLatest(t.database)).toEqual(expect.arrayContaining(['0016-share-rate-history']));

    const history = await db.selectFrom('agent_share_rate').select(['agent_id', 'from_month', 'share_rate']).orderBy('agent_id').execute();
    expect(history.map((h) => [toNumber(h.agent_id), h.from_month, toNumber(h.share_rate)])).toEqual([
      [a, '0000-01', 4500],
      [b, '0000-01', 0],
    ]);
    const operators = await db.selectFrom('operator_user').select(['account', 'permissions']).orderBy('account').execute();
    expect(operators).toEqual([
      { account: 'daily', permissions: '14,1402' },
      { account: 'everything', permissions: '1,14,1401,1404,1402,1403,1405,2,201,13,1301' },
    ]);
    const levels = await db.selectFrom('agent_admin_level').select(['name', 'permissions']).orderBy('name').execute();
    expect(levels).toEqual([
      { name: 'finance', permissions: '14,1401,1404,1402,1403,1405,6' },
      { name: 'support', permissions: '2,201' },
    ]);
  }, 60_000);
});
