import type { Kysely } from 'kysely';
import { ErrorCode, formatMoney, parseMoney, type CallParsed, type game } from '@console/contract';
import type { DB } from '../../db/schema.ts';
import { apiError } from '../../lib/api-error.ts';
import { changedFields } from '../../lib/changes.ts';
import { nowIso } from '../../lib/time.ts';
import type { CallContext } from '../../plugins/calls.ts';
import {
  agentConfigRows,
  agentNodes,
  dealerRows,
  listGames,
  pathIds,
  poolIdsOfAgent,
  saveAgentConfig,
  saveDealer,
  type AgentConfigRow,
  type AgentConfigValues,
  type AgentNode,
  type DealerRow,
  type DealerValues,
} from './repository.ts';

/** Every game with its platform, in the platform's then the game's display order. */
export async function gameList(db: Kysely<DB>) {
  const list = await listGames(db);
  return { list, total: list.length };
}

/* ---- Inheritance (docs/product.md, "Game config") ---- */

type Field = game.ConfigField;
type ValueField = Exclude<Field, 'enabled'>;
const VALUE_FIELDS: readonly ValueField[] = ['rtp_target', 'tax_rate', 'min_bet', 'max_bet'];

/** A game's effective config for one agent, and where each value comes from. */
export interface Effective {
  enabled: 0 | 1;
  off_reason: game.OffReason | null;
  parent_enabled: 0 | 1;
  rtp_target: number;
  tax_rate: number;
  min_bet: bigint;
  max_bet: bigint;
  overrides: Field[];
  sources: Record<Field, game.ConfigSource>;
  guarantee_rtp: number;
  new_player_protect_rounds: number;
  max_win_multiplier: number;
  /** The newest change among the rows it is made of. */
  updated_at: string;
}

const DEALER_SOURCE: game.ConfigSource = { level: 'dealer', agent_id: null, agent_code: null };

/**
 * The effective config of a game for the last agent of `chain` (the agents from the top down to
 * it). Each value is the nearest one set along the chain, from the agent up, else the dealer
 * config's. The game is on only when the game itself, the dealer config, every ancestor and the
 * agent enable it; the reason names the highest level that switches it off.
 */
export function effectiveConfig(dealer: DealerRow, chain: readonly AgentNode[], configOf: (agentId: number) => AgentConfigRow | undefined): Effective {
  const self = chain[chain.length - 1]!;
  const own = configOf(self.id);
  let updated = dealer.updated_at;
  const sourceOf = (a: AgentNode): game.ConfigSource => ({ level: a.id === self.id ? 'self' : 'ancestor', agent_id: a.id, agent_code: a.code });

  let off: game.OffReason | null = null;
  if (dealer.game_status !== 1) off = { level: 'game', agent_id: null, agent_code: null };
  else if (dealer.enabled !== 1) off = { level: 'dealer', agent_id: null, agent_code: null };
  const values: Record<ValueField, number | bigint> = { rtp_target: dealer.rtp_target, tax_rate: dealer.tax_rate, min_bet: dealer.min_bet, max_bet: dealer.max_bet };
  const sources: Record<Field, game.ConfigSource> = { enabled: DEALER_SOURCE, rtp_target: DEALER_SOURCE, tax_rate: DEALER_SOURCE, min_bet: DEALER_SOURCE, max_bet: DEALER_SOURCE };
  for (const a of chain) {
    const c = configOf(a.id);
    if (!c) continue;
    if (c.updated_at > updated) updated = c.updated_at;
    if (c.enabled === 0 && !off) {
      off = { level: a.id === self.id ? 'self' : 'ancestor', agent_id: a.id, agent_code: a.code };
      sources.enabled = sourceOf(a);
    }
    for (const f of VALUE_FIELDS) {
      const v = c[f];
      if (v === null) continue;
      values[f] = v;
      sources[f] = sourceOf(a);
    }
  }
  const overrides = (['enabled', ...VALUE_FIELDS] as Field[]).filter((f) => (f === 'enabled' ? own?.enabled === 0 : own?.[f] != null));
  return {
    enabled: off ? 0 : 1,
    off_reason: off,
    parent_enabled: off && off.level !== 'self' ? 0 : 1,
    rtp_target: values.rtp_target as number,
    tax_rate: values.tax_rate as number,
    min_bet: values.min_bet as bigint,
    max_bet: values.max_bet as bigint,
    overrides,
    sources,
    guarantee_rtp: own?.guarantee_rtp ?? 0,
    new_player_protect_rounds: own?.new_player_protect_rounds ?? 0,
    max_win_multiplier: own?.max_win_multiplier ?? 0,
    updated_at: updated,
  };
}

/** The agents of a tree path, from the top down. */
function chainOf(agent: AgentNode, byId: ReadonlyMap<number, AgentNode>): AgentNode[] {
  return pathIds(agent.path)
    .map((id) => byId.get(id))
    .filter((a): a is AgentNode => a !== undefined);
}

/** The configs of agents × games, looked up by both. */
function configIndex(rows: readonly AgentConfigRow[]) {
  const index = new Map<string, AgentConfigRow>();
  for (const r of rows) index.set(`${r.agent_id}:${r.game_id}`, r);
  return (agentId: number, gameId: number) => index.get(`${agentId}:${gameId}`);
}

const noAgent = () => apiError(ErrorCode.InvalidParameter, 'agent_id：代理不存在', 'agent_id: no such agent');
const noGame = () => apiError(ErrorCode.InvalidParameter, 'game_id：游戏不存在', 'game_id: no such game');

/** An agent with the agents above it, or a refusal. */
async function agentWithChain(db: Kysely<DB>, agentId: number): Promise<AgentNode[]> {
  const [agent] = await agentNodes(db, [agentId]);
  if (!agent) throw noAgent();
  const chain = await agentNodes(db, pathIds(agent.path));
  return chainOf(agent, new Map(chain.map((a) => [a.id, a])));
}

async function oneGame(db: Kysely<DB>, gameId: number): Promise<DealerRow> {
  const [row] = await dealerRows(db, { gameIds: [gameId] });
  if (!row) throw noGame();
  return row;
}

const gameFilterOf = (input: { platform_id?: number; type?: string; keyword?: string }) => ({
  platformId: input.platform_id || undefined,
  type: input.type || undefined,
  keyword: input.keyword || undefined,
});

const gameColumns = (d: DealerRow) => ({
  game_id: d.game_id,
  game_code: d.game_code,
  name_zh: d.name_zh,
  name_en: d.name_en,
  platform_id: d.platform_id,
  platform_code: d.platform_code,
  platform_name: d.platform_name,
  type: d.type,
});

/* ---- Dealer config (901) ---- */

export async function dealerList(input: CallParsed<typeof game.gameDealerList>, ctx: CallContext) {
  const rows = await dealerRows(ctx.db, gameFilterOf(input));
  const page = rows.slice((input.page - 1) * input.page_size, input.page * input.page_size);
  return {
    total: rows.length,
    list: page.map((d) => ({
      ...gameColumns(d),
      enabled: d.enabled === 1 ? (1 as const) : (0 as const),
      rtp_target: d.rtp_target,
      tax_rate: d.tax_rate,
      min_bet: formatMoney(d.min_bet),
      max_bet: formatMoney(d.max_bet),
      updated_at: d.updated_at,
    })),
  };
}

const betLimitRefusal = (min: bigint, max: bigint) =>
  apiError(
    ErrorCode.InvalidParameter,
    `min_bet：最小投注（${formatMoney(min)}）不能大于最大投注（${formatMoney(max)}）`,
    `min_bet: the minimum bet (${formatMoney(min)}) must not exceed the maximum bet (${formatMoney(max)})`,
  );

/** What the operation log shows of a dealer config: money as decimal strings. */
const dealerView = (d: Pick<DealerRow, 'enabled' | 'rtp_target' | 'tax_rate' | 'min_bet' | 'max_bet'>) => ({
  enabled: d.enabled,
  rtp_target: d.rtp_target,
  tax_rate: d.tax_rate,
  min_bet: formatMoney(d.min_bet),
  max_bet: formatMoney(d.max_bet),
});

export async function dealerEdit(input: CallParsed<typeof game.gameDealerEdit>, ctx: CallContext): Promise<null> {
  const d = await oneGame(ctx.db, input.game_id);
  const wanted: DealerValues = {};
  if (input.enabled !== undefined) wanted.enabled = input.enabled;
  if (input.rtp_target !== undefined) wanted.rtp_target = input.rtp_target;
  if (input.tax_rate !== undefined) wanted.tax_rate = input.tax_rate;
  if (input.min_bet !== undefined) wanted.min_bet = parseMoney(input.min_bet);
  if (input.max_bet !== undefined) wanted.max_bet = parseMoney(input.max_bet);
  const after = { ...d, ...wanted };
  if (after.min_bet > after.max_bet) throw betLimitRefusal(after.min_bet, after.max_bet);
  const changes = changedFields(dealerView(d), dealerView(after));
  if (Object.keys(changes).length > 0) await saveDealer(ctx.db, d.game_id, wanted, nowIso());
  ctx.audit(`game:${d.game_id} ${d.game_code}`, { changes });
  return null;
}

export async function dealerEnable(input: CallParsed<typeof game.gameDealerEnable>, ctx: CallContext) {
  const ids = [...new Set(input.game_ids)];
  const rows = await dealerRows(ctx.db, { gameIds: ids });
  if (rows.length < ids.length) {
    const found = new Set(rows.map((r) => r.game_id));
    const missing = ids.filter((id) => !found.has(id));
    throw apiError(ErrorCode.InvalidParameter, `game_ids：游戏不存在（${missing.join(', ')}）`, `game_ids: no such game (${missing.join(', ')})`);
  }
  const now = nowIso();
  const changed = rows.filter((r) => r.enabled !== input.enabled);
  for (const r of changed) await saveDealer(ctx.db, r.game_id, { enabled: input.enabled }, now);
  ctx.audit(`games:${changed.map((r) => r.game_code).join(',')}`, {
    changes: Object.fromEntries(changed.map((r) => [r.game_code, { enabled: { before: r.enabled, after: input.enabled } }])),
  });
  return { changed: changed.length };
}

/* ---- Agent config (902) ---- */

function agentItem(d: DealerRow, agentId: number, e: Effective, poolId: number | undefined): game.AgentConfigItem {
  return {
    ...gameColumns(d),
    agent_id: agentId,
    enabled: e.enabled,
    off_reason: e.off_reason,
    parent_enabled: e.parent_enabled,
    rtp_target: e.rtp_target,
    tax_rate: e.tax_rate,
    min_bet: formatMoney(e.min_bet),
    max_bet: formatMoney(e.max_bet),
    overrides: e.overrides,
    sources: e.sources,
    guarantee_rtp: e.guarantee_rtp,
    new_player_protect_rounds: e.new_player_protect_rounds,
    max_win_multiplier: e.max_win_multiplier,
    prize_pool_id: poolId ?? null,
  };
}

export async function agentConfigList(input: CallParsed<typeof game.gameAgentList>, ctx: CallContext) {
  const chain = await agentWithChain(ctx.db, input.agent_id);
  const games = await dealerRows(ctx.db, { ...gameFilterOf(input), gameIds: input.game_id ? [input.game_id] : undefined });
  const configOf = configIndex(await agentConfigRows(ctx.db, chain.map((a) => a.id), input.game_id ? [input.game_id] : undefined));
  const pools = await poolIdsOfAgent(ctx.db, input.agent_id);
  const page = games.slice((input.page - 1) * input.page_size, input.page * input.page_size);
  return {
    total: games.length,
    list: page.map((d) => agentItem(d, input.agent_id, effectiveConfig(d, chain, (a) => configOf(a, d.game_id)), pools.get(d.game_id))),
  };
}

/** Who switches a game off above an agent, in words, for the refusal to enable it there. */
function offAbove(reason: game.OffReason, gameCode: string) {
  if (reason.level === 'game') return apiError(ErrorCode.InvalidParameter, `游戏 ${gameCode} 已停用，不能启用`, `The game ${gameCode} is switched off itself and cannot be enabled`);
  if (reason.level === 'dealer') {
    return apiError(ErrorCode.InvalidParameter, `游戏 ${gameCode} 已在总台配置中禁用，不能为代理启用`, `The game ${gameCode} is disabled in the house default config and cannot be enabled for an agent`);
  }
  return apiError(
    ErrorCode.InvalidParameter,
    `游戏 ${gameCode} 已被上级代理 ${reason.agent_code} 禁用，不能在此启用`,
    `The game ${gameCode} is disabled by the parent agent ${reason.agent_code} and cannot be enabled here`,
  );
}

/** What the operation log shows of an agent's own values: null = inherited. */
const ownView = (c: AgentConfigValues | undefined) => ({
  enabled: c?.enabled === 0 ? 0 : null,
  rtp_target: c?.rtp_target ?? null,
  tax_rate: c?.tax_rate ?? null,
  min_bet: c?.min_bet == null ? null : formatMoney(c.min_bet),
  max_bet: c?.max_bet == null ? null : formatMoney(c.max_bet),
});

export async function agentConfigEdit(input: CallParsed<typeof game.gameAgentEdit>, ctx: CallContext): Promise<null> {
  const chain = await agentWithChain(ctx.db, input.agent_id);
  const self = chain[chain.length - 1]!;
  const d = await oneGame(ctx.db, input.game_id);
  const stored = await agentConfigRows(ctx.db, chain.map((a) => a.id), [d.game_id]);
  const configOf = configIndex(stored);
  const own = configOf(self.id, d.game_id);
  const before = effectiveConfig(d, chain, (a) => configOf(a, d.game_id));

  // `enabled` 1 and null both mean "not switched off here": only 0 is stored as an override.
  const wanted: AgentConfigValues = {};
  if (input.enabled !== undefined) {
    if (input.enabled === 1 && before.parent_enabled === 0) throw offAbove(before.off_reason!, d.game_code);
    wanted.enabled = input.enabled === 0 ? 0 : 1;
  }
  if (input.rtp_target !== undefined) wanted.rtp_target = input.rtp_target;
  if (input.tax_rate !== undefined) wanted.tax_rate = input.tax_rate;
  if (input.min_bet !== undefined) wanted.min_bet = input.min_bet === null ? null : parseMoney(input.min_bet);
  if (input.max_bet !== undefined) wanted.max_bet = input.max_bet === null ? null : parseMoney(input.max_bet);

  const next: AgentConfigRow = {
    agent_id: self.id,
    game_id: d.game_id,
    enabled: 1,
    rtp_target: null,
    tax_rate: null,
    min_bet: null,
    max_bet: null,
    guarantee_rtp: 0,
    new_player_protect_rounds: 0,
    max_win_multiplier: 0,
    ...own,
    ...wanted,
    updated_at: '',
  } as AgentConfigRow;
  const after = effectiveConfig(d, chain, (a) => (a === self.id ? next : configOf(a, d.game_id)));
  if (after.min_bet > after.max_bet) throw betLimitRefusal(after.min_bet, after.max_bet);

  const changes = changedFields(ownView(own), ownView(next));
  if (Object.keys(changes).length > 0) await saveAgentConfig(ctx.db, self.id, d.game_id, wanted, nowIso());
  ctx.audit(`agent:${self.id} ${self.code} game:${d.game_id} ${d.game_code}`, { changes });
  return null;
}

export async function protectEdit(input: CallParsed<typeof game.gameProtectEdit>, ctx: CallContext): Promise<null> {
  const chain = await agentWithChain(ctx.db, input.agent_id);
  const self = chain[chain.length - 1]!;
  const d = await oneGame(ctx.db, input.game_id);
  const configOf = configIndex(await agentConfigRows(ctx.db, chain.map((a) => a.id), [d.game_id]));
  const e = effectiveConfig(d, chain, (a) => configOf(a, d.game_id));
  const g = input.guarantee_rtp;
  if (g !== 0 && g < 5000) {
    throw apiError(ErrorCode.InvalidParameter, 'guarantee_rtp：保底 RTP 为 0（关闭）或 5000–10000 基点', 'guarantee_rtp: must be 0 (off) or 5000–10000 basis points');
  }
  if (g > e.rtp_target) {
    throw apiError(
      ErrorCode.InvalidParameter,
      `guarantee_rtp：保底 RTP（${g}）不能高于 RTP 目标（${e.rtp_target}）`,
      `guarantee_rtp: the guaranteed RTP (${g}) must not exceed the RTP target (${e.rtp_target})`,
    );
  }
  const wanted = { guarantee_rtp: g, new_player_protect_rounds: input.new_player_protect_rounds, max_win_multiplier: input.max_win_multiplier };
  const beforeView = { guarantee_rtp: e.guarantee_rtp, new_player_protect_rounds: e.new_player_protect_rounds, max_win_multiplier: e.max_win_multiplier };
  const changes = changedFields(beforeView, wanted);
  if (Object.keys(changes).length > 0) await saveAgentConfig(ctx.db, self.id, d.game_id, wanted, nowIso());
  ctx.audit(`agent:${self.id} ${self.code} game:${d.game_id} ${d.game_code}`, { changes });
  return null;
}

/* ---- Every agent × game, for the game servers ---- */

export interface EffectiveRow {
  agent: AgentNode;
  game: DealerRow;
  config: Effective;
}

/** The effective config of every game for one agent, or for every agent. */
export async function effectiveForAgents(db: Kysely<DB>, agentId?: number): Promise<EffectiveRow[]> {
  const all = await agentNodes(db);
  const byId = new Map(all.map((a) => [a.id, a]));
  const agents = agentId ? all.filter((a) => a.id === agentId) : all;
  const games = await dealerRows(db);
  const chains = agents.map((a) => chainOf(a, byId));
  const involved = agentId ? [...new Set(chains.flat().map((a) => a.id))] : undefined;
  const configOf = configIndex(await agentConfigRows(db, involved));
  const out: EffectiveRow[] = [];
  for (const [i, agent] of agents.entries()) {
    for (const g of games) out.push({ agent, game: g, config: effectiveConfig(g, chains[i]!, (a) => configOf(a, g.game_id)) });
  }
  return out;
}
