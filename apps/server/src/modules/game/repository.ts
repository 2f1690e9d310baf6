import { CompiledQuery, sql, type Kysely } from 'kysely';
import { MONEY_UNITS_MAX } from '@console/contract';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { int8Text, toNumber } from '../../db/sql.ts';
import { PER_ROW } from '../../db/sqlite-statement-cache.ts';
import type { SettledBet } from '../../db/bet-batch.ts';

export async function listGames(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('game as g')
    .innerJoin('platform as p', 'p.id', 'g.platform_id')
    .select(['g.id', 'g.code', 'g.name_zh', 'g.name_en', 'g.platform_id', 'p.code as platform_code', 'p.name as platform_name', 'g.type', 'g.status', 'g.sort'])
    .orderBy('p.sort')
    .orderBy('g.platform_id')
    .orderBy('g.sort')
    .orderBy('g.id')
    .execute();
  return rows.map((r) => ({ ...r, id: toNumber(r.id), platform_id: toNumber(r.platform_id), status: toNumber(r.status), sort: toNumber(r.sort) }));
}

/** A game's code and names, or undefined when there is none (the filter lines of an export). */
export async function gameLabel(db: Kysely<DB>, id: number) {
  return db.selectFrom('game').select(['code', 'name_zh', 'name_en']).where('id', '=', id).executeTakeFirst();
}

/* ---- Dealer configs ---- */

/** A game with its dealer config; a game without a stored config has the table's defaults. */
export interface DealerRow {
  game_id: number;
  game_code: string;
  name_zh: string;
  name_en: string;
  platform_id: number;
  platform_code: string;
  platform_name: string;
  type: string;
  game_status: number;
  enabled: number;
  rtp_target: number;
  tax_rate: number;
  min_bet: bigint;
  max_bet: bigint;
  updated_at: string;
}

/** The defaults of a dealer_game_config row (migration 0002). */
export const DEALER_DEFAULTS = { enabled: 1, rtp_target: 9600, tax_rate: 0, min_bet: 0n, max_bet: 0n } as const;

export interface GameFilter {
  gameIds?: readonly number[];
  platformId?: number;
  type?: string;
  keyword?: string;
}

/** Every game (of the filter) with its dealer config, in display order. */
export async function dealerRows(db: Kysely<DB>, f: GameFilter = {}): Promise<DealerRow[]> {
  let q = db
    .selectFrom('game as g')
    .innerJoin('platform as p', 'p.id', 'g.platform_id')
    .leftJoin('dealer_game_config as d', 'd.game_id', 'g.id')
    .select([
      'g.id as game_id',
      'g.code as game_code',
      'g.name_zh',
      'g.name_en',
      'g.platform_id',
      'p.code as platform_code',
      'p.name as platform_name',
      'g.type',
      'g.status as game_status',
      'd.enabled',
      'd.rtp_target',
      'd.tax_rate',
      int8Text(sql.ref('d.min_bet')).as('min_bet'),
      int8Text(sql.ref('d.max_bet')).as('max_bet'),
      'd.updated_at',
      'g.updated_at as game_updated_at',
    ])
    .orderBy('p.sort')
    .orderBy('g.platform_id')
    .orderBy('g.sort')
    .orderBy('g.id');
  if (f.gameIds) q = q.where('g.id', 'in', f.gameIds.length ? [...f.gameIds] : [0]);
  if (f.platformId) q = q.where('g.platform_id', '=', f.platformId);
  if (f.type) q = q.where('g.type', '=', f.type);
  if (f.keyword) {
    // Game codes hold underscores: typed wildcards are escaped, not dropped.
    const like = `%${f.keyword.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    const matches = (column: 'g.code' | 'g.name_zh' | 'g.name_en') => sql<boolean>`lower(${sql.ref(column)}) LIKE ${like} ESCAPE '\\'`;
    q = q.where((eb) => eb.or([matches('g.code'), matches('g.name_zh'), matches('g.name_en')]));
  }
  const rows = await q.execute();
  return rows.map((r) => ({
    game_id: toNumber(r.game_id),
    game_code: r.game_code,
    name_zh: r.name_zh,
    name_en: r.name_en,
    platform_id: toNumber(r.platform_id),
    platform_code: r.platform_code,
    platform_name: r.platform_name,
    type: r.type,
    game_status: toNumber(r.game_status),
    enabled: r.enabled === null ? DEALER_DEFAULTS.enabled : toNumber(r.enabled),
    rtp_target: r.rtp_target === null ? DEALER_DEFAULTS.rtp_target : toNumber(r.rtp_target),
    tax_rate: r.tax_rate === null ? DEALER_DEFAULTS.tax_rate : toNumber(r.tax_rate),
    min_bet: r.min_bet === null ? DEALER_DEFAULTS.min_bet : BigInt(r.min_bet),
    max_bet: r.max_bet === null ? DEALER_DEFAULTS.max_bet : BigInt(r.max_bet),
    // A game switched off itself changes what its configs mean, so its own change counts too.
    updated_at: r.updated_at && r.updated_at > r.game_updated_at ? r.updated_at : r.game_updated_at,
  }));
}

export type DealerValues = Partial<Pick<DealerRow, 'enabled' | 'rtp_target' | 'tax_rate' | 'min_bet' | 'max_bet'>>;

/** Writes a game's dealer config, creating the row (with the defaults for what is not given) the first time. */
export async function saveDealer(db: Kysely<DB>, gameId: number, values: DealerValues, now: string): Promise<void> {
  const updated = await db.updateTable('dealer_game_config').set({ ...values, updated_at: now }).where('game_id', '=', gameId).executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await db
    .insertInto('dealer_game_config')
    .values({ game_id: gameId, ...DEALER_DEFAULTS, room_tiers: '[]', ...values, created_at: now, updated_at: now })
    .execute();
}

/* ---- Agent configs ---- */

/** An agent and its place in the tree. */
export interface AgentNode {
  id: number;
  code: string;
  name: string;
  path: string;
  currency_id: number;
}

/** Ids of a tree path ("/1/5/12/" → [1, 5, 12]), root first. */
export const pathIds = (p: string): number[] => p.split('/').filter(Boolean).map(Number);

/** The agents of the given ids, or every agent. */
export async function agentNodes(db: Kysely<DB>, ids?: readonly number[]): Promise<AgentNode[]> {
  let q = db.selectFrom('agent').select(['id', 'code', 'name', 'path', 'currency_id']);
  if (ids) q = q.where('id', 'in', ids.length ? [...ids] : [0]);
  const rows = await q.execute();
  return rows.map((r) => ({ id: toNumber(r.id), code: r.code, name: r.name, path: r.path, currency_id: toNumber(r.currency_id) }));
}

/** One stored agent config: null override columns inherit. `enabled` 0 switches the game off here. */
export interface AgentConfigRow {
  agent_id: number;
  game_id: number;
  enabled: number;
  rtp_target: number | null;
  tax_rate: number | null;
  min_bet: bigint | null;
  max_bet: bigint | null;
  guarantee_rtp: number;
  new_player_protect_rounds: number;
  max_win_multiplier: number;
  updated_at: string;
}

/** The stored configs of the given agents (every agent when absent), of the given games (every game when absent). */
export async function agentConfigRows(db: Kysely<DB>, agentIds?: readonly number[], gameIds?: readonly number[]): Promise<AgentConfigRow[]> {
  let q = db
    .selectFrom('agent_game_config')
    .select([
      'agent_id',
      'game_id',
      'enabled',
      'rtp_target',
      'tax_rate',
      int8Text(sql.ref('min_bet')).as('min_bet'),
      int8Text(sql.ref('max_bet')).as('max_bet'),
      'guarantee_rtp',
      'new_player_protect_rounds',
      'max_win_multiplier',
      'updated_at',
    ]);
  if (agentIds) q = q.where('agent_id', 'in', agentIds.length ? [...agentIds] : [0]);
  if (gameIds) q = q.where('game_id', 'in', gameIds.length ? [...gameIds] : [0]);
  const rows = await q.execute();
  return rows.map((r) => ({
    agent_id: toNumber(r.agent_id),
    game_id: toNumber(r.game_id),
    enabled: toNumber(r.enabled),
    rtp_target: r.rtp_target === null ? null : toNumber(r.rtp_target),
    tax_rate: r.tax_rate === null ? null : toNumber(r.tax_rate),
    min_bet: r.min_bet === null ? null : BigInt(r.min_bet),
    max_bet: r.max_bet === null ? null : BigInt(r.max_bet),
    guarantee_rtp: toNumber(r.guarantee_rtp),
    new_player_protect_rounds: toNumber(r.new_player_protect_rounds),
    max_win_multiplier: toNumber(r.max_win_multiplier),
    updated_at: r.updated_at,
  }));
}

export type AgentConfigValues = Partial<Omit<AgentConfigRow, 'agent_id' | 'game_id' | 'updated_at'>>;

/** Writes an agent's config of a game, creating the row (inheriting everything, no protection) the first time. */
export async function saveAgentConfig(db: Kysely<DB>, agentId: number, gameId: number, values: AgentConfigValues, now: string): Promise<void> {
  const updated = await db
    .updateTable('agent_game_config')
    .set({ ...values, updated_at: now })
    .where('agent_id', '=', agentId)
    .where('game_id', '=', gameId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await db
    .insertInto('agent_game_config')
    .values({
      agent_id: agentId,
      game_id: gameId,
      enabled: 1,
      rtp_target: null,
      tax_rate: null,
      min_bet: null,
      max_bet: null,
      room_tiers: null,
      guarantee_rtp: 0,
      new_player_protect_rounds: 0,
      max_win_multiplier: 0,
      ...values,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** The prize pool id of each game of an agent. */
export async function poolIdsOfAgent(db: Kysely<DB>, agentId: number): Promise<Map<number, number>> {
  const rows = await db.selectFrom('prize_pool').select(['id', 'game_id']).where('agent_id', '=', agentId).execute();
  return new Map(rows.map((r) => [toNumber(r.game_id), toNumber(r.id)]));
}

/* ---- Prize pools ---- */

export interface PoolRow {
  id: number;
  agent_id: number;
  agent_code: string;
  agent_name: string;
  game_id: number;
  game_code: string;
  name_zh: string;
  name_en: string;
  currency_code: string;
  pool_amount: bigint;
  seed_amount: bigint;
  contribution_rate: number;
  trigger_threshold: bigint;
  cap_amount: bigint;
  status: number;
  updated_at: string;
}

export interface PoolFilter {
  id?: number;
  agentId?: number;
  gameId?: number;
  /** Changed after this instant (ISO-8601 UTC text compares as time). */
  changedAfter?: string;
}

function poolQuery(db: Kysely<DB>, f: PoolFilter) {
  let q = db
    .selectFrom('prize_pool as pp')
    .innerJoin('agent as a', 'a.id', 'pp.agent_id')
    .innerJoin('game as g', 'g.id', 'pp.game_id')
    .innerJoin('currency as c', 'c.id', 'a.currency_id');
  if (f.id) q = q.where('pp.id', '=', f.id);
  if (f.agentId) q = q.where('pp.agent_id', '=', f.agentId);
  if (f.gameId) q = q.where('pp.game_id', '=', f.gameId);
  if (f.changedAfter) q = q.where('pp.updated_at', '>', f.changedAfter);
  return q;
}

export async function listPools(db: Kysely<DB>, f: PoolFilter, page: number, pageSize: number): Promise<{ total: number; rows: PoolRow[] }> {
  const count = await poolQuery(db, f).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const rows = await poolQuery(db, f)
    .select([
      'pp.id',
      'pp.agent_id',
      'a.code as agent_code',
      'a.name as agent_name',
      'pp.game_id',
      'g.code as game_code',
      'g.name_zh',
      'g.name_en',
      'c.code as currency_code',
      int8Text(sql.ref('pp.pool_amount')).as('pool_amount'),
      int8Text(sql.ref('pp.seed_amount')).as('seed_amount'),
      'pp.contribution_rate',
      int8Text(sql.ref('pp.trigger_threshold')).as('trigger_threshold'),
      int8Text(sql.ref('pp.cap_amount')).as('cap_amount'),
      'pp.status',
      'pp.updated_at',
    ])
    .orderBy('pp.agent_id')
    .orderBy('pp.game_id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return {
    total: toNumber(count.n),
    rows: rows.map((r) => ({
      ...r,
      id: toNumber(r.id),
      agent_id: toNumber(r.agent_id),
      game_id: toNumber(r.game_id),
      pool_amount: BigInt(r.pool_amount),
      seed_amount: BigInt(r.seed_amount),
      contribution_rate: toNumber(r.contribution_rate),
      trigger_threshold: BigInt(r.trigger_threshold),
      cap_amount: BigInt(r.cap_amount),
      status: toNumber(r.status),
    })),
  };
}

export async function findPool(db: Kysely<DB>, f: PoolFilter): Promise<PoolRow | undefined> {
  return (await listPools(db, f, 1, 1)).rows[0];
}

/**
 * Locks a pool's row for the rest of the transaction (PostgreSQL), so a clean reads the amount a
 * batch in flight leaves and the batch after it adds to the seed. SQLite serializes writers anyway.
 */
export async function lockPool(db: Kysely<DB>, dialect: Dialect, id: number): Promise<void> {
  if (dialect === 'postgres') await db.selectFrom('prize_pool').select('id').where('id', '=', id).forUpdate().execute();
}

export interface PoolValues {
  seed_amount: bigint;
  contribution_rate: number;
  trigger_threshold: bigint;
  cap_amount: bigint;
  status: number;
}

export async function insertPool(db: Kysely<DB>, agentId: number, gameId: number, v: PoolValues, now: string): Promise<number> {
  const row = await db
    .insertInto('prize_pool')
    .values({ agent_id: agentId, game_id: gameId, pool_amount: v.seed_amount, ...v, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return toNumber(row.id);
}

export async function updatePool(db: Kysely<DB>, id: number, v: Partial<PoolValues> & { pool_amount?: bigint }, now: string): Promise<void> {
  await db.updateTable('prize_pool').set({ ...v, updated_at: now }).where('id', '=', id).execute();
}

export async function insertClean(
  db: Kysely<DB>,
  c: { prize_pool_id: number; before_amount: bigint; after_amount: bigint; operator_id: number | null; operator_account: string; remark: string },
  now: string,
): Promise<void> {
  await db.insertInto('prize_pool_clean').values({ ...c, created_at: now }).execute();
}

export interface CleanFilter {
  poolId?: number;
  agentId?: number;
  gameId?: number;
}

export async function listCleans(db: Kysely<DB>, f: CleanFilter, page: number, pageSize: number) {
  const base = () => {
    let q = db
      .selectFrom('prize_pool_clean as pc')
      .innerJoin('prize_pool as pp', 'pp.id', 'pc.prize_pool_id')
      .innerJoin('agent as a', 'a.id', 'pp.agent_id')
      .innerJoin('game as g', 'g.id', 'pp.game_id')
      .innerJoin('currency as c', 'c.id', 'a.currency_id');
    if (f.poolId) q = q.where('pc.prize_pool_id', '=', f.poolId);
    if (f.agentId) q = q.where('pp.agent_id', '=', f.agentId);
    if (f.gameId) q = q.where('pp.game_id', '=', f.gameId);
    return q;
  };
  const count = await base().select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const rows = await base()
    // A prize's bet and player (a clean has neither).
    .leftJoin('bet as b', 'b.id', 'pc.bet_ref')
    .leftJoin('player as pl', 'pl.id', 'pc.player_id')
    .select([
      'pc.id',
      'pc.prize_pool_id',
      'pc.kind',
      'a.code as agent_code',
      'g.code as game_code',
      'c.code as currency_code',
      int8Text(sql.ref('pc.before_amount')).as('before_amount'),
      int8Text(sql.ref('pc.after_amount')).as('after_amount'),
      'pc.operator_account',
      'pc.remark',
      'pc.created_at',
      'b.bet_id',
      'pc.player_id',
      'pl.account as player_account',
    ])
    .orderBy('pc.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return {
    total: toNumber(count.n),
    rows: rows.map((r) => ({
      ...r,
      id: toNumber(r.id),
      prize_pool_id: toNumber(r.prize_pool_id),
      before_amount: BigInt(r.before_amount),
      after_amount: BigInt(r.after_amount),
      player_id: r.player_id === null ? null : toNumber(r.player_id),
    })),
  };
}

/** An enabled pool as the ingest's prize path holds it: locked for the batch's transaction. */
export interface LockedPool {
  id: number;
  agent_id: number;
  game_id: number;
  pool_amount: bigint;
  cap_amount: bigint;
}

/**
 * The enabled pools of the given agent and game pairs, by "agent:game", locked for the rest of the
 * transaction (PostgreSQL: in id order, as addPoolContributions locks them, so two batches cannot
 * deadlock; SQLite: the batch holds the write lock already). Their amounts are read after the lock,
 * so a concurrent batch's prizes are seen before this one pays its own.
 */
export async function lockEnabledPools(db: Kysely<DB>, dialect: Dialect, pairs: ReadonlyArray<{ agent_id: number; game_id: number }>): Promise<Map<string, LockedPool>> {
  const out = new Map<string, LockedPool>();
  const agentIds = [...new Set(pairs.map((p) => p.agent_id))];
  if (agentIds.length === 0) return out;
  const wanted = new Set(pairs.map((p) => `${p.agent_id}:${p.game_id}`));
  let q = db
    .selectFrom('prize_pool')
    .select(['id', 'agent_id', 'game_id', int8Text(sql.ref('pool_amount')).as('pool_amount'), int8Text(sql.ref('cap_amount')).as('cap_amount')])
    .where('status', '=', 1)
    .where('agent_id', 'in', agentIds)
    .orderBy('id');
  if (dialect === 'postgres') q = q.forUpdate();
  for (const r of await q.execute()) {
    const key = `${toNumber(r.agent_id)}:${toNumber(r.game_id)}`;
    if (!wanted.has(key)) continue;
    out.set(key, { id: toNumber(r.id), agent_id: toNumber(r.agent_id), game_id: toNumber(r.game_id), pool_amount: BigInt(r.pool_amount), cap_amount: BigInt(r.cap_amount) });
  }
  return out;
}

/**
 * The pools that paid the prizes of the bets `betIds` (their prize rows in the history), by bet id,
 * locked for the transaction in id order on PostgreSQL, with the amounts they hold now.
 */
export async function lockPrizePoolsOfBets(db: Kysely<DB>, dialect: Dialect, betIds: readonly number[]): Promise<Map<number, { id: number; pool_amount: bigint }>> {
  const out = new Map<number, { id: number; pool_amount: bigint }>();
  if (betIds.length === 0) return out;
  const { rows } = await sql<{ bet_ref: unknown; id: unknown; pool_amount: string }>`SELECT h.bet_ref, p.id, CAST(p.pool_amount AS TEXT) AS pool_amount
    FROM prize_pool_clean h JOIN prize_pool p ON p.id = h.prize_pool_id
    WHERE h.kind = 'prize' AND h.bet_ref IN (${sql.join([...betIds])})
    ORDER BY p.id${dialect === 'postgres' ? sql` FOR UPDATE OF p` : sql``}`.execute(db);
  for (const r of rows) out.set(toNumber(r.bet_ref), { id: toNumber(r.id), pool_amount: BigInt(r.pool_amount) });
  return out;
}

/** Writes the pools' new amounts (one UPDATE per pool: a batch with prizes touches few). */
export async function setPoolAmounts(db: Kysely<DB>, amounts: ReadonlyArray<{ id: number; pool_amount: bigint }>, now: string): Promise<void> {
  for (const a of amounts) await db.updateTable('prize_pool').set({ pool_amount: a.pool_amount, updated_at: now }).where('id', '=', a.id).execute();
}

/** A jackpot prize (or a prize returned by its bet's cancellation) in its pool's history: the bet, its player and the pool before and after. */
export interface PrizeHistoryRow {
  kind: 'prize' | 'prize_cancel';
  prize_pool_id: number;
  bet_ref: number;
  player_id: number;
  before_amount: bigint;
  after_amount: bigint;
  /** When it was won: the bet's settle time (ISO), the history's time of a prize. */
  created_at: string;
}

export async function insertPrizeHistory(db: Kysely<DB>, rows: readonly PrizeHistoryRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('prize_pool_clean')
    .values(rows.map((r) => ({ ...r, operator_id: null, operator_account: '', remark: '' })))
    .execute();
}

/**
 * The ingest's part (docs/product.md, "Prize pools"): each stored bet of the batch adds its jackpot_contribution to the
 * enabled pool of its agent and game, in the batch's transaction, never past the cap when the cap
 * is above 0 (a pool already at or above its cap stays where it is) and never past the largest
 * amount a column holds. The batch's contributions are summed per agent and game first, which
 * gives the same amount as adding them one by one: they are never negative, so capping the sum
 * once equals capping after each bet.
 *
 * SQLite: the keys of the enabled pools (a small table, read whole by one statement prepared once),
 * then one prepared single-row UPDATE per agent and game of the batch that has one, through the
 * pool's unique (agent_id, game_id) key. PostgreSQL:
 * the pools are locked in id order first (two batches in flight touch them in the same order and
 * cannot deadlock), then updated in one statement; the second batch adds to what the first left.
 */
export async function addPoolContributions(db: Kysely<DB>, dialect: Dialect, bets: readonly SettledBet[], now: string): Promise<void> {
  const sums = new Map<number, Map<number, bigint>>();
  for (const b of bets) {
    if (b.jackpot_contribution <= 0n) continue;
    let games = sums.get(b.agent_id);
    if (!games) sums.set(b.agent_id, (games = new Map()));
    games.set(b.game_id, (games.get(b.game_id) ?? 0n) + b.jackpot_contribution);
  }
  if (sums.size === 0) return;
  const agents: string[] = [];
  const games: string[] = [];
  const adds: bigint[] = [];
  for (const [agentId, byGame] of sums) {
    for (const [gameId, sum] of byGame) {
      agents.push(String(agentId));
      games.push(String(gameId));
      adds.push(sum > MONEY_UNITS_MAX ? MONEY_UNITS_MAX : sum);
    }
  }
  if (dialect === 'postgres') {
    const values = sql`unnest(CAST(${agents} AS bigint[]), CAST(${games} AS bigint[]), CAST(${adds.map(String)} AS bigint[])) AS v(agent_id, game_id, add)`;
    const locked = await sql<{ id: string }>`SELECT p.id FROM prize_pool p JOIN ${values} ON p.agent_id = v.agent_id AND p.game_id = v.game_id
      WHERE p.status = 1 ORDER BY p.id FOR UPDATE OF p`.execute(db);
    if (locked.rows.length === 0) return;
    await sql`UPDATE prize_pool SET pool_amount = CASE
        WHEN cap_amount > 0 THEN CASE WHEN pool_amount >= cap_amount THEN pool_amount WHEN pool_amount > cap_amount - v.add THEN cap_amount ELSE pool_amount + v.add END
        ELSE CASE WHEN pool_amount > ${sql.lit(MONEY_UNITS_MAX.toString())}::bigint - v.add THEN ${sql.lit(MONEY_UNITS_MAX.toString())}::bigint ELSE pool_amount + v.add END
      END, updated_at = ${now}
      FROM ${values} WHERE prize_pool.agent_id = v.agent_id AND prize_pool.game_id = v.game_id AND prize_pool.status = 1`.execute(db);
    return;
  }
  // Which agent and game pairs have an enabled pool: one statement whose text never changes (SQLite
  // prepares it once) over a small table, so a batch updates only those, not every pair it holds.
  const enabled = await db.selectFrom('prize_pool').select(['agent_id', 'game_id']).where('status', '=', 1).execute();
  const pooled = new Set(enabled.map((p) => `${toNumber(p.agent_id)}:${toNumber(p.game_id)}`));
  const params: unknown[] = [];
  for (let i = 0; i < adds.length; i++) {
    if (!pooled.has(`${agents[i]}:${games[i]}`)) continue;
    const add = adds[i]!;
    params.push(add, add, MONEY_UNITS_MAX, add, MONEY_UNITS_MAX, add, now, Number(agents[i]), Number(games[i]));
  }
  if (params.length === 0) return;
  await db.executeQuery(
    CompiledQuery.raw(
      `${PER_ROW}UPDATE prize_pool SET pool_amount = CASE
        WHEN cap_amount > 0 THEN CASE WHEN pool_amount >= cap_amount THEN pool_amount WHEN pool_amount > cap_amount - ? THEN cap_amount ELSE pool_amount + ? END
        ELSE CASE WHEN pool_amount > ? - ? THEN ? ELSE pool_amount + ? END
      END, updated_at = ? WHERE agent_id = ? AND game_id = ? AND status = 1`,
      params,
    ),
  );
}

/* ---- What game servers read ---- */

/** The newest change among the tables a game server reads, to answer "changed since" without reading them. */
export async function latestChange(db: Kysely<DB>): Promise<string | null> {
  const [d, a, p, c, g] = await Promise.all([
    db.selectFrom('dealer_game_config').select((eb) => eb.fn.max('updated_at').as('t')).executeTakeFirst(),
    db.selectFrom('agent_game_config').select((eb) => eb.fn.max('updated_at').as('t')).executeTakeFirst(),
    db.selectFrom('prize_pool').select((eb) => eb.fn.max('updated_at').as('t')).executeTakeFirst(),
    db.selectFrom('point_control').select((eb) => eb.fn.max('updated_at').as('t')).executeTakeFirst(),
    db.selectFrom('game').select((eb) => eb.fn.max('updated_at').as('t')).executeTakeFirst(),
  ]);
  const all = [d?.t, a?.t, p?.t, c?.t, g?.t].filter((t): t is string => typeof t === 'string');
  return all.length ? all.sort().at(-1)! : null;
}

export interface ControlForServer {
  id: number;
  agent_id: number;
  agent_code: string;
  player_account: string;
  game_code: string | null;
  direction: string;
  target_amount: bigint;
  achieved_amount: bigint;
  intensity: number;
  status: string;
  updated_at: string;
}

/** Active point controls, or (with `changedAfter`) every control changed since, whatever its status. */
export async function controlsForServer(db: Kysely<DB>, f: { agentId?: number; changedAfter?: string }): Promise<ControlForServer[]> {
  let q = db
    .selectFrom('point_control as pc')
    .innerJoin('player as p', 'p.id', 'pc.player_id')
    .innerJoin('agent as a', 'a.id', 'p.agent_id')
    .leftJoin('game as g', 'g.id', 'pc.game_id')
    .select([
      'pc.id',
      'p.agent_id',
      'a.code as agent_code',
      'p.account as player_account',
      'g.code as game_code',
      'pc.direction',
      int8Text(sql.ref('pc.target_amount')).as('target_amount'),
      int8Text(sql.ref('pc.achieved_amount')).as('achieved_amount'),
      'pc.intensity',
      'pc.status',
      'pc.updated_at',
    ])
    .orderBy('pc.id');
  q = f.changedAfter ? q.where('pc.updated_at', '>', f.changedAfter) : q.where('pc.status', '=', 'active');
  if (f.agentId) q = q.where('p.agent_id', '=', f.agentId);
  const rows = await q.execute();
  return rows.map((r) => ({
    ...r,
    id: toNumber(r.id),
    agent_id: toNumber(r.agent_id),
    game_code: r.game_code ?? null,
    target_amount: BigInt(r.target_amount),
    achieved_amount: BigInt(r.achieved_amount),
    intensity: toNumber(r.intensity),
  }));
}

/** The agent of a code in any letter case (docs/product.md, "Agents"), or undefined. */
export async function agentIdByCode(db: Kysely<DB>, code: string): Promise<number | undefined> {
  const r = await db.selectFrom('agent').select('id').where((eb) => eb(eb.fn('lower', ['code']), '=', code.toLowerCase())).executeTakeFirst();
  return r ? toNumber(r.id) : undefined;
}
