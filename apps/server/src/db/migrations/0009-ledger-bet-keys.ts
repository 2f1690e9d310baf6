import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { withId, type MigrationStep } from './helpers.ts';

/**
 * The ledger's two bet movements (types `bet` and `payout`, `related_bet_id` set) are keyed by the
 * bet row, not by their order id text:
 *
 *   ledger_entry_order_uq  UNIQUE (type, order_id)       WHERE related_bet_id IS NULL
 *   ledger_entry_bet_uq    UNIQUE (related_bet_id, type) WHERE related_bet_id IS NOT NULL
 *
 * A bet's entries carry its `bet_id` as their order id, which `bet.bet_id` already keeps unique;
 * keying them by that text again put two more entries per bet into a text index. Game servers
 * send random ids (UUIDs): each such entry lands on a random page, and on SQLite a commit writes
 * every page it touched to the log in full, so random bet ids halved what the bet and ledger rows
 * alone could store (bench/README.md, "Ingest (ADRs 0005, 0006, 0009)"). `related_bet_id` grows with every bet stored,
 * so its key is only ever appended to, and it still allows one entry of each type per bet.
 *
 * SQLite cannot drop a constraint declared in CREATE TABLE: the table is rebuilt, same columns,
 * same ids (the AUTOINCREMENT counter moves with the rename), in one transaction.
 */
export const m0009LedgerBetKeys: MigrationStep = {
  async up(db: Kysely<unknown>, dialect: Dialect) {
    if (dialect === 'postgres') {
      await sql`ALTER TABLE ledger_entry DROP CONSTRAINT ledger_entry_order_uq`.execute(db);
      await createKeys(db);
      return;
    }
    await db.transaction().execute(async (tx) => {
      // The columns of 0002, restated on purpose: a migration is a snapshot and must not follow
      // later edits of a shared definition.
      await withId(tx.schema.createTable('ledger_entry_new'), dialect)
        .addColumn('player_id', 'bigint', (c) => c.notNull())
        .addColumn('agent_id', 'bigint', (c) => c.notNull())
        .addColumn('currency_id', 'bigint', (c) => c.notNull())
        .addColumn('type', 'varchar(16)', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('balance_before', 'bigint', (c) => c.notNull())
        .addColumn('balance_after', 'bigint', (c) => c.notNull())
        .addColumn('order_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('related_bet_id', 'bigint')
        .addColumn('operator_id', 'bigint')
        .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('time', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      const columns = sql.raw(
        'id, player_id, agent_id, currency_id, type, amount, balance_before, balance_after, order_id, related_bet_id, operator_id, remark, time, created_at',
      );
      await sql`INSERT INTO ledger_entry_new (${columns}) SELECT ${columns} FROM ledger_entry ORDER BY id`.execute(tx);
      await sql`DROP TABLE ledger_entry`.execute(tx);
      await sql`ALTER TABLE ledger_entry_new RENAME TO ledger_entry`.execute(tx);
      // The indexes of 0002 and 0008, which went with the old table.
      await sql`CREATE INDEX ledger_entry_time_idx ON ledger_entry (time)`.execute(tx);
      await sql`CREATE INDEX ledger_entry_day_player_idx ON ledger_entry ((time / 86400000), player_id, time)`.execute(tx);
      await createKeys(tx);
    });
  },
};

/** The queries that use these partial indexes repeat their WHERE terms word for word (SQLite needs that). */
async function createKeys(db: Kysely<unknown>) {
  await sql`CREATE UNIQUE INDEX ledger_entry_order_uq ON ledger_entry (type, order_id) WHERE related_bet_id IS NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX ledger_entry_bet_uq ON ledger_entry (related_bet_id, type) WHERE related_bet_id IS NOT NULL`.execute(db);
}
