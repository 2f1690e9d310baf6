import type { Kysely } from 'kysely';
import { formatMoney, type ingest } from '@console/contract';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { clientPasswordHash, hashPassword } from '../../lib/passwords.ts';
import { toNumber } from '../../db/sql.ts';
import { ingestBets, ingestTransfers } from '../ingest/service.ts';
import { adjustWallet } from '../wallet/service.ts';
import { writeTransaction } from '../../db/write-transaction.ts';
import { addKey } from '../key/service.ts';
import { loadConfig } from '../../config/index.ts';

/**
 * The demo platform: a deterministic (seeded) set of currencies, platforms, games, an agent tree
 * with admin levels and agent users, game configs, prize pools, domains, and then players, wallet
 * transfers and settled bets over a span of days ending now. Money events go through the ingest
 * service, exactly as a game server's would, so wallets, ledger and report aggregates agree.
 *
 * Shape: bets follow a daily curve (slow growth, Friday/weekend bumps, some noise) and an hourly
 * curve in GMT+8 (quiet before dawn, evening peak 20:00–23:00). A player plays at most one session
 * a day: a transfer in, bets sized to the bankroll and the currency, a transfer out at the end
 * (most of the time). The simulation keeps every balance exactly, so no record is ever refused.
 */

export interface DemoOptions {
  /** Settled bets to generate (the total is met exactly unless the players run out of days). */
  bets: number;
  days: number;
  seed: number;
  players: number;
  /** The last bet is before this instant (default: now). */
  end?: number;
  /** Records per ingest call. */
  batchSize?: number;
  log?: (msg: string) => void;
  /** Where the key-encryption key lives (agent keys' secrets); the configuration's by default. */
  dataDir?: string;
}

export const DEMO_DEFAULTS = { bets: 300_000, days: 60, seed: 20261121, players: 5000 } as const;

export interface DemoSummary {
  agents: number;
  games: number;
  players: number;
  transfers: number;
  bets: number;
  ms: number;
}

/** True when the database already holds domain data (then the demo is never generated). */
export async function hasDomainData(db: Kysely<DB>): Promise<boolean> {
  return !!(await db.selectFrom('agent').select('id').limit(1).executeTakeFirst()) || !!(await db.selectFrom('currency').select('id').limit(1).executeTakeFirst());
}

/* ---------------------------------------------------------------- seeded randomness */

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const normal = () => {
    const u = 1 - next();
    const v = next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    weighted: <T>(xs: readonly T[], weights: readonly number[]): T => {
      const total = weights.reduce((s, w) => s + w, 0);
      let r = next() * total;
      for (let i = 0; i < xs.length; i++) {
        r -= weights[i]!;
        if (r < 0) return xs[i]!;
      }
      return xs[xs.length - 1]!;
    },
    normal,
    logNormal: (mu: number, sigma: number) => Math.exp(mu + sigma * normal()),
  };
}
type Rng = ReturnType<typeof prng>;

/* ---------------------------------------------------------------- the fixed dimensions */

interface CurrencyDef {
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

const PLATFORMS = [
  { code: 'PG', name: 'PG电子' },
  { code: 'JDB', name: 'JDB电子' },
  { code: 'KY', name: '开元棋牌' },
  { code: 'AG', name: 'AG真人' },
];

type GameType = 'slot' | 'fishing' | 'card' | 'live';
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

const ADMIN_LEVELS: Array<[string, number, string]> = [
  ['超级管理员', 1, 'all'],
  ['管理员', 2, 'report,player,game'],
  ['财务', 3, 'report,bill'],
  ['客服', 4, 'player'],
];

interface World {
  currencies: Map<string, CurrencyDef>;
  games: Array<{ code: string; type: GameType; weight: number }>;
  agents: Array<{ id: number; code: string; currency: string; weight: number }>;
}

async function insertDimensions(db: Kysely<DB>, now: string, rng: Rng): Promise<World> {
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
    for (const u of users) {
      await db
        .insertInto('agent_user')
        .values({ agent_id: a.id, account: u.account, name: u.name, admin_level_id: u.level, status: rng.next() < 0.95 ? 1 : 2, password_hash: passwordHash, totp_secret: null, last_login_at: null, last_login_ip: null, created_at: now, updated_at: now })
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
 * What the operations screens show on a first start: API keys (an ingest key, an agent key per
 * top agent and one of a sub-agent, one of them disabled), whitelists on the top agents and a few
 * more domains (an internationalised one, a disabled one). Drawn without the random stream, so the
 * seeded play stays as it was.
 */
async function insertOperations(db: Kysely<DB>, world: World, dataDir: string, now: string) {
  const tops = world.agents.filter((a) => !AGENTS.find(([c]) => c === a.code)![2]);
  const whitelists = [['203.0.113.0/24', '198.51.100.7'], ['2001:db8:1::/48'], []];
  for (const [i, a] of tops.entries()) {
    await db.updateTable('agent').set({ ip_whitelist: (whitelists[i] ?? []).join(',') }).where('id', '=', a.id).execute();
  }
  await addKey(db, { agent_id: 0, type: 'ingest', remark: '演示游戏服务器' }, null, dataDir);
  for (const a of tops) await addKey(db, { agent_id: a.id, type: 'agent', remark: `${a.code} API` }, null, dataDir);
  const sub = world.agents.find((a) => a.code === 'SEA01-TH')!;
  const off = await addKey(db, { agent_id: sub.id, type: 'agent', remark: `${sub.code} API（旧）` }, null, dataDir);
  await db.updateTable('api_key').set({ status: 2, updated_at: now }).where('id', '=', off.id).execute();
  const domains: Array<[string, string, number | null, number]> = [
    ['xn--mnq481g.demo-games.example', 'agent', tops[0]!.id, 1],
    ['h5.demo-games.example', 'game', null, 2],
  ];
  for (const [domain, type, agentId, status] of domains) {
    await db.insertInto('domain').values({ domain, type, agent_id: agentId, status, remark: '', created_at: now, updated_at: now }).execute();
  }
}

/* ---------------------------------------------------------------- the players and their play */

interface Player {
  agent: string;
  account: string;
  currency: CurrencyDef;
  /** How often this player plays (relative). */
  activity: number;
  /** Stake level: index into STAKE_STEPS around which the player bets. */
  level: number;
  balance: bigint;
  registeredDay: number;
  favourite: number;
}

/** Stakes in "steps" of the currency's unit (≈ CNY): what a betting slip offers. */
const STAKE_STEPS = [0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000];

const HOUR_WEIGHTS = [
  // GMT+8, 00:00 … 23:00: late night tail, dawn trough, lunch bump, evening peak.
  5.5, 4.2, 3.0, 2.0, 1.3, 1.0, 1.0, 1.4, 2.0, 2.6, 3.0, 3.4, 4.2, 4.4, 3.8, 3.6, 3.8, 4.2, 5.0, 6.2, 7.6, 8.6, 8.8, 7.4,
];
const HOURS = HOUR_WEIGHTS.map((_, h) => h);
const DEVICES: ingest.IngestBet['device'][] = ['h5', 'android', 'ios', 'web', 'pc'];
const DEVICE_WEIGHTS = [35, 25, 20, 12, 8];

const DAY_MS = 86_400_000;
const TZ_MS = 8 * 3_600_000;

function roundTo(v: bigint, step: bigint): bigint {
  return v < step ? step : (v / step) * step;
}
const amount = (v: bigint) => formatMoney(v);

/** One settled bet's outcome: payout (gross return), tax, bonus; about 95–97 % return to player. */
function outcome(rng: Rng, type: GameType, stake: bigint): { payout: bigint; tax: bigint; bonus: bigint; valid: bigint; jackpot: bigint; seconds: number } {
  const times = (x: number) => (stake * BigInt(Math.round(x * 10_000))) / 10_000n;
  switch (type) {
    case 'slot': {
      const won = rng.next() < 0.3;
      const m = won ? Math.min(200, rng.logNormal(0.742, 0.9)) : 0; // mean ≈ 3.15 × stake
      const bonus = rng.next() < 0.005 ? times(rng.int(1, 8)) : 0n;
      return { payout: times(m), tax: 0n, bonus, valid: stake, jackpot: stake / 100n, seconds: rng.int(2, 4) };
    }
    case 'fishing': {
      const won = rng.next() < 0.44;
      const m = won ? Math.min(300, rng.logNormal(0.37, 0.9)) : 0; // mean ≈ 2.17 × stake
      return { payout: times(m), tax: 0n, bonus: 0n, valid: stake, jackpot: 0n, seconds: 1 };
    }
    case 'card': {
      const r = rng.next();
      if (r < 0.02) return { payout: stake, tax: 0n, bonus: 0n, valid: 0n, jackpot: 0n, seconds: rng.int(20, 60) };
      if (r < 0.49) {
        const payout = stake * 2n;
        return { payout, tax: (stake * 5n) / 100n, bonus: rng.next() < 0.01 ? times(0.5) : 0n, valid: stake, jackpot: 0n, seconds: rng.int(20, 60) };
      }
      return { payout: 0n, tax: 0n, bonus: 0n, valid: stake, jackpot: 0n, seconds: rng.int(20, 60) };
    }
    case 'live': {
      const r = rng.next();
      if (r < 0.04) return { payout: stake, tax: 0n, bonus: 0n, valid: 0n, jackpot: 0n, seconds: rng.int(25, 45) }; // tie: stake back
      if (r < 0.045) return { payout: times(9), tax: 0n, bonus: 0n, valid: stake, jackpot: 0n, seconds: rng.int(25, 45) };
      if (r < 0.49) return { payout: times(r < 0.27 ? 1.95 : 2), tax: 0n, bonus: 0n, valid: stake, jackpot: 0n, seconds: rng.int(25, 45) };
      return { payout: 0n, tax: 0n, bonus: 0n, valid: stake, jackpot: 0n, seconds: rng.int(25, 45) };
    }
  }
}

/**
 * Generates the demo into an empty database. Returns what it wrote. Deterministic for the same
 * options (and the same `end`).
 */
export async function generateDemo(database: Database, options: DemoOptions): Promise<DemoSummary> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const batchSize = options.batchSize ?? 1000;
  const rng = prng(options.seed);
  const now = new Date().toISOString();
  const world = await insertDimensions(database.db, now, rng);
  await insertOperations(database.db, world, options.dataDir ?? loadConfig().dataDir, now);

  const end = options.end ?? Date.now();
  // Local (GMT+8) midnight of the first day.
  const lastDayStart = Math.floor((end + TZ_MS) / DAY_MS) * DAY_MS - TZ_MS;
  const firstDayStart = lastDayStart - (options.days - 1) * DAY_MS;

  // Players: 40 % were there before the window opened (they register on day 0), the rest join day by day.
  const players: Player[] = [];
  const agentWeights = world.agents.map((a) => a.weight);
  for (let i = 0; i < options.players; i++) {
    const agent = rng.weighted(world.agents, agentWeights);
    const early = rng.next() < 0.4;
    players.push({
      agent: agent.code,
      account: `${rng.pick(['lucky', 'tiger', 'dragon', 'star', 'king', 'ace', 'jade', 'gold', 'moon', 'wind'])}${String(i + 1).padStart(5, '0')}`,
      currency: world.currencies.get(agent.currency)!,
      activity: rng.logNormal(0, 1),
      // Stake levels cluster around 5 CNY a bet; the cap keeps a few whales from swinging the return.
      level: Math.max(0, Math.min(STAKE_STEPS.length - 4, Math.round(4 + rng.normal() * 1.4))),
      balance: 0n,
      registeredDay: early ? 0 : rng.int(0, options.days - 1),
      favourite: rng.int(0, world.games.length - 1),
    });
  }

  // Daily quota: slow growth, Friday and weekend bumps, ±10 % noise; the total is options.bets.
  const dayWeights = Array.from({ length: options.days }, (_, d) => {
    const weekday = new Date(firstDayStart + d * DAY_MS + TZ_MS).getUTCDay();
    const week = weekday === 0 || weekday === 6 ? 1.3 : weekday === 5 ? 1.12 : 1;
    return (1 + (0.3 * d) / Math.max(1, options.days)) * week * (0.9 + 0.2 * rng.next());
  });
  // The last day is only as long as it has run so far.
  const lastDayShare = Math.max(0.05, (end - lastDayStart) / DAY_MS);
  dayWeights[options.days - 1]! *= lastDayShare;
  const weightSum = dayWeights.reduce((s, w) => s + w, 0);
  let quotaLeft = options.bets;

  let betSeq = 0;
  let orderSeq = 0;
  let transfers = 0;
  let bets = 0;
  const seedTag = options.seed.toString(36);
  const gameWeights = world.games.map((g) => g.weight);

  const send = async (kind: 'bets' | 'transfers', records: Array<ingest.IngestBet | ingest.IngestTransfer>) => {
    for (let i = 0; i < records.length; i += batchSize) {
      const chunk = records.slice(i, i + batchSize);
      const r = kind === 'bets' ? await ingestBets(database, chunk) : await ingestTransfers(database, chunk);
      if (kind === 'bets') bets += r.accepted;
      else transfers += r.accepted;
    }
  };

  for (let d = 0; d < options.days; d++) {
    const dayStart = firstDayStart + d * DAY_MS;
    const dayEnd = Math.min(dayStart + DAY_MS, end);
    let quota = d === options.days - 1 ? quotaLeft : Math.min(quotaLeft, Math.round((options.bets * dayWeights[d]!) / weightSum));
    quotaLeft -= quota;
    const eligible = players.filter((p) => p.registeredDay <= d);
    const activity = eligible.map((p) => p.activity);
    const playedToday = new Set<Player>();
    const ins: ingest.IngestTransfer[] = [];
    const outs: ingest.IngestTransfer[] = [];
    const dayBets: ingest.IngestBet[] = [];

    let misses = 0;
    while (quota > 0 && eligible.length > 0 && misses < 200) {
      const p = rng.weighted(eligible, activity);
      if (playedToday.has(p)) {
        misses++;
        continue;
      }
      // Sessions start at a time of day shaped like the traffic.
      const hour = rng.weighted(HOURS, HOUR_WEIGHTS);
      let t = dayStart + hour * 3_600_000 + rng.int(0, 3_599_000);
      if (t >= dayEnd - 60_000) {
        misses++;
        continue;
      }
      playedToday.add(p);
      const c = p.currency;
      const step = BigInt(Math.round(STAKE_STEPS[p.level]! * 10_000));
      const stakeOf = (lvl: number) => roundTo((c.unit * BigInt(Math.round(STAKE_STEPS[Math.max(0, Math.min(STAKE_STEPS.length - 1, lvl))]! * 10_000))) / 10_000n, c.round);
      // Top up when the wallet holds less than a comfortable bankroll.
      const bankroll = roundTo((c.unit * step * BigInt(rng.int(20, 80))) / 10_000n, c.round);
      const order = () => `T${seedTag}-${String(++orderSeq).padStart(9, '0')}`;
      if (p.balance < bankroll / 2n) {
        const deposit = bankroll - p.balance;
        ins.push({ order_id: order(), agent_code: p.agent, player_account: p.account, currency_code: c.code, direction: 'in', amount: amount(deposit), time: new Date(t).toISOString() });
        p.balance += deposit;
        t += rng.int(5_000, 60_000);
      }
      const game = rng.next() < 0.5 ? world.games[p.favourite]! : rng.weighted(world.games, gameWeights);
      const planned = Math.min(quota, 5 + Math.floor(-Math.log(1 - rng.next()) * (game.type === 'slot' || game.type === 'fishing' ? 45 : 18)));
      const device = rng.weighted(DEVICES, DEVICE_WEIGHTS);
      let placed = 0;
      for (let n = 0; n < planned; n++) {
        let stake = stakeOf(p.level + (rng.next() < 0.15 ? rng.int(-2, 2) : 0));
        if (stake > p.balance) stake = stakeOf(0);
        if (stake > p.balance) break;
        const o = outcome(rng, game.type, stake);
        const settle = t + o.seconds * 1000;
        if (settle >= dayEnd) break;
        betSeq++;
        dayBets.push({
          bet_id: `B${seedTag}-${String(betSeq).padStart(10, '0')}`,
          round_id: `R${seedTag}-${game.code}-${Math.floor(t / 1000)}`,
          agent_code: p.agent,
          player_account: p.account,
          game_code: game.code,
          currency_code: c.code,
          bet_amount: amount(stake),
          valid_bet_amount: amount(o.valid),
          payout_amount: amount(o.payout),
          tax_amount: amount(o.tax),
          bonus_amount: amount(o.bonus),
          jackpot_contribution: amount(o.jackpot),
          bet_time: new Date(t).toISOString(),
          settle_time: new Date(settle).toISOString(),
          device,
        });
        p.balance += o.payout - stake - o.tax + o.bonus;
        placed++;
        t = settle + rng.int(1_000, game.type === 'slot' || game.type === 'fishing' ? 6_000 : 20_000);
      }
      quota -= placed;
      // Most players cash out at the end of a session; some leave the money for next time.
      if (p.balance > 0n && rng.next() < 0.55 && t + 30_000 < dayEnd) {
        const out = rng.next() < 0.8 ? p.balance : roundTo(p.balance / 2n, c.round);
        if (out > 0n && out <= p.balance) {
          outs.push({ order_id: order(), agent_code: p.agent, player_account: p.account, currency_code: c.code, direction: 'out', amount: amount(out), time: new Date(t + rng.int(5_000, 30_000)).toISOString() });
          p.balance -= out;
        }
      }
    }
    quotaLeft += Math.max(0, quota);

    // Everyone who signs up today and did not play yet makes a first deposit: every player of
    // the demo has a wallet, and new-player counts follow the registrations.
    for (const p of players) {
      if (p.registeredDay !== d || playedToday.has(p) || p.balance > 0n) continue;
      const t = dayStart + rng.int(0, Math.max(0, dayEnd - dayStart - 120_000));
      const deposit = roundTo((p.currency.unit * BigInt(Math.round(STAKE_STEPS[p.level]! * 10_000)) * BigInt(rng.int(10, 50))) / 10_000n, p.currency.round);
      ins.push({ order_id: `T${seedTag}-${String(++orderSeq).padStart(9, '0')}`, agent_code: p.agent, player_account: p.account, currency_code: p.currency.code, direction: 'in', amount: amount(deposit), time: new Date(t).toISOString() });
      p.balance += deposit;
    }

    // One session per player per day, so per player: transfer in < bets < transfer out, and
    // writing the day's ins, then its bets in time order, then its outs keeps every wallet's
    // ledger in time order.
    const byTime = <T extends { time?: string; bet_time?: string }>(a: T, b: T) => ((a.time ?? a.bet_time)! < (b.time ?? b.bet_time)! ? -1 : 1);
    // Point controls set halfway, so the ingest keeps their progress from then on.
    const controlDay = Math.floor(options.days / 2);
    if (d === controlDay) await setDemoControls(database.db, players, dayStart);
    if (d === Math.min(options.days - 1, controlDay + 7)) await cancelDemoControl(database.db, dayStart);
    await send('transfers', ins.sort(byTime));
    await send('bets', dayBets.sort(byTime));
    await send('transfers', outs.sort(byTime));
    if ((d + 1) % 10 === 0 || d === options.days - 1) log(`demo: day ${d + 1}/${options.days}, ${bets.toLocaleString('en')} bets so far`);
  }

  await demoAdjustments(database, players, rng, new Date(Math.max(end, Date.parse(now))).toISOString());

  const playerCount = toNumber((await database.db.selectFrom('player').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return { agents: world.agents.length, games: world.games.length, players: playerCount, transfers, bets, ms: Date.now() - started };
}

/** The demo players' ids, by account (accounts are unique across the demo's agents). */
async function demoPlayerIds(db: Kysely<DB>, accounts: string[]): Promise<Map<string, { id: number; currency_id: number }>> {
  if (accounts.length === 0) return new Map();
  const rows = await db.selectFrom('player').select(['id', 'account', 'currency_id']).where('account', 'in', accounts).execute();
  return new Map(rows.map((r) => [r.account, { id: toNumber(r.id), currency_id: toNumber(r.currency_id) }]));
}

/**
 * Point controls on the most active players, set at the start of the middle day of the period:
 * the ingest then keeps their progress as the following days' bets arrive. Small "lose" targets
 * complete within the period (players lose a little on average), larger ones stay active, and one
 * is cancelled a week later (cancelDemoControl).
 */
async function setDemoControls(db: Kysely<DB>, players: readonly Player[], at: number) {
  const busiest = [...players].sort((a, b) => b.activity - a.activity || (a.account < b.account ? -1 : 1)).slice(0, 40);
  const ids = await demoPlayerIds(db, busiest.map((p) => p.account));
  const chosen = busiest.filter((p) => ids.has(p.account)).slice(0, 8);
  const when = new Date(at).toISOString();
  for (const [i, p] of chosen.entries()) {
    const lose = i % 2 === 0;
    // Targets in stakes of the player's own size: a "lose" of 5 stakes completes within days (players
    // lose a little on average), 100–400 stakes stay active with some progress.
    const stake = (p.currency.unit * BigInt(Math.round(STAKE_STEPS[p.level]! * 10_000))) / 10_000n;
    const target = roundTo(stake * (lose ? (i < 4 ? 5n : 400n) : i < 4 ? 300n : 100n), p.currency.round);
    await db
      .insertInto('point_control')
      .values({
        player_id: ids.get(p.account)!.id, game_id: null, direction: lose ? 'lose' : 'win', target_amount: target, intensity: 50 + 25 * (i % 4),
        achieved_amount: 0n, status: 'active', created_by: null, created_by_account: 'admin', cancelled_by: null, cancelled_by_account: null,
        cancelled_at: null, remark: lose ? 'risk control' : 'VIP retention', created_at: when, updated_at: when, finished_at: null,
      })
      .execute();
  }
}

/** Cancels the newest active "win" control of the demo, as an operator would. */
async function cancelDemoControl(db: Kysely<DB>, at: number) {
  const row = await db.selectFrom('point_control').select('id').where('status', '=', 'active').where('direction', '=', 'win').orderBy('id', 'desc').executeTakeFirst();
  if (!row) return;
  const when = new Date(at).toISOString();
  await db
    .updateTable('point_control')
    .set({ status: 'cancelled', cancelled_by: null, cancelled_by_account: 'admin', cancelled_at: when, finished_at: when, updated_at: when })
    .where('id', '=', row.id)
    .execute();
}

/**
 * A few manual wallet adjustments by the demo administrator, through the wallet service like the
 * console's player/wallet/adjust: credits (compensations, bonuses) and debits of part of a balance,
 * each a ledger entry with its operator and remark.
 */
async function demoAdjustments(database: Database, players: readonly Player[], rng: Rng, now: string) {
  const picked = players.filter((_, i) => i % 97 === 5).slice(0, 12);
  const ids = await demoPlayerIds(database.db, picked.map((p) => p.account));
  const admin = await database.db.selectFrom('operator_user').select(['id', 'account']).where('account', '=', 'admin').executeTakeFirst();
  const operator = { id: admin ? toNumber(admin.id) : null, account: admin?.account ?? 'admin' };
  const remarks = [
    ['credit', 'Compensation for a disconnected round'],
    ['credit', 'VIP birthday bonus'],
    ['debit', 'Duplicate payout reversed'],
    ['credit', 'Promotion reward'],
  ] as const;
  for (const [i, p] of picked.entries()) {
    const id = ids.get(p.account);
    if (!id) continue;
    const [direction, remark] = remarks[i % remarks.length]!;
    const amount = roundTo(p.currency.unit * BigInt(rng.int(5, 200)), p.currency.round);
    // A debit larger than the balance is refused by the service and simply not made.
    await writeTransaction(database, (db) =>
      adjustWallet(
        db,
        database.dialect,
        { player_id: id.id, owner: async () => toNumber((await db.selectFrom('player').select('agent_id').where('id', '=', id.id).executeTakeFirstOrThrow()).agent_id), currency_id: id.currency_id, direction, amount, remark, request_id: `demo-adjust-${String(i + 1).padStart(4, '0')}`, operator },
        now,
      ),
    );
  }
}
