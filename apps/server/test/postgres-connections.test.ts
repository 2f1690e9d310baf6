import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { agentScopedReader, openDatabase, type Database } from '../src/db/database.ts';
import { PLAYER_AGGREGATE_PARTITIONS } from '../src/db/player-partitions.ts';
import { isPgReachable, PG_ADMIN_URL } from './temp-database.ts';

const pg = await isPgReachable();

/** The PostgreSQL connections of the server (db/database.ts). */
describe.skipIf(!pg)('PostgreSQL connections', () => {
  const open: Database[] = [];
  afterEach(async () => {
    delete process.env.PG_POOL_MAX;
    delete process.env.PG_REPORT_POOL_MAX;
    await Promise.all(open.splice(0).map((d) => d.destroy()));
  });

  it('split report statements by the hash parts of the player-grain tables', () => {
    const d = openDatabase(PG_ADMIN_URL);
    open.push(d);
    expect(d.readParallelism).toBe(PLAYER_AGGREGATE_PARTITIONS);
  });

  it('take PG_POOL_MAX connections at most, and refuse to start with a bad PG_POOL_MAX', async () => {
    process.env.PG_POOL_MAX = '2';
    const d = openDatabase(PG_ADMIN_URL);
    open.push(d);
    // Five statements at once on a pool of two: all answered, never more than two backends at once.
    const pids = await Promise.all(Array.from({ length: 5 }, () => sql<{ pid: number }>`SELECT pg_backend_pid() AS pid, pg_sleep(0.05)`.execute(d.db)));
    expect(new Set(pids.map((r) => r.rows[0]!.pid)).size).toBe(2);
    for (const bad of ['0', 'ten', '2.5', '-1']) {
      process.env.PG_POOL_MAX = bad;
      expect(() => openDatabase(PG_ADMIN_URL), bad).toThrow(/PG_POOL_MAX must be a whole number ≥ 1/);
    }
  });

  it('read the report calls through a pool of their own, PG_REPORT_POOL_MAX (default 2) connections', async () => {
    const running = async (d: Database) => {
      const pids = await Promise.all(Array.from({ length: 6 }, () => sql<{ pid: number }>`SELECT pg_backend_pid() AS pid, pg_sleep(0.05)`.execute(d.reader)));
      return new Set(pids.map((r) => r.rows[0]!.pid));
    };
    const d = openDatabase(PG_ADMIN_URL);
    open.push(d);
    expect(d.reader).not.toBe(d.db);
    expect(d.freshReader).toBe(d.db);
    const reportPids = await running(d);
    expect(reportPids.size).toBe(2);
    // Only the report pool plans without parallel appends (READER_SETTINGS); the other calls' pool keeps the defaults.
    const show = async (k: Database['db'], name: 'enable_parallel_append' | 'statement_timeout') =>
      (await sql<Record<string, string>>`SHOW ${sql.raw(name)}`.execute(k)).rows[0]![name];
    expect(await show(d.reader, 'enable_parallel_append')).toBe('off');
    expect(await show(d.db, 'enable_parallel_append')).toBe('on');
    // The other calls' pool is not the reports': its connections are other backends.
    const other = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(d.db);
    expect(reportPids.has(other.rows[0]!.pid)).toBe(false);
    // The setting joins what the URL itself asks of its connections instead of replacing it.
    const withOptions = openDatabase(`${PG_ADMIN_URL}${PG_ADMIN_URL.includes('?') ? '&' : '?'}options=${encodeURIComponent('-c statement_timeout=4321')}`);
    open.push(withOptions);
    expect(await show(withOptions.reader, 'enable_parallel_append')).toBe('off');
    expect(await show(withOptions.reader, 'statement_timeout')).toBe('4321ms');
    // Statements narrowed to an agent's sub-tree: the same connections, priced for reads from memory
    // while they are lent, and the price reset before the next statement (ADR 0023).
    process.env.PG_REPORT_POOL_MAX = '1';
    const one = openDatabase(PG_ADMIN_URL);
    open.push(one);
    const scoped = agentScopedReader(one.reader);
    expect(scoped).not.toBe(one.reader);
    const cost = async (k: Database['db']) => {
      const r = (await sql<{ pid: number; cost: string }>`SELECT pg_backend_pid() AS pid, current_setting('random_page_cost') AS cost`.execute(k)).rows[0]!;
      return [r.pid, r.cost] as const;
    };
    const [pid, plain] = await cost(one.reader);
    expect(plain).toBe('4');
    expect(await cost(scoped)).toEqual([pid, '1.1']);
    expect(await cost(one.reader)).toEqual([pid, '4']);
    // Side by side on one connection: each statement sees its own reader's price.
    expect(await Promise.all([cost(scoped), cost(one.reader), cost(scoped), cost(one.reader)])).toEqual([[pid, '1.1'], [pid, '4'], [pid, '1.1'], [pid, '4']]);
    // The other calls' pool and SQLite have no twin.
    expect(agentScopedReader(d.db)).toBe(d.db);
    const memory = openDatabase('sqlite::memory:');
    open.push(memory);
    expect(agentScopedReader(memory.reader)).toBe(memory.reader);
    process.env.PG_REPORT_POOL_MAX = '3';
    const three = openDatabase(PG_ADMIN_URL);
    open.push(three);
    expect((await running(three)).size).toBe(3);
    for (const bad of ['0', 'two', '1.5']) {
      process.env.PG_REPORT_POOL_MAX = bad;
      expect(() => openDatabase(PG_ADMIN_URL), bad).toThrow(/PG_REPORT_POOL_MAX must be a whole number ≥ 1/);
    }
  });
});
