/**
 * Once per test run: one migrated database of each kind, which every test file's database then
 * copies (a file copy for SQLite, CREATE DATABASE … TEMPLATE for PostgreSQL) instead of migrating
 * its own. The migrations themselves run on empty databases in migration-*.test.ts, migrate-cli and
 * server-start.
 */
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../src/db/migrations/index.ts';
import { createTemplateDatabase, isPgReachable } from './temp-database.ts';

export interface DatabaseTemplates {
  sqlite: string;
  /** '' when PostgreSQL cannot be reached (its suites then skip, or fail where it is required). */
  postgres: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

export default async function setup(project: TestProject) {
  const sqlite = await createTemplateDatabase('sqlite', 'console_template', migrateToLatest);
  const postgres = (await isPgReachable()) ? await createTemplateDatabase('postgres', 'console_template', migrateToLatest) : undefined;
  project.provide('databaseTemplates', { sqlite: sqlite.template, postgres: postgres?.template ?? '' });
  return async () => {
    await sqlite.drop();
    await postgres?.drop();
  };
}
