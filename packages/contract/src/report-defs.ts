/**
 * Every report's facts, in one place (docs/product.md, "Reports"): its name, call path,
 * permission code, console screen, period, dimensions and titles. The route table's report
 * screens and the permission tree's report leaves are made from this table, and the console's
 * route titles are checked against it, so a report added here cannot be forgotten elsewhere.
 * The column metadata (headers, kinds, decimals) that the spreadsheet and the console's tables
 * share is here too. zod-free: the route table and the permission tree import it.
 */

/** A row dimension: which entity a row is about (currency is always one). */
export type ReportDim = 'agent' | 'game' | 'platform' | 'player';
/** The time grouping of a report's rows: one row per local hour, day or month, or none. */
export type ReportPeriod = 'none' | 'hour' | 'day' | 'month';
/**
 * How a report's range is asked for: local dates (`start_date`, `end_date`, with every filter of
 * report-filter.ts) or whole local months (`start_month`, `end_month`, with the timezone, currency
 * and agent filters only).
 */
export type ReportRange = 'date' | 'month';

export interface ReportDef {
  /** The key of REPORT_SCREENS (e.g. "agentDaily"), also the i18n key of its route title. */
  key: string;
  /** Stable name ("agent-daily"): the export's `report`, and the screen's component key after "report-". */
  name: string;
  /** The call path under /v1/operator/ (the export adds "/export"). */
  path: string;
  /** The permission code of the report; its parent code (the code less its last two digits) is the menu group's. */
  permission: string;
  /** The console route of the report's screen; its parent path is the menu group's. */
  screen: string;
  period: ReportPeriod;
  range: ReportRange;
  dims: readonly ReportDim[];
  /**
   * The row columns, in order, of a report whose rows are not the usual ones (its period, its
   * dimensions' ids, codes and names, the currency and the metrics): the agents' settlement.
   * Null for the others. Every name is a key of REPORT_COLUMNS.
   */
  columns: readonly string[] | null;
  /** Likewise the columns of its per-currency totals (null: the currency and the metrics, as usual). */
  totalColumns: readonly string[] | null;
  /** Rows carry new_player_count (players registered in the row's period). */
  newPlayers: boolean;
  /** Rows carry win_count and win_rate (the winning-odds report). */
  odds: boolean;
  /** Rows are raw bet records, not aggregates (the bet-record list). */
  raw: boolean;
  /** Longest allowed date range, in days (a `date` range). */
  maxDays: number;
  /** Longest allowed month range, in months (a `month` range). */
  maxMonths: number;
  title: { 'zh-cn': string; en: string };
}

type Facts = Omit<ReportDef, 'key' | 'name' | 'range' | 'columns' | 'totalColumns' | 'newPlayers' | 'odds' | 'raw' | 'maxDays' | 'maxMonths' | 'title'> & {
  title: [zh: string, en: string];
  range?: ReportRange;
  columns?: readonly string[];
  totalColumns?: readonly string[];
  newPlayers?: boolean;
  odds?: boolean;
  raw?: boolean;
};

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

const def = (key: string, f: Facts): ReportDef => ({
  ...f,
  key,
  name: kebab(key),
  range: f.range ?? 'date',
  columns: f.columns ?? null,
  totalColumns: f.totalColumns ?? null,
  newPlayers: f.newPlayers ?? false,
  odds: f.odds ?? false,
  raw: f.raw ?? false,
  // One row per local hour over more than a year is not a report anyone reads.
  maxDays: f.period === 'hour' ? 366 : 3660,
  // A month report's rows are worked out per agent and month on the server (the settlement):
  // two years at a time.
  maxMonths: 24,
  title: { 'zh-cn': f.title[0], en: f.title[1] },
});

function table<K extends string>(facts: Record<K, Facts>): Record<K, ReportDef> {
  return Object.fromEntries(Object.entries<Facts>(facts).map(([key, f]) => [key, def(key, f)])) as Record<K, ReportDef>;
}

/** Every report with a screen, in menu order. */
export const REPORT_SCREENS = table({
  agentSummary: { path: 'agent/report/agent/summary', permission: '1401', screen: '/agent/report/summary', period: 'none', dims: ['agent'], title: ['代理汇总', 'Agent summary'], newPlayers: true },
  agentHourly: { path: 'agent/report/agent/hourly/summary', permission: '1404', screen: '/agent/report/hourly', period: 'hour', dims: ['agent'], title: ['代理小时汇总', 'Hourly agent summary'], newPlayers: true },
  agentDaily: { path: 'agent/report/agent/daily/summary', permission: '1402', screen: '/agent/report/daily', period: 'day', dims: ['agent'], title: ['代理日汇总', 'Daily agent summary'], newPlayers: true },
  agentMonthly: { path: 'agent/report/agent/monthly/summary', permission: '1403', screen: '/agent/report/monthly', period: 'month', dims: ['agent'], title: ['代理月汇总', 'Monthly agent summary'], newPlayers: true },
  // Per agent, local month and currency: its sub-tree's platform win/loss and how the share rates
  // split it (docs/product.md, "Agent settlement").
  agentSettlement: {
    path: 'agent/report/agent/settlement',
    permission: '1405',
    screen: '/agent/report/settlement',
    period: 'month',
    range: 'month',
    dims: ['agent'],
    columns: ['month', 'agent_id', 'agent_code', 'currency_id', 'currency_code', 'platform_win_loss', 'share_rate', 'own_take', 'upline_take'],
    totalColumns: ['currency_id', 'currency_code', 'platform_win_loss', 'own_take', 'upline_take'],
    title: ['代理占成', 'Agent settlement'],
  },
  playerSummary: { path: 'player/report/player/summary', permission: '201', screen: '/player/report/summary', period: 'none', dims: ['player'], title: ['玩家汇总', 'Player summary'] },
  playerDaily: { path: 'player/report/player/daily/summary', permission: '202', screen: '/player/report/daily', period: 'day', dims: ['player'], title: ['玩家日汇总', 'Daily player summary'] },
  playerBetting: { path: 'player/report/player/betting', permission: '203', screen: '/player/report/betting', period: 'none', dims: ['player', 'game'], title: ['玩家投注记录', 'Player betting'], raw: true },
  playerOdds: { path: 'player/report/player/odds', permission: '204', screen: '/player/report/odds', period: 'none', dims: ['player'], title: ['胜率统计', 'Winning odds'], odds: true },
  gameSummary: { path: 'game/report/game/summary', permission: '301', screen: '/game/report/summary', period: 'none', dims: ['game'], title: ['游戏汇总', 'Game summary'] },
  gameDaily: { path: 'game/report/game/daily/summary', permission: '302', screen: '/game/report/daily', period: 'day', dims: ['game'], title: ['游戏日汇总', 'Daily game summary'] },
  gameMonthly: { path: 'game/report/game/monthly/summary', permission: '303', screen: '/game/report/monthly', period: 'month', dims: ['game'], title: ['游戏月汇总', 'Monthly game summary'] },
  gamePlayer: { path: 'game/report/game/player/summary', permission: '304', screen: '/game/report/player', period: 'none', dims: ['game', 'player'], title: ['游戏玩家汇总', 'Game player summary'] },
  platformSummary: { path: 'platform/report/platform/summary', permission: '401', screen: '/platform/summary', period: 'none', dims: ['platform'], title: ['厂商汇总', 'Provider summary'] },
  platformDaily: { path: 'platform/report/platform/daily/summary', permission: '402', screen: '/platform/daily', period: 'day', dims: ['platform'], title: ['厂商日汇总', 'Daily provider summary'] },
  platformMonthly: { path: 'platform/report/platform/monthly/summary', permission: '403', screen: '/platform/monthly', period: 'month', dims: ['platform'], title: ['厂商月汇总', 'Monthly provider summary'] },
  platformPlayer: { path: 'platform/report/platform/player/summary', permission: '404', screen: '/platform/player', period: 'none', dims: ['platform', 'player'], title: ['厂商玩家汇总', 'Provider player summary'] },
  currencySummary: { path: 'currency/report/currency/summary', permission: '501', screen: '/currency/summary', period: 'none', dims: [], title: ['币种汇总', 'Currency summary'], newPlayers: true },
  currencyDaily: { path: 'currency/report/currency/daily/summary', permission: '502', screen: '/currency/daily', period: 'day', dims: [], title: ['币种日汇总', 'Daily currency summary'], newPlayers: true },
  currencyMonthly: { path: 'currency/report/currency/monthly/summary', permission: '503', screen: '/currency/monthly', period: 'month', dims: [], title: ['币种月汇总', 'Monthly currency summary'], newPlayers: true },
});

const { playerBetting, agentSettlement, ...aggregated } = REPORT_SCREENS;
/**
 * Every aggregated report: rows of the metrics per period and dimension. The bet-record list
 * (player betting) and the agents' settlement are separate: one reads raw bets, the other shares
 * out the aggregates by the agents' share rates.
 */
export const REPORT_DEFS = aggregated;
export type ReportKey = keyof typeof REPORT_DEFS;
/** The raw bet-record list (player betting, 203): the only report that reads raw bets. */
export const BETTING_REPORT: ReportDef = playerBetting;
/** The agents' settlement (1405): per agent, month and currency, the share of its sub-tree's platform win/loss. */
export const SETTLEMENT_REPORT: ReportDef = agentSettlement;

/** The parent permission code of a report (its menu group): "1402" → "14", "203" → "2". */
export const reportGroupCode = (d: ReportDef) => d.permission.slice(0, -2);

/** The console route of a report's menu group and its own path in it: "/agent/report/daily" → ["/agent/report", "daily"]. */
export function reportScreenPath(d: ReportDef): [parent: string, child: string] {
  const cut = d.screen.lastIndexOf('/');
  return [d.screen.slice(0, cut), d.screen.slice(cut + 1)];
}

/** The reports of one menu group (parent permission code), in menu order. */
export const reportsOfGroup = (group: string): ReportDef[] => Object.values(REPORT_SCREENS).filter((d) => reportGroupCode(d) === group);

// ---------------------------------------------------------------------------------------------
// Columns: what the spreadsheet and the console's tables show for each row field.

/**
 * How a column is shown: `id` and `count` are whole numbers (ids without thousands separators);
 * `money` an exact decimal string of 1/10000 units; `rate` a ratio string ("0.9650" = 96.50 %);
 * `bp` whole basis points (5000 = 50.00 %), shown as a percentage; `date` a local date, hour,
 * month or time; `text` anything else.
 */
export type ColumnKind = 'id' | 'count' | 'money' | 'rate' | 'bp' | 'date' | 'text';

export interface ColumnMeta {
  title: { 'zh-cn': string; en: string };
  kind: ColumnKind;
  /** Decimals of the value as sent (money and rates: 4); 0 for the others. */
  decimals: number;
}

const col = (kind: ColumnKind, zh: string, en: string): ColumnMeta => ({
  title: { 'zh-cn': zh, en },
  kind,
  decimals: kind === 'money' || kind === 'rate' ? 4 : 0,
});

/** Every column a report row, a summary entry or a bet record may carry, by field name. */
export const REPORT_COLUMNS: Readonly<Record<string, ColumnMeta>> = {
  id: col('id', 'ID', 'ID'),
  date: col('date', '日期', 'Date'),
  hour: col('date', '小时', 'Hour'),
  month: col('date', '月份', 'Month'),
  agent_id: col('id', '代理ID', 'Agent ID'),
  agent_code: col('text', '代理编号', 'Agent code'),
  agent_name: col('text', '代理名称', 'Agent name'),
  game_id: col('id', '游戏ID', 'Game ID'),
  game_code: col('text', '游戏编号', 'Game code'),
  game_name: col('text', '游戏名称', 'Game name'),
  platform_id: col('id', '厂商ID', 'Provider ID'),
  platform_code: col('text', '厂商编号', 'Provider code'),
  platform_name: col('text', '厂商名称', 'Provider name'),
  player_id: col('id', '玩家ID', 'Player ID'),
  player_account: col('text', '玩家账号', 'Player account'),
  currency_id: col('id', '币种ID', 'Currency ID'),
  currency_code: col('text', '币种', 'Currency'),
  bet_id: col('text', '注单号', 'Bet ID'),
  round_id: col('text', '局号', 'Round ID'),
  bet_count: col('count', '注单数', 'Bets'),
  bettor_count: col('count', '投注人数', 'Bettors'),
  bet_amount: col('money', '投注额', 'Bet amount'),
  valid_bet_amount: col('money', '有效投注', 'Valid bet'),
  payout_amount: col('money', '派彩', 'Payout'),
  tax_amount: col('money', '税收', 'Tax'),
  bonus_amount: col('money', '奖金', 'Bonus'),
  jackpot_contribution: col('money', '奖池贡献', 'Jackpot contribution'),
  jackpot_prize: col('money', '奖池奖金', 'Jackpot prize'),
  player_win_loss: col('money', '玩家输赢', 'Player win/loss'),
  platform_win_loss: col('money', '平台输赢', 'Platform win/loss'),
  rtp: col('rate', 'RTP', 'RTP'),
  win_count: col('count', '赢局数', 'Winning bets'),
  win_rate: col('rate', '胜率', 'Win rate'),
  new_player_count: col('count', '新增玩家', 'New players'),
  share_rate: col('bp', '占成', 'Share rate'),
  own_take: col('money', '本级占成', 'Own take'),
  upline_take: col('money', '上级占成', 'Upline take'),
  bet_time: col('date', '投注时间', 'Bet time'),
  settle_time: col('date', '结算时间', 'Settle time'),
  device: col('text', '设备', 'Device'),
  cancelled_at: col('date', '取消时间', 'Cancelled at'),
  cancel_reason: col('text', '取消原因', 'Cancel reason'),
};
