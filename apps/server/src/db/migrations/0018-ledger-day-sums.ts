import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import type { MigrationStep } from './helpers.ts';

/**
 * The money of each per-day row of ledger_day_count (migration 0010) beside its count: the sum of
 * its entries' positive amounts (`amount_in`) and of their negative ones (`amount_out`, negative).
 * The bill list's per-currency totals add up these rows over the whole days of a range and sum the
 * entries only in the partial days at its edges (modules/bill/repository.ts): summing a year of a
 * 14-million-entry ledger entry by entry reads every entry of the range, and no index holds the
 * amounts. The ingest keeps the sums in the transaction that writes the entries, as it keeps the
 * counts; the rows are made again here from the entries already stored.
 */
export const m0018LedgerDaySums: MigrationStep = {
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const fill = async (tx: Kysely<unknown>) => {
      for (const column of ['amount_in', 'amount_out']) {
        await tx.schema.alterTable('ledger_day_count').addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0)).execute();
      }
      await sql`DELETE FROM ledger_day_count`.execute(tx);
      await sql`INSERT INTO ledger_day_count (day, agent_id, currency_id, type, entry_count, amount_in, amount_out)
        SELECT time / 86400000, agent_id, currency_id, type, COUNT(*),
          SUM(CASE WHEN amount > 0 THEN amount ELSE 0 END), SUM(CASE WHEN amount < 0 THEN amount ELSE 0 END)
        FROM ledger_entry
        GROUP BY time / 86400000, agent_id, currency_id, type`.execute(tx);
    };
    // PostgreSQL runs each migration in a transaction already; SQLite's migrator does not.
    if (dialect === 'postgres') await fill(db);
    else await db.transaction().execute(fill);
  },
};
