import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import type { MigrationStep } from './helpers.ts';

/**
 * How many ledger entries each UTC day holds, per agent, currency and type: the bill list's
 * total over a long range adds up these rows and counts entries only in the partial days at its
 * edges, and its page reads only the days that hold the page's entries
 * (modules/bill/repository.ts). Counting the entries themselves read every one in the range: with
 * a currency, agent or type filter over a year of a 14-million-entry ledger that took 1.3–3.7 s.
 * The ingest keeps the counts in the transaction that writes the entries; filled here from the
 * entries already stored.
 */
export const m0010LedgerDayCounts: MigrationStep = {
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const create = async (tx: Kysely<unknown>) => {
      let t = tx.schema
        .createTable('ledger_day_count')
        .addColumn('day', 'integer', (c) => c.notNull())
        .addColumn('agent_id', 'bigint', (c) => c.notNull())
        .addColumn('currency_id', 'bigint', (c) => c.notNull())
        .addColumn('type', 'varchar(16)', (c) => c.notNull())
        .addColumn('entry_count', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('ledger_day_count_pk', ['day', 'agent_id', 'currency_id', 'type']);
      t = dialect === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t.modifyEnd(sql`with (fillfactor = 80)`);
      await t.execute();
      await sql`INSERT INTO ledger_day_count (day, agent_id, currency_id, type, entry_count)
        SELECT time / 86400000, agent_id, currency_id, type, COUNT(*) FROM ledger_entry
        GROUP BY time / 86400000, agent_id, currency_id, type`.execute(tx);
    };
    // PostgreSQL runs each migration in a transaction already; SQLite's migrator does not.
    if (dialect === 'postgres') await create(db);
    else await db.transaction().execute(create);
  },
};
