/**
 * A throw-away database of either kind: a SQLite file in a temporary folder, or a fresh database
 * created on the PostgreSQL server at PG_ADMIN_URL and dropped afterwards. Used by the test
 * harness and by the benchmarks, so it imports nothing from the test runner.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database, type Dialect } from '../src/db/database.ts';

/** A server where the tests may CREATE and DROP databases. */
export const PG_ADMIN_URL = process.env.DATABASE_URL_TEST_PG ?? 'postgres://postgres@127.0.0.1:5432/test';

let reachable: Promise<boolean> | undefined;
/** Whether PG_ADMIN_URL answers; asked once per process. */
export function isPgReachable(): Promise<boolean> {
  reachable ??= (async () => {
    const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return reachable;
}

export interface TempDatabase {
  database: Database;
  dialect: Dialect;
  url: string;
  /** Closes the connections and deletes the file or drops the database. */
  drop(): Promise<void>;
}

/** Runs one statement on the admin connection (PG_ADMIN_URL), such as CREATE or DROP DATABASE. */
export async function adminQuery(statement: string) {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A new, empty database (not migrated) whose name starts with `prefix`. */
export function createTempDatabase(dialect: Dialect, prefix: string): Promise<TempDatabase> {
  return createTempDatabaseFrom(dialect, prefix, '');
}

/**
 * A new database whose name starts with `prefix`, a copy of `template` when one is named (for
 * SQLite the template's file, for PostgreSQL a database no one is connected to), else empty.
 */
export async function createTempDatabaseFrom(dialect: Dialect, prefix: string, template: string): Promise<TempDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
    const file = path.join(dir, `${name}.db`);
    if (template) fs.copyFileSync(template, file);
    const url = `sqlite:${file}`;
    const database = openDatabase(url);
    return {
      database,
      dialect,
      url,
      async drop() {
        await database.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  await adminQuery(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${name}`;
  const url = u.toString();
  const database = openDatabase(url);
  return {
    database,
    dialect,
    url,
    async drop() {
      await database.destroy();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * A template for many databases alike: made once by `prepare` (say, migrating it), then closed,
 * so that createTempDatabaseFrom can copy it. `template` is the SQLite file or the PostgreSQL
 * database's name; drop() removes it.
 */
export async function createTemplateDatabase(
  dialect: Dialect,
  prefix: string,
  prepare: (database: Database) => Promise<unknown>,
): Promise<{ template: string; drop(): Promise<void> }> {
  const temp = await createTempDatabase(dialect, prefix);
  await prepare(temp.database);
  await temp.database.destroy();
  if (dialect === 'sqlite') {
    const file = temp.url.slice('sqlite:'.length);
    return { template: file, drop: async () => fs.rmSync(path.dirname(file), { recursive: true, force: true }) };
  }
  const name = new URL(temp.url).pathname.slice(1);
  return { template: name, drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
