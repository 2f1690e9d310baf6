import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/index.ts';

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
});
