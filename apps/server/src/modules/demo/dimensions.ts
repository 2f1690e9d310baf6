import type { Kysely } from 'kysely';
import { AGENT_PERMISSION_CODES, normalizeAgentPermissions } from '@console/contract';
import type { DB } from '../../db/schema.ts';
import { clientPasswordHash, hashPassword } from '../../lib/passwords.ts';
import { toNumber } from '../../db/sql.ts';
import { addKey, insertKey } from '../key/public.ts';
import { encryptSecret, keyEncryptionKey, type KeySource } from '../../lib/secret-box.ts';
import type { Rng } from './random.ts';

/**
 * The demo's fixed dimensions: currencies, platforms, games, the agent tree with its admin levels
 * and agent users, game configs and prize pools, and its operations (domains, keys).
 */


export interface CurrencyDef {
  code: string;
  name: string;
  symbol: string;
  decimals: number;
  rate: string;
  /** Value of one "stake step" in this currency, in 1/10000 units (≈ 1 CNY). */
  unit: bigint;
  /** Amounts are rounded to this many 1/10000 units (VND has no small coins). */
  round: bigint;
}

const CURRENCIES: CurrencyDef[] = [
  { code: 'CNY', name: '人民币', symbol: '¥', decimals: 2, rate: '1.0000', unit: 10_000n, round: 100n },
  { code: 'USD', name: '美元', symbol: '$', decimals: 2, rate: '7.1000', unit: 1_500n, round: 100n },
  { code: 'USDT', name: '泰达币', symbol: '₮', decimals: 2, rate: '7.0500', unit: 1_500n, round: 100n },
  { code: 'VND', name: '越南盾', symbol: '₫', decimals: 0, rate: '0.000280', unit: 35_000_000n, round: 10_000_000n },
  { code: 'THB', name: '泰铢', symbol: '฿', decimals: 2, rate: '0.2000', unit: 50_000n, round: 10_000n },
];

/** A provider has one name (docs/product.md, "The catalogue"): the demo's are the brands, read alike in both languages. */
const PLATFORMS = [
  { code: 'PG', name: 'PG Soft' },
  { code: 'JDB', name: 'JDB Gaming' },
  { code: 'KY', name: 'Kaiyuan Gaming' },
  { code: 'AG', name: 'Asia Gaming' },
];

export type GameType = 'slot' | 'fishing' | 'card' | 'live';
const GAMES: Array<[platform: string, code: string, zh: string, en: string, type: GameType]> = [
  ['PG', 'pg_mahjong_ways', '麻将胡了', 'Mahjong Ways', 'slot'],
  ['PG', 'pg_mahjong_ways2', '麻将胡了2', 'Mahjong Ways 2', 'slot'],
  ['PG', 'pg_lucky_neko', '招财喵', 'Lucky Neko', 'slot'],
  ['PG', 'pg_aztec', '寻宝黄金城', 'Treasures of Aztec', 'slot'],
  ['PG', 'pg_wild_bandito', '亡灵大盗', 'Wild Bandito', 'slot'],
  ['PG', 'pg_captain', '赏金船长', "Captain's Bounty", 'slot'],
  ['PG', 'pg_candy_burst', '糖心风暴', 'Candy Burst', 'slot'],
  ['PG', 'pg_fortune_ox', '十倍金牛', 'Fortune Ox', 'slot'],
  ['JDB', 'jdb_dragon_fishing', '龙王捕鱼', 'Dragon Fishing', 'fishing'],
  ['JDB', 'jdb_caishen_fishing', '财神捕鱼', 'Cai Shen Fishing', 'fishing'],
  ['JDB', 'jdb_ocean_lord', '海霸王', 'Ocean Lord', 'fishing'],
  ['JDB', 'jdb_bird_party', '飞鸟派对', 'Bird Party', 'fishing'],
  ['JDB', 'jdb_golden_rooster', '金鸡报喜', 'Golden Rooster', 'slot'],
  ['JDB', 'jdb_face_changer', '变脸', 'Face Changer', 'slot'],
  ['JDB', 'jdb_billionaire', '亿万富翁', 'Billionaire', 'slot'],
  ['KY', 'ky_bull_bull', '抢庄牛牛', 'Bull Bull', 'card'],
  ['KY', 'ky_golden_flower', '炸金花', 'Golden Flower', 'card'],
  ['KY', 'ky_texas', '德州扑克', "Texas Hold'em", 'card'],
  ['KY', 'ky_blackjack', '二十一点', 'Blackjack', 'card'],
  ['KY', 'ky_landlord', '斗地主', 'Fight the Landlord', 'card'],
  ['KY', 'ky_hundred_bull', '百人牛牛', 'Hundred Bull', 'card'],
  ['KY', 'ky_thirteen', '十三水', 'Thirteen Cards', 'card'],
  ['KY', 'ky_dragon_tiger', '龙虎斗', 'Dragon Tiger', 'card'],
  ['AG', 'ag_baccarat', '百家乐', 'Baccarat', 'live'],
  ['AG', 'ag_speed_baccarat', '极速百家乐', 'Speed Baccarat', 'live'],
  ['AG', 'ag_dragon_tiger', '真人龙虎', 'Live Dragon Tiger', 'live'],
  ['AG', 'ag_roulette', '轮盘', 'Roulette', 'live'],
  ['AG', 'ag_sicbo', '骰宝', 'Sic Bo', 'live'],
  ['AG', 'ag_bull_bull', '真人牛牛', 'Live Bull Bull', 'live'],
  ['AG', 'ag_blackjack', '真人21点', 'Live Blackjack', 'live'],
];

/** [code, name, parent code, currency, share of the players]. Three levels deep. */
const AGENTS: Array<[string, string, string | null, string, number]> = [
  ['CN01', '华东总代', null, 'CNY', 2],
  ['CN01-SH', '上海代理', 'CN01', 'CNY', 6],
  ['CN01-SH-01', '浦东分代', 'CN01-SH', 'CNY', 8],
  ['CN01-SH-02', '徐汇分代', 'CN01-SH', 'CNY', 5],
  ['CN01-HZ', '杭州代理', 'CN01', 'CNY', 6],
  ['CN01-HZ-01', '西湖分代', 'CN01-HZ', 'CNY', 5],
  ['CN01-NJ', '南京代理', 'CN01', 'CNY', 5],
  ['SEA01', '东南亚总代', null, 'USDT', 2],
  ['SEA01-TH', '泰国代理', 'SEA01', 'THB', 5],
  ['SEA01-TH-BKK', '曼谷分代', 'SEA01-TH', 'THB', 6],
  ['SEA01-TH-PTY', '芭提雅分代', 'SEA01-TH', 'THB', 3],
  ['SEA01-VN', '越南代理', 'SEA01', 'VND', 5],
  ['SEA01-VN-HCM', '胡志明分代', 'SEA01-VN', 'VND', 7],
  ['SEA01-VN-HN', '河内分代', 'SEA01-VN', 'VND', 5],
  ['SEA01-PH', '菲律宾代理', 'SEA01', 'USDT', 5],
  ['GL01', '国际总代', null, 'USD', 2],
  ['GL01-US', '北美代理', 'GL01', 'USD', 5],
  ['GL01-US-01', '北美一级分代', 'GL01-US', 'USD', 3],
  ['GL01-EU', '欧洲代理', 'GL01', 'USD', 4],
  ['GL01-CR', '加密代理', 'GL01', 'USDT', 5],
  ['GL01-CR-01', '加密分代', 'GL01-CR', 'USDT', 6],
];

/**
 * The demo's admin levels, with codes of the agent permission tree (docs/product.md, "Agent admin
 * levels"). A level has one name, shown as stored in both languages: the demo's carry both
 * ("中文 / English"), as its other texts do, so each reads in either console.
 */
const ADMIN_LEVELS: Array<[string, number, string]> = [
  ['超级管理员 / Super admin', 1, AGENT_PERMISSION_CODES.join(',')],
  ['管理员 / Admin', 2, normalizeAgentPermissions(['1401', '1402', '1403', '1404', '1405', '201', '202', '203', '204', '301', '302', '303', '304', '7', '801']).join(',')],
  ['财务 / Finance', 3, normalizeAgentPermissions(['1401', '1402', '1403', '1404', '1405', '6', '1305']).join(',')],
  ['客服 / Customer service', 4, normalizeAgentPermissions(['201', '202', '801']).join(',')],
];

export interface World {
  currencies: Map<string, CurrencyDef>;
  games: Array<{ code: string; type: GameType; weight: number }>;
  agents: Array<{ id: number; code: string; currency: string; weight: number }>;
}

export async function insertDimensions(db: Kysely<DB>, now: string, rng: Rng): Promise<World> {
  const id = (r: { id: unknown }) => toNumber(r.id);
  const currencyIds = new Map<string, number>();
  for (const [i, c] of CURRENCIES.entries()) {
    const row = await db
      .insertInto('currency')
      .values({ code: c.code, name: c.name, symbol: c.symbol, decimals: c.decimals, rate: c.rate, status: 1, sort: i + 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    currencyIds.set(c.code, id(row));
  }
  const platformIds = new Map<string, number>();
  for (const [i, p] of PLATFORMS.entries()) {
    const row = await db.insertInto('platform').values({ ...p, status: 1, sort: i + 1, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    platformIds.set(p.code, id(row));
  }
  const gameIds: Array<{ id: number; code: string; type: GameType }> = [];
  for (const [i, [platform, code, zh, en, type]] of GAMES.entries()) {
    const row = await db
      .insertInto('game')
      .values({ code, name_zh: zh, name_en: en, platform_id: platformIds.get(platform)!, type, status: 1, sort: i + 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    gameIds.push({ id: id(row), code, type });
  }

  const agentRows = new Map<string, { id: number; path: string; level: number; share: number }>();
  const agents: World['agents'] = [];
  for (const [code, name, parent, currency, weight] of AGENTS) {
    const p = parent ? agentRows.get(parent)! : null;
    // Drawn in this order so the seeded world stays as it was; a share never above the parent's.
    const walletMode = rng.next() < 0.8 ? 1 : 2;
    const share = p ? Math.min(p.share, 2000 + 500 * rng.int(0, 6)) : 5000;
    const row = await db
      .insertInto('agent')
      .values({
        code,
        name,
        parent_id: p?.id ?? null,
        level: p ? p.level + 1 : 1,
        path: '/',
        currency_id: currencyIds.get(currency)!,
        wallet_mode: walletMode,
        share_rate: share,
        ip_whitelist: '',
        status: 1,
        remark: '',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const agentId = id(row);
    const path = `${p ? p.path : '/'}${agentId}/`;
    await db.updateTable('agent').set({ path }).where('id', '=', agentId).execute();
    agentRows.set(code, { id: agentId, path, level: p ? p.level + 1 : 1, share });
    agents.push({ id: agentId, code, currency, weight });
  }

  const levelIds: number[] = [];
  for (const [name, level, permissions] of ADMIN_LEVELS) {
    levelIds.push(id(await db.insertInto('agent_admin_level').values({ name, level, permissions, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()));
  }
  // One scrypt hash for every demo agent user: hashing each would cost seconds for nothing.
  const passwordHash = await hashPassword(clientPasswordHash('agent123'));
  for (const a of agents) {
    const users = [
      { account: `${a.code.toLowerCase()}_admin`, name: `${a.code} 管理员`, level: levelIds[0]! },
      { account: `${a.code.toLowerCase()}_ops`, name: `${a.code} 运营`, level: levelIds[rng.int(1, 3)]! },
    ];
    for (const [i, u] of users.entries()) {
      // Every agent's first user (its administrator) is enabled, so each agent has a user to log in as.
      const enabled = rng.next() < 0.95 || i === 0;
      await db
        .insertInto('agent_user')
        .values({ agent_id: a.id, account: u.account, name: u.name, admin_level_id: u.level, status: enabled ? 1 : 2, password_hash: passwordHash, totp_secret: null, last_login_at: null, last_login_ip: null, created_at: now, updated_at: now })
        .execute();
    }
  }

  // House-wide game configs, a few agent overrides, and prize pools on the slots of top agents.
  for (const g of gameIds) {
    const card = g.type === 'card';
    await db
      .insertInto('dealer_game_config')
      .values({
        game_id: g.id,
        enabled: 1,
        rtp_target: 9500 + 50 * rng.int(0, 4),
        tax_rate: card ? 500 : 0,
        min_bet: card || g.type === 'live' ? 10_000n : 1_000n,
        max_bet: 100_000_000n,
        room_tiers: card
          ? JSON.stringify([
              { name: '初级场', min_bet: '1.0000', max_bet: '100.0000' },
              { name: '中级场', min_bet: '10.0000', max_bet: '1000.0000' },
              { name: '高级场', min_bet: '100.0000', max_bet: '10000.0000' },
            ])
          : '[]',
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  const topAgents = agents.filter((a) => !AGENTS.find(([c]) => c === a.code)![2]);
  for (const a of agents.filter((_, i) => i % 4 === 1)) {
    for (const g of gameIds.filter((_, i) => i % 5 === 0)) {
      await db
        .insertInto('agent_game_config')
        .values({
          agent_id: a.id, game_id: g.id, enabled: 1, rtp_target: 9600, tax_rate: g.type === 'card' ? 400 : null, min_bet: null, max_bet: null, room_tiers: null,
          guarantee_rtp: 9000, new_player_protect_rounds: 20, max_win_multiplier: 500, created_at: now, updated_at: now,
        })
        .execute();
    }
  }
  for (const a of topAgents) {
    const unit = CURRENCIES.find((c) => c.code === a.currency)!.unit;
    for (const g of gameIds.filter((x) => x.type === 'slot')) {
      const seedAmount = unit * 10_000n;
      await db
        .insertInto('prize_pool')
        .values({
          agent_id: a.id, game_id: g.id, pool_amount: seedAmount + unit * BigInt(rng.int(0, 50_000)), seed_amount: seedAmount, contribution_rate: 100,
          trigger_threshold: unit * 50_000n, cap_amount: unit * 200_000n, status: 1, created_at: now, updated_at: now,
        })
        .execute();
    }
  }
  // A few games switched off under one agent (so for its whole sub-tree, with the reason shown),
  // and pools on the slots of three second-level agents too. No draws from the random stream, so
  // the seeded play stays as it was.
  const demoAgent = (code: string) => agents.find((a) => a.code === code)!;
  for (const g of gameIds.filter((x) => ['jdb_bird_party', 'ky_texas', 'ag_roulette'].includes(x.code))) {
    await db
      .insertInto('agent_game_config')
      .values({
        agent_id: demoAgent('CN01-SH').id, game_id: g.id, enabled: 0, rtp_target: null, tax_rate: null, min_bet: null, max_bet: null, room_tiers: null,
        guarantee_rtp: 0, new_player_protect_rounds: 0, max_win_multiplier: 0, created_at: now, updated_at: now,
      })
      .execute();
  }
  for (const [n, code] of ['CN01-SH', 'SEA01-TH', 'GL01-CR'].entries()) {
    const a = demoAgent(code);
    const unit = CURRENCIES.find((c) => c.code === a.currency)!.unit;
    for (const [i, g] of gameIds.filter((x) => x.type === 'slot').entries()) {
      await db
        .insertInto('prize_pool')
        .values({
          agent_id: a.id, game_id: g.id, pool_amount: unit * 5_000n, seed_amount: unit * 5_000n, contribution_rate: 50 + 25 * ((i + n) % 3),
          trigger_threshold: unit * 20_000n, cap_amount: i % 4 === 3 ? 0n : unit * 100_000n, status: i === 5 ? 2 : 1, created_at: now, updated_at: now,
        })
        .execute();
    }
  }
  const domains: Array<[string, string, number | null]> = [
    ['api.demo-games.example', 'api', null],
    ['play.demo-games.example', 'game', null],
    ['cn01.agent.demo-games.example', 'agent', topAgents[0]!.id],
    ['sea01.agent.demo-games.example', 'agent', topAgents[1]!.id],
    ['gl01.agent.demo-games.example', 'agent', topAgents[2]!.id],
  ];
  for (const [domain, type, agentId] of domains) {
    await db.insertInto('domain').values({ domain, type, agent_id: agentId, status: 1, remark: '', created_at: now, updated_at: now }).execute();
  }

  // Games are played unevenly: a few hits carry most of the volume.
  const games = gameIds.map((g, i) => ({ code: g.code, type: g.type, weight: 1 / (1 + (i % 8)) + (g.type === 'slot' ? 0.3 : 0) }));
  return { currencies: new Map(CURRENCIES.map((c) => [c.code, c])), games, agents };
}

/**
 * Share-rate changes of the demo (docs/product.md, "Agent settlement"), each made during the month
 * before the last one of the demo and so in force from the last: a top agent raises its rate (its
 * sub-agents' stay at most its own) and a sub-agent without sub-agents of its own lowers its rate.
 * The settlement's last month then differs from the one before.
 */
const SHARE_RATE_CHANGES: Array<[code: string, change: number]> = [
  ['CN01', +1000],
  ['CN01-SH-01', -500],
];

/**
 * The agents' share-rate history: every agent's rate in force since always, then the changes above
 * from the GMT+8 month of `end` (the demo's last instant), which the agents' rates then are.
 */
export async function insertShareRates(db: Kysely<DB>, lastMonth: string, now: string) {
  const agents = await db.selectFrom('agent').select(['id', 'code', 'share_rate']).execute();
  for (const a of agents) {
    await db.insertInto('agent_share_rate').values({ agent_id: a.id, from_month: '0000-01', share_rate: a.share_rate, created_at: now }).execute();
  }
  for (const [code, change] of SHARE_RATE_CHANGES) {
    const a = agents.find((x) => x.code === code);
    if (!a) continue;
    const rate = Math.max(0, Math.min(10_000, toNumber(a.share_rate) + change));
    await db.insertInto('agent_share_rate').values({ agent_id: a.id, from_month: lastMonth, share_rate: rate, created_at: now }).execute();
    await db.updateTable('agent').set({ share_rate: rate, updated_at: now }).where('id', '=', a.id).execute();
  }
}

/**
 * The demo's agent key with a known secret, so the sample client of the agent API
 * (packages/agent-client/examples/try-demo.ts) works on a first start from this machine: CN01's
 * whitelist holds the local addresses. Demo data only; a production install issues its keys in
 * the console, where a secret is shown once.
 */
export const DEMO_AGENT_KEY = { agentCode: 'CN01', appId: 'agt_demo_cn01', secret: 'demo-cn01-secret-0123456789abcdef' } as const;

/**
 * What the operations screens show on a first start: API keys (an ingest key, an agent key per
 * top agent and one of a sub-agent, one of them disabled), whitelists on the top agents and a few
 * more domains (an internationalised one, a disabled one). Drawn without the random stream, so the
 * seeded play stays as it was.
 */
export async function insertOperations(db: Kysely<DB>, world: World, keys: KeySource, now: string) {
  const tops = world.agents.filter((a) => !AGENTS.find(([c]) => c === a.code)![2]);
  const whitelists = [['203.0.113.0/24', '198.51.100.7', '127.0.0.1', '::1'], ['2001:db8:1::/48'], []];
  for (const [i, a] of tops.entries()) {
    await db.updateTable('agent').set({ ip_whitelist: (whitelists[i] ?? []).join(',') }).where('id', '=', a.id).execute();
  }
  await addKey(db, { agent_id: 0, type: 'ingest', remark: '演示游戏服务器 / Demo game server' }, null, keys);
  for (const a of tops) await addKey(db, { agent_id: a.id, type: 'agent', remark: `${a.code} API` }, null, keys);
  const demoAgent = world.agents.find((a) => a.code === DEMO_AGENT_KEY.agentCode)!;
  await insertKey(
    db,
    {
      type: 'agent', agent_id: demoAgent.id, app_id: DEMO_AGENT_KEY.appId, secret_hash: null,
      secret_encrypted: encryptSecret(DEMO_AGENT_KEY.secret, keyEncryptionKey(keys)), remark: '演示：示例客户端 / sample client', expires_at: null, created_by: null,
    },
    now,
  );
  const sub = world.agents.find((a) => a.code === 'SEA01-TH')!;
  const off = await addKey(db, { agent_id: sub.id, type: 'agent', remark: `${sub.code} API（旧）/ ${sub.code} API (old)` }, null, keys);
  await db.updateTable('api_key').set({ status: 2, updated_at: now }).where('id', '=', off.id).execute();
  const domains: Array<[string, string, number | null, number]> = [
    ['xn--mnq481g.demo-games.example', 'agent', tops[0]!.id, 1],
    ['h5.demo-games.example', 'game', null, 2],
  ];
  for (const [domain, type, agentId, status] of domains) {
    await db.insertInto('domain').values({ domain, type, agent_id: agentId, status, remark: '', created_at: now, updated_at: now }).execute();
  }
}

/** Stakes in "steps" of the currency's unit (≈ CNY): what a betting slip offers. */
export const STAKE_STEPS = [0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000];

export function roundTo(v: bigint, step: bigint): bigint {
  return v < step ? step : (v / step) * step;
}
