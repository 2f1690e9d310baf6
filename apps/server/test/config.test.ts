import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/index.ts';
import { openDatabase } from '../src/db/database.ts';

describe('configuration', () => {
  it('reads a relative SQLite file, DATA_DIR and EXPORT_DIR from the folder the command was typed in', () => {
    // `npm run aggregates:check` at /srv/console runs inside apps/server with INIT_CWD=/srv/console:
    // before, ./data/console.db was apps/server/data/console.db, a new empty database.
    const env = { INIT_CWD: '/srv/console', DATABASE_URL: 'sqlite:./data/console.db', DATA_DIR: 'state', EXPORT_DIR: '../exports' };
    const config = loadConfig(env);
    expect(config.databaseUrl).toBe('sqlite:/srv/console/data/console.db');
    expect(config.dataDir).toBe('/srv/console/state');
    expect(config.exportDir).toBe('/srv/exports');
    // Without npm, the current folder.
    expect(loadConfig({ DATABASE_URL: 'sqlite:x.db' }).databaseUrl).toBe(`sqlite:${path.resolve('x.db')}`);
  });

  it('leaves absolute paths, in-memory SQLite and PostgreSQL URLs as they are', () => {
    const env = { INIT_CWD: '/srv/console' };
    expect(loadConfig({ ...env, DATABASE_URL: 'sqlite:/var/lib/console.db' }).databaseUrl).toBe('sqlite:/var/lib/console.db');
    expect(loadConfig({ ...env, DATABASE_URL: 'sqlite::memory:' }).databaseUrl).toBe('sqlite::memory:');
    expect(loadConfig({ ...env, DATABASE_URL: 'postgres://u@h:5432/db' }).databaseUrl).toBe('postgres://u@h:5432/db');
    expect(loadConfig(env).databaseUrl).toMatch(/^sqlite:\/.*\/data\/console\.db$/);
  });

  it('refuses a PORT or SESSION_TTL_MINUTES that is not a whole number in range, naming it and the value', () => {
    // Before, "12h" became NaN: the server started and every login then failed with a system error.
    expect(() => loadConfig({ SESSION_TTL_MINUTES: '12h' })).toThrow('SESSION_TTL_MINUTES must be a whole number from 1 to 525600, got 12h');
    for (const bad of ['0', '-5', '1.5', '1e3', '0x10', 'abc', '525601']) {
      expect(() => loadConfig({ SESSION_TTL_MINUTES: bad }), bad).toThrow(/^SESSION_TTL_MINUTES must be a whole number/);
    }
    expect(() => loadConfig({ PORT: 'http' })).toThrow('PORT must be a whole number from 0 to 65535, got http');
    for (const bad of ['65536', '-1', '80.5', '8080x']) expect(() => loadConfig({ PORT: bad }), bad).toThrow(/^PORT must be a whole number/);
  });

  it('reads a valid PORT and SESSION_TTL_MINUTES, and the defaults when they are unset or empty', () => {
    expect(loadConfig({ PORT: '3000', SESSION_TTL_MINUTES: '30' })).toMatchObject({ port: 3000, sessionTtlMinutes: 30 });
    expect(loadConfig({ PORT: ' 0 ', SESSION_TTL_MINUTES: '525600' })).toMatchObject({ port: 0, sessionTtlMinutes: 525600 });
    expect(loadConfig({})).toMatchObject({ port: 8080, sessionTtlMinutes: 720 });
    expect(loadConfig({ PORT: '', SESSION_TTL_MINUTES: '' })).toMatchObject({ port: 8080, sessionTtlMinutes: 720 });
  });

  it('serves the API document to anyone outside production and to operators only in production, unless API_DOCS says otherwise', () => {
    expect(loadConfig({}).apiDocs).toBe('public');
    expect(loadConfig({ NODE_ENV: 'test', API_DOCS: '' }).apiDocs).toBe('public');
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe('operators');
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: '' }).apiDocs).toBe('operators');
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'public' }).apiDocs).toBe('public');
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'off' }).apiDocs).toBe('off');
    expect(loadConfig({ API_DOCS: 'operators' }).apiDocs).toBe('operators');
    expect(loadConfig({ API_DOCS: ' Off ' }).apiDocs).toBe('off');
  });

  it('refuses an API_DOCS it does not know instead of guessing who may read the document', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', API_DOCS: 'private' })).toThrow('API_DOCS must be one of public, operators, off, got private');
    for (const bad of ['1', 'true', 'no', 'operator', 'public,off']) {
      expect(() => loadConfig({ API_DOCS: bad }), bad).toThrow(/^API_DOCS must be one of public, operators, off/);
    }
  });

  it('reads TRUST_PROXY as the proxies to believe: comma-separated addresses and CIDR blocks, none when unset, empty, 0 or false', () => {
    for (const off of [undefined, '', ' ', '0', 'false', 'FALSE']) expect(loadConfig(off === undefined ? {} : { TRUST_PROXY: off }).trustProxy, String(off)).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.5, 10.0.1.0/24 ,fd00::/8,::1,0.0.0.0/0' }).trustProxy).toEqual(['10.0.0.5', '10.0.1.0/24', 'fd00::/8', '::1', '0.0.0.0/0']);
  });

  it('refuses TRUST_PROXY=1 or true, which believed any X-Forwarded-For, saying to name the proxies', () => {
    for (const old of ['1', 'true', 'TRUE', ' true ']) {
      expect(() => loadConfig({ TRUST_PROXY: old }), old).toThrow(/would take the client address from any X-Forwarded-For.*Name the proxies in front of the server instead, as comma-separated addresses or CIDR blocks/);
    }
  });

  it('refuses a TRUST_PROXY entry that is no address or CIDR block, naming it', () => {
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1,proxy.internal' })).toThrow('TRUST_PROXY must be comma-separated proxy addresses or CIDR blocks: "proxy.internal" is not an IP address or CIDR block, got 10.0.0.1,proxy.internal');
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow('"10.0.0.0/33" has a prefix length that is not a whole number from 0 to 32');
    expect(() => loadConfig({ TRUST_PROXY: 'fd00::/129' })).toThrow('"fd00::/129" has a prefix length that is not a whole number from 0 to 128');
    for (const bad of ['10.0.0.1,,10.0.0.2', '10.0.0.0/8/8', '10.0.0.0/', '10.0.0.0/x', 'fe80::1%eth0', '2', 'yes', '10.0.0.256']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/^TRUST_PROXY must be comma-separated proxy addresses or CIDR blocks/);
    }
  });

  it('takes REPLICA_DATABASE_URL only beside a PostgreSQL DATABASE_URL', async () => {
    expect(loadConfig({}).replicaDatabaseUrl).toBe('');
    expect(loadConfig({ REPLICA_DATABASE_URL: 'postgres://r:5432/db' }).replicaDatabaseUrl).toBe('postgres://r:5432/db');
    expect(() => openDatabase('sqlite::memory:', { replicaUrl: 'postgres://127.0.0.1:5432/db' })).toThrow(/REPLICA_DATABASE_URL/);
    expect(() => openDatabase('postgres://127.0.0.1:5432/db', { replicaUrl: 'sqlite:x.db' })).toThrow(/REPLICA_DATABASE_URL/);
    // Without a replica the report reader is the primary (or SQLite's readers) and there is no lag to tell.
    const database = openDatabase('sqlite::memory:');
    expect(await database.replicaLag()).toBeNull();
    expect(database.freshReader).toBe(database.reader);
    await database.destroy();
  });
});
