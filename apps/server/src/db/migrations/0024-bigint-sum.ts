import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import type { MigrationStep } from './helpers.ts';

/**
 * PostgreSQL only: `sum_bigint(bigint)`, a sum whose running total and answer are a bigint, as
 * SQLite's SUM over integers is. PostgreSQL's own SUM(bigint) answers a numeric: each group keeps
 * a 128-bit state in memory of its own and turns it into a numeric at the end. Ranking a year's
 * player-and-game groups by one sum (the per-player reports' pages, report/repository/pages.ts)
 * spent about an eighth of each part's statement there (docs/adr/0023-postgresql-report-plans.md).
 *
 * `int8pl` raises "bigint out of range" rather than wrap, so an overflowing sum is an error, never a
 * wrong figure; the ranking then sums again with SUM. The aggregate is strict like SUM: no rows,
 * or only NULLs, answer NULL.
 */
export const m0024BigintSum: MigrationStep = {
  async up(db: Kysely<unknown>, dialect: Dialect) {
    if (dialect !== 'postgres') return;
    await sql`CREATE AGGREGATE sum_bigint(bigint) (SFUNC = int8pl, STYPE = bigint, COMBINEFUNC = int8pl, PARALLEL = SAFE)`.execute(db);
  },
};
