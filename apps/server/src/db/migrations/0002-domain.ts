import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { withId, type MigrationStep } from './helpers.ts';

/**
 * The domain (docs/product.md, "Entities") except the report aggregates: dimensions (currency, platform, game,
 * agent tree), agent back-office accounts, players with wallets and their ledger, settled bets,
 * game configuration, prize pools, point control, domains, API keys and exports.
 *
 * Money columns are bigint counts of 1/10000 unit. Instants are ISO-8601 UTC text, except the
 * ones reports and the ledger do arithmetic on (bet.bet_time, bet.settle_time,
 * player.registered_at, player.last_bet_at, ledger_entry.time), which are bigint epoch
 * milliseconds. The two high-volume tables (bet, ledger_entry) carry no foreign keys: every row
 * is written by the ingest service, which resolves its dimension ids first, and per-row foreign
 * key probes would cost a large part of the ingest budget.
 */
export const m0002Domain: MigrationStep = {
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const money = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

    await withId(db.schema.createTable('currency'), dialect)
      .addColumn('code', 'varchar(16)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('symbol', 'varchar(8)', (c) => c.notNull().defaultTo(''))
      .addColumn('decimals', 'smallint', (c) => c.notNull().defaultTo(2))
      // A decimal string ("7.2000", "0.000290"): exact, and never used in money arithmetic here.
      .addColumn('rate', 'varchar(32)', (c) => c.notNull().defaultTo('1'))
      .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('platform'), dialect)
      .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('game'), dialect)
      .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('name_zh', 'varchar(64)', (c) => c.notNull())
      .addColumn('name_en', 'varchar(64)', (c) => c.notNull())
      .addColumn('platform_id', 'bigint', (c) => c.notNull().references('platform.id'))
      .addColumn('type', 'varchar(16)', (c) => c.notNull())
      .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('game_platform_idx').on('game').column('platform_id').execute();

    // The agent tree: `path` is the chain of ids from the root, "/1/5/12/", so a sub-tree is one
    // indexed prefix match (path LIKE '/1/5/%') on both databases, without recursive queries.
    await withId(db.schema.createTable('agent'), dialect)
      .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('parent_id', 'bigint', (c) => c.references('agent.id'))
      .addColumn('level', 'smallint', (c) => c.notNull())
      .addColumn('path', 'varchar(255)', (c) => c.notNull())
      .addColumn('currency_id', 'bigint', (c) => c.notNull().references('currency.id'))
      .addColumn('wallet_mode', 'smallint', (c) => c.notNull().defaultTo(1))
      .addColumn('share_rate', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('ip_whitelist', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
      .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('agent_parent_idx').on('agent').column('parent_id').execute();
    await db.schema.createIndex('agent_path_idx').on('agent').column('path').execute();

    await withId(db.schema.createTable('agent_admin_level'), dialect)
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('level', 'smallint', (c) => c.notNull())
      .addColumn('permissions', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('agent_user'), dialect)
      .addColumn('agent_id', 'bigint', (c) => c.notNull().references('agent.id'))
      .addColumn('account', 'varchar(64)', (c) => c.notNull())
      .addColumn('name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('admin_level_id', 'bigint', (c) => c.notNull().references('agent_admin_level.id'))
      .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
      .addColumn('password_hash', 'varchar(256)', (c) => c.notNull())
      .addColumn('totp_secret', 'varchar(128)')
      .addColumn('last_login_at', 'varchar(32)')
      .addColumn('last_login_ip', 'varchar(64)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .addUniqueConstraint('agent_user_account_uq', ['agent_id', 'account'])
      .execute();

    await withId(db.schema.createTable('player'), dialect)
      .addColumn('agent_id', 'bigint', (c) => c.notNull().references('agent.id'))
      .addColumn('account', 'varchar(64)', (c) => c.notNull())
      .addColumn('currency_id', 'bigint', (c) => c.notNull().references('currency.id'))
      .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
      .addColumn('registered_at', 'bigint', (c) => c.notNull())
      .addColumn('last_bet_at', 'bigint')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .addUniqueConstraint('player_account_uq', ['agent_id', 'account'])
      .execute();
    await db.schema.createIndex('player_account_idx').on('player').column('account').execute();
    await db.schema.createIndex('player_registered_idx').on('player').column('registered_at').execute();

    await withId(db.schema.createTable('wallet'), dialect)
      .addColumn('player_id', 'bigint', (c) => c.notNull().references('player.id'))
      .addColumn('currency_id', 'bigint', (c) => c.notNull().references('currency.id'))
      .addColumn('balance', 'bigint', money)
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .addUniqueConstraint('wallet_player_currency_uq', ['player_id', 'currency_id'])
      .addCheckConstraint('wallet_balance_non_negative', sql`balance >= 0`)
      .execute();

    // One row per wallet movement. `amount` is signed; balance_before + amount = balance_after, and
    // in id order each entry's balance_before is the previous entry's balance_after of the wallet.
    await withId(db.schema.createTable('ledger_entry'), dialect)
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
      .addUniqueConstraint('ledger_entry_order_uq', ['type', 'order_id'])
      .execute();
    // Few indexes on purpose: each one is paid on every movement the ingest writes. The unique
    // (type, order_id) index also serves order-id look-ups (with type IN all types), the time
    // index the newest-first ledger pages with other filters.
    await db.schema.createIndex('ledger_entry_time_idx').on('ledger_entry').column('time').execute();
    await db.schema.createIndex('ledger_entry_player_idx').on('ledger_entry').columns(['player_id', 'time']).execute();

    await withId(db.schema.createTable('bet'), dialect)
      .addColumn('bet_id', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('round_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('agent_id', 'bigint', (c) => c.notNull())
      .addColumn('player_id', 'bigint', (c) => c.notNull())
      .addColumn('game_id', 'bigint', (c) => c.notNull())
      .addColumn('platform_id', 'bigint', (c) => c.notNull())
      .addColumn('currency_id', 'bigint', (c) => c.notNull())
      .addColumn('bet_amount', 'bigint', (c) => c.notNull())
      .addColumn('valid_bet_amount', 'bigint', (c) => c.notNull())
      .addColumn('payout_amount', 'bigint', (c) => c.notNull())
      .addColumn('tax_amount', 'bigint', (c) => c.notNull())
      .addColumn('bonus_amount', 'bigint', (c) => c.notNull())
      .addColumn('jackpot_contribution', 'bigint', (c) => c.notNull())
      .addColumn('bet_time', 'bigint', (c) => c.notNull())
      .addColumn('settle_time', 'bigint', (c) => c.notNull())
      .addColumn('device', 'varchar(16)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('bet_settle_idx').on('bet').column('settle_time').execute();
    await db.schema.createIndex('bet_player_settle_idx').on('bet').columns(['player_id', 'settle_time']).execute();
    await db.schema.createIndex('bet_agent_settle_idx').on('bet').columns(['agent_id', 'settle_time']).execute();

    // Rates are basis points (9600 = 96.00 %); room tiers are a JSON array.
    await withId(db.schema.createTable('dealer_game_config'), dialect)
      .addColumn('game_id', 'bigint', (c) => c.notNull().unique().references('game.id'))
      .addColumn('enabled', 'smallint', (c) => c.notNull().defaultTo(1))
      .addColumn('rtp_target', 'integer', (c) => c.notNull().defaultTo(9600))
      .addColumn('tax_rate', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('min_bet', 'bigint', money)
      .addColumn('max_bet', 'bigint', money)
      .addColumn('room_tiers', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    // Null override columns inherit the dealer config.
    await withId(db.schema.createTable('agent_game_config'), dialect)
      .addColumn('agent_id', 'bigint', (c) => c.notNull().references('agent.id'))
      .addColumn('game_id', 'bigint', (c) => c.notNull().references('game.id'))
      .addColumn('enabled', 'smallint', (c) => c.notNull().defaultTo(1))
      .addColumn('rtp_target', 'integer')
      .addColumn('tax_rate', 'integer')
      .addColumn('min_bet', 'bigint')
      .addColumn('max_bet', 'bigint')
      .addColumn('room_tiers', 'text')
      .addColumn('guarantee_rtp', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('new_player_protect_rounds', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_win_multiplier', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .addUniqueConstraint('agent_game_config_uq', ['agent_id', 'game_id'])
      .execute();

    await withId(db.schema.createTable('prize_pool'), dialect)
      .addColumn('agent_id', 'bigint', (c) => c.notNull().references('agent.id'))
      .addColumn('game_id', 'bigint', (c) => c.notNull().references('game.id'))
      .addColumn('pool_amount', 'bigint', money)
      .addColumn('seed_amount', 'bigint', money)
      .addColumn('contribution_rate', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('trigger_threshold', 'bigint', money)
      .addColumn('cap_amount', 'bigint', money)
      .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .addUniqueConstraint('prize_pool_uq', ['agent_id', 'game_id'])
      .execute();

    // Every `clean` (reset to the seed) with the amounts before and after, for audit.
    await withId(db.schema.createTable('prize_pool_clean'), dialect)
      .addColumn('prize_pool_id', 'bigint', (c) => c.notNull().references('prize_pool.id'))
      .addColumn('before_amount', 'bigint', (c) => c.notNull())
      .addColumn('after_amount', 'bigint', (c) => c.notNull())
      .addColumn('operator_id', 'bigint')
      .addColumn('operator_account', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('prize_pool_clean_pool_idx').on('prize_pool_clean').column('prize_pool_id').execute();

    await withId(db.schema.createTable('point_control'), dialect)
      .addColumn('player_id', 'bigint', (c) => c.notNull().references('player.id'))
      .addColumn('game_id', 'bigint')
      .addColumn('direction', 'varchar(8)', (c) => c.notNull())
      .addColumn('target_amount', 'bigint', (c) => c.notNull())
      .addColumn('intensity', 'smallint', (c) => c.notNull())
      .addColumn('achieved_amount', 'bigint', money)
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('created_by', 'bigint')
      .addColumn('created_by_account', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('cancelled_by', 'bigint')
      .addColumn('cancelled_by_account', 'varchar(64)')
      .addColumn('cancelled_at', 'varchar(32)')
      .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    // "One active entry per player", enforced by the database, not only by the service.
    await db.schema
      .createIndex('point_control_active_uq')
      .on('point_control')
      .column('player_id')
      .unique()
      .where(sql.ref('status'), '=', sql.lit('active'))
      .execute();
    await db.schema.createIndex('point_control_player_idx').on('point_control').columns(['player_id', 'created_at']).execute();

    await withId(db.schema.createTable('domain'), dialect)
      .addColumn('domain', 'varchar(255)', (c) => c.notNull().unique())
      .addColumn('type', 'varchar(16)', (c) => c.notNull())
      .addColumn('agent_id', 'bigint')
      .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
      .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    // An ingest key keeps only a SHA-256 of its secret; an agent key keeps its secret encrypted
    // (AES-256-GCM), because requests are signed with it and the platform must recompute the signature.
    await withId(db.schema.createTable('api_key'), dialect)
      .addColumn('type', 'varchar(16)', (c) => c.notNull())
      .addColumn('agent_id', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('secret_hash', 'varchar(128)')
      .addColumn('secret_encrypted', 'text')
      .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
      .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('expires_at', 'varchar(32)')
      .addColumn('last_used_at', 'varchar(32)')
      .addColumn('rotated_at', 'varchar(32)')
      .addColumn('created_by', 'bigint')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('export'), dialect)
      .addColumn('report', 'varchar(128)', (c) => c.notNull())
      .addColumn('filters', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('requested_by', 'bigint')
      .addColumn('requested_by_account', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('row_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('file_size', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('file_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('file_path', 'varchar(512)', (c) => c.notNull().defaultTo(''))
      .addColumn('error_msg', 'varchar(512)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('finished_at', 'varchar(32)')
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('export_requested_idx').on('export').columns(['requested_by', 'created_at']).execute();
    await db.schema.createIndex('export_expires_idx').on('export').column('expires_at').execute();
  },
};
