import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/** The auto-increment primary key `id`, spelled for each dialect. */
export function withId<T extends string>(t: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? t.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export interface MigrationStep {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}
