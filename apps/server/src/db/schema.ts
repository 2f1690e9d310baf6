import type { Generated } from 'kysely';

/**
 * Table types. Instants are ISO-8601 UTC strings ("2026-11-21T05:51:00.000Z"); money columns are
 * 64-bit integers of 1/10000 unit, typed as `bigint | string | number` because the drivers differ
 * (read them with db/sql.ts `moneyText`).
 */
export type Int8 = bigint | string | number;

export interface OperatorUserTable {
  id: Generated<number>;
  account: string;
  name: string;
  phone: string;
  status: number;
  password_hash: string;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  /** The last TOTP time step accepted, so no code works twice. */
  totp_last_step: Int8 | null;
  permissions: string;
  last_login_at: string | null;
  last_login_ip: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface SessionTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  ip: string;
  user_agent: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface OperationLogTable {
  id: Generated<number>;
  operator_id: number | null;
  operator_account: string;
  action: string;
  target: string;
  summary: string;
  ip: string;
  result_code: string;
  created_at: string;
  /** Set when an agent user made the call (migration 0014); operator_id is then null. */
  agent_user_id: number | null;
  /** The agent user's agent code; '' for operators. */
  agent_code: Generated<string>;
}

export interface SmsCodeTable {
  id: Generated<number>;
  phone: string;
  code_hash: string;
  attempts: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface LoginFailureTable {
  id: Generated<number>;
  account: string;
  ip: string;
  created_at: string;
}

/** An address an account (or phone, as login_failure keys it) logged in from, and when last. */
export interface LoginKnownAddressTable {
  account: string;
  ip: string;
  last_success_at: string;
}

/* ---- Domain (migration 0002). Ids and epoch-millisecond columns are bigint in PostgreSQL, which
 * the pg driver answers as strings: read them through `toNumber`. Money is `Int8`. ---- */

export interface CurrencyTable {
  id: Generated<number>;
  code: string;
  name: string;
  symbol: string;
  decimals: number;
  rate: string;
  status: number;
  sort: number;
  created_at: string;
  updated_at: string;
}

export interface PlatformTable {
  id: Generated<number>;
  code: string;
  name: string;
  status: number;
  sort: number;
  created_at: string;
  updated_at: string;
}

export interface GameTable {
  id: Generated<number>;
  code: string;
  name_zh: string;
  name_en: string;
  platform_id: number;
  type: string;
  status: number;
  sort: number;
  created_at: string;
  updated_at: string;
}

export interface AgentTable {
  id: Generated<number>;
  code: string;
  name: string;
  parent_id: number | null;
  level: number;
  /** Ids from the root down to this agent: "/1/5/12/". */
  path: string;
  currency_id: number;
  /** 1 transfer, 2 seamless. */
  wallet_mode: number;
  /** Basis points. */
  share_rate: number;
  ip_whitelist: string;
  status: number;
  remark: string;
  created_at: string;
  updated_at: string;
}

/**
 * An agent's share rate from a month on (migration 0016, docs/product.md, "Agent settlement"): a
 * month's settlement uses the entry of the latest month at or before it; none means 0.
 */
export interface AgentShareRateTable {
  agent_id: number;
  /** "YYYY-MM"; "0000-01" for a rate in force since always (the agents the migration found). */
  from_month: string;
  /** Basis points. */
  share_rate: number;
  created_at: string;
}

export interface AgentAdminLevelTable {
  id: Generated<number>;
  name: string;
  level: number;
  permissions: string;
  created_at: string;
  updated_at: string;
}

export interface AgentUserTable {
  id: Generated<number>;
  agent_id: number;
  account: string;
  name: string;
  admin_level_id: number;
  status: number;
  password_hash: string;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  /** The last TOTP time step accepted, so no code works twice. */
  totp_last_step: Int8 | null;
  last_login_at: string | null;
  last_login_ip: string | null;
  created_at: string;
  updated_at: string;
}

/** An agent user's session (migration 0014), apart from the operators' `session`. */
export interface AgentSessionTable {
  id: Generated<number>;
  token_hash: string;
  agent_user_id: number;
  ip: string;
  user_agent: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface PlayerTable {
  id: Generated<number>;
  agent_id: number;
  account: string;
  currency_id: number;
  status: number;
  /** Epoch milliseconds. */
  registered_at: number;
  /** Epoch milliseconds of the latest bet_time seen. */
  last_bet_at: number | null;
  created_at: string;
  updated_at: string;
}

export interface WalletTable {
  id: Generated<number>;
  player_id: number;
  currency_id: number;
  balance: Int8;
  created_at: string;
  updated_at: string;
}

export interface LedgerEntryTable {
  id: Generated<number>;
  player_id: number;
  agent_id: number;
  currency_id: number;
  type: string;
  amount: Int8;
  balance_before: Int8;
  balance_after: Int8;
  order_id: string;
  /** bet.id of a bet or payout entry. */
  related_bet_id: number | null;
  operator_id: number | null;
  remark: string;
  /** Epoch milliseconds of the movement (bet_time, settle_time or the transfer's time). */
  time: number;
  created_at: string;
}

/**
 * Ledger entries per UTC day (`time / 86400000`), agent, currency and type (migration 0010): how
 * many, and the sums of their positive and of their negative amounts (migration 0018).
 */
export interface LedgerDayCountTable {
  day: number;
  agent_id: number;
  currency_id: number;
  type: string;
  entry_count: Int8;
  /** Sum of the positive amounts (1/10000 units). */
  amount_in: Int8;
  /** Sum of the negative amounts (1/10000 units), ≤ 0. */
  amount_out: Int8;
}

/**
 * The day segments each player bet in around local day `day`, per currency (migration 0023): the
 * bits of lib/periods.ts LOCAL_DAY_MASKS. `prev` is the mask before the row's last change, which
 * the ingest reads back to tell which local days the change added.
 */
export interface PlayerDayMaskTable {
  day: number;
  player_id: number;
  currency_id: number;
  mask: number;
  prev: number;
}

/** The number of (player, currency) groups of local day `day` in the report timezone `zone` (0 … 4, lib/periods.ts localDayZone). */
export interface PlayerDayCountTable {
  zone: number;
  day: number;
  n: number;
}

export interface BetTable {
  id: Generated<number>;
  bet_id: string;
  round_id: string;
  agent_id: number;
  player_id: number;
  game_id: number;
  platform_id: number;
  currency_id: number;
  bet_amount: Int8;
  valid_bet_amount: Int8;
  payout_amount: Int8;
  tax_amount: Int8;
  bonus_amount: Int8;
  jackpot_contribution: Int8;
  /** Migration 0019: the jackpot prize paid on this bet from its pool (0: none). */
  jackpot_prize: Generated<Int8>;
  /** Epoch milliseconds. */
  bet_time: number;
  /** Epoch milliseconds. */
  settle_time: number;
  device: string;
  created_at: string;
  /** Epoch milliseconds of the bet's cancellation (migration 0020), NULL while it stands. */
  cancelled_at: number | null;
  /** The game server's reason for the cancellation, NULL while the bet stands. */
  cancel_reason: string | null;
}

export interface DealerGameConfigTable {
  id: Generated<number>;
  game_id: number;
  enabled: number;
  /** Basis points. */
  rtp_target: number;
  tax_rate: number;
  min_bet: Int8;
  max_bet: Int8;
  room_tiers: string;
  created_at: string;
  updated_at: string;
}

export interface AgentGameConfigTable {
  id: Generated<number>;
  agent_id: number;
  game_id: number;
  enabled: number;
  rtp_target: number | null;
  tax_rate: number | null;
  min_bet: Int8 | null;
  max_bet: Int8 | null;
  room_tiers: string | null;
  guarantee_rtp: number;
  new_player_protect_rounds: number;
  max_win_multiplier: number;
  created_at: string;
  updated_at: string;
}

export interface PrizePoolTable {
  id: Generated<number>;
  agent_id: number;
  game_id: number;
  pool_amount: Int8;
  seed_amount: Int8;
  contribution_rate: number;
  trigger_threshold: Int8;
  cap_amount: Int8;
  status: number;
  created_at: string;
  updated_at: string;
}

export interface PrizePoolCleanTable {
  id: Generated<number>;
  prize_pool_id: number;
  before_amount: Int8;
  after_amount: Int8;
  operator_id: number | null;
  operator_account: string;
  remark: string;
  created_at: string;
  /** Migration 0019: `clean` (an operator's reset to the seed) or `prize` (a jackpot prize paid by the ingest). */
  kind: Generated<string>;
  /** A prize's bet (bet.id), else null. */
  bet_ref: number | null;
  /** A prize's player, else null. */
  player_id: number | null;
}

export interface PointControlTable {
  id: Generated<number>;
  player_id: number;
  game_id: number | null;
  direction: string;
  target_amount: Int8;
  intensity: number;
  achieved_amount: Int8;
  status: string;
  created_by: number | null;
  created_by_account: string;
  cancelled_by: number | null;
  cancelled_by_account: string | null;
  cancelled_at: string | null;
  remark: string;
  created_at: string;
  updated_at: string;
  /** When it completed or was cancelled (migration 0012). */
  finished_at: string | null;
}

/** One manual wallet adjustment (migration 0012); `request_id` makes a retried request move nothing. */
export interface WalletAdjustmentTable {
  id: Generated<number>;
  request_id: string;
  player_id: number;
  agent_id: number;
  currency_id: number;
  direction: string;
  amount: Int8;
  balance_before: Int8;
  balance_after: Int8;
  ledger_id: number;
  operator_id: number | null;
  operator_account: string;
  remark: string;
  created_at: string;
}

export interface DomainTable {
  id: Generated<number>;
  domain: string;
  type: string;
  agent_id: number | null;
  status: number;
  remark: string;
  created_at: string;
  updated_at: string;
}

export interface ApiKeyTable {
  id: Generated<number>;
  type: string;
  agent_id: number;
  app_id: string;
  secret_hash: string | null;
  secret_encrypted: string | null;
  status: number;
  remark: string;
  expires_at: string | null;
  last_used_at: string | null;
  /** The address of that use (migration 0015; agent keys). */
  last_used_ip: string | null;
  /** Ingest keys: the agent whose sub-tree the key is limited to, or null for every agent (migration 0025). */
  scope_agent_id: number | null;
  /** Ingest keys: the provider (platform) whose games the key is limited to, or null for every provider (migration 0025). */
  scope_platform_id: number | null;
  rotated_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface ExportTable {
  id: Generated<number>;
  report: string;
  /** JSON of the request's filters. */
  filters: string;
  requested_by: number | null;
  /** The agent user who asked for it (migration 0014); requested_by is then null. */
  requested_by_agent_user: number | null;
  requested_by_account: string;
  status: string;
  row_count: number;
  file_size: Int8;
  file_name: string;
  file_path: string;
  error_msg: string;
  created_at: string;
  finished_at: string | null;
  expires_at: string;
}

/** A nonce an agent key used (migration 0015), kept for the replay window. */
export interface ApiNonceTable {
  key_id: number;
  nonce: string;
  created_at: string;
}

/** Values every server on the database shares (migration 0021), such as the key-encryption key's check value. */
export interface ServerSettingTable {
  name: string;
  value: string;
  updated_at: string;
}

/** A finished export's bytes, in parts of at most 1 MiB (migration 0021). */
export interface ExportPartTable {
  export_id: number;
  part: number;
  bytes: Buffer;
}

/** An export being written now on some server (migration 0021); lapses when its heartbeat stops. */
export interface ExportSlotTable {
  id: string;
  /** Whose export: `op:<operator id>` or `agent:<agent user id>`. */
  holder: string;
  heartbeat_at: string;
}

export interface DB {
  operator_user: OperatorUserTable;
  session: SessionTable;
  operation_log: OperationLogTable;
  sms_code: SmsCodeTable;
  login_failure: LoginFailureTable;
  login_known_address: LoginKnownAddressTable;
  currency: CurrencyTable;
  platform: PlatformTable;
  game: GameTable;
  agent: AgentTable;
  agent_share_rate: AgentShareRateTable;
  agent_admin_level: AgentAdminLevelTable;
  agent_user: AgentUserTable;
  agent_session: AgentSessionTable;
  api_nonce: ApiNonceTable;
  player: PlayerTable;
  wallet: WalletTable;
  ledger_entry: LedgerEntryTable;
  ledger_day_count: LedgerDayCountTable;
  player_day_mask: PlayerDayMaskTable;
  player_day_count: PlayerDayCountTable;
  bet: BetTable;
  dealer_game_config: DealerGameConfigTable;
  agent_game_config: AgentGameConfigTable;
  prize_pool: PrizePoolTable;
  prize_pool_clean: PrizePoolCleanTable;
  point_control: PointControlTable;
  wallet_adjustment: WalletAdjustmentTable;
  domain: DomainTable;
  api_key: ApiKeyTable;
  export: ExportTable;
  server_setting: ServerSettingTable;
  export_part: ExportPartTable;
  export_slot: ExportSlotTable;
}
