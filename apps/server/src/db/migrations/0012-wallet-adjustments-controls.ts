import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { withId, type MigrationStep } from './helpers.ts';

/**
 * Manual wallet adjustments and the end of a point control.
 *
 * `wallet_adjustment` is one row per `player/wallet/adjust` that moved money: its `request_id`
 * (chosen by the console when the dialog opens) is unique, so a double click or a retried request
 * finds the first result instead of moving the money again; it also lists the recent adjustments
 * (who, whom, how much, why) without reading the ledger.
 *
 * `point_control.finished_at`: when a control completed (set by the ingest) or was cancelled.
 */
export const m0012WalletAdjustmentsControls: MigrationStep = {
  async up(db: Kysely<unknown>, dialect: Dialect) {
    await withId(db.schema.createTable('wallet_adjustment'), dialect)
      .addColumn('request_id', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('player_id', 'bigint', (c) => c.notNull().references('player.id'))
      .addColumn('agent_id', 'bigint', (c) => c.notNull())
      .addColumn('currency_id', 'bigint', (c) => c.notNull())
      .addColumn('direction', 'varchar(8)', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('balance_before', 'bigint', (c) => c.notNull())
      .addColumn('balance_after', 'bigint', (c) => c.notNull())
      .addColumn('ledger_id', 'bigint', (c) => c.notNull())
      .addColumn('operator_id', 'bigint')
      .addColumn('operator_account', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('remark', 'varchar(255)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('wallet_adjustment_player_idx').on('wallet_adjustment').columns(['player_id', 'id']).execute();

    await db.schema.alterTable('point_control').addColumn('finished_at', 'varchar(32)').execute();
  },
};
