import { expect, it } from 'vitest';
import { describeOnEmptyDatabases } from './harness.ts';
import { migrateToLatest } from '../src/db/migrations/index.ts';
import { toNumber } from '../src/db/sql.ts';

const NOW = '2026-01-01T00:00:00.000Z';

/**
 * Migration 0026 on a database that already holds agents: codes differing only in letter case
 * stop it, naming them; once they differ, it makes lower(code) unique.
 */
describeOnEmptyDatabases('migration 0026-agent-code-any-case', 'mig26', (temp) => {
  it('names codes that differ only in case, then makes the code unique without regard to case', async () => {
    const t = temp();
    await migrateToLatest(t.database, '0024-bigint-sum');
    const db = t.database.db;
    const currency = await db.insertInto('currency').values({ code: 'CNY', name: 'CNY', symbol: '¥', decimals: 2, rate: '1', status: 1, sort: 1, created_at: NOW, updated_at: NOW }).returning('id').executeTakeFirstOrThrow();
    const agent = (code: string) =>
      db
        .insertInto('agent')
        .values({ code, name: code, parent_id: null, level: 1, path: '/', currency_id: toNumber(currency.id), wallet_mode: 1, share_rate: 0, ip_whitelist: '', status: 1, remark: '', created_at: NOW, updated_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow();
    await agent('CN01-SH');
    const clash = await agent('cn01-sh');
    await agent('SEA01');

    await expect(migrateToLatest(t.database)).rejects.toThrow(/differ only in letter case: cn01-sh\b/);

    await db.updateTable('agent').set({ code: 'cn01-sh-2' }).where('id', '=', clash.id).execute();
    expect(await migrateToLatest(t.database)).toEqual(expect.arrayContaining(['0026-agent-code-any-case']));
    await expect(agent('sea01')).rejects.toThrow();
    await expect(agent('Cn01-Sh')).rejects.toThrow();
    await agent('SEA02');
    expect((await db.selectFrom('agent').select('code').orderBy('code').execute()).map((r) => r.code)).toEqual(['CN01-SH', 'SEA01', 'SEA02', 'cn01-sh-2']);
  }, 60_000);
});
