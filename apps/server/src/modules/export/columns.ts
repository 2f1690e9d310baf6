import type { Lang } from '@console/contract';
import type { ColumnKind } from './workbook.ts';

/** Column headers of exported sheets, per language. Keys are the report row field names. */
const HEADERS: Record<string, [zh: string, en: string]> = {
  id: ['ID', 'ID'],
  date: ['日期', 'Date'],
  hour: ['小时', 'Hour'],
  month: ['月份', 'Month'],
  agent_id: ['代理ID', 'Agent ID'],
  agent_code: ['代理编号', 'Agent code'],
  agent_name: ['代理名称', 'Agent name'],
  game_id: ['游戏ID', 'Game ID'],
  game_code: ['游戏编号', 'Game code'],
  game_name: ['游戏名称', 'Game name'],
  platform_id: ['厂商ID', 'Platform ID'],
  platform_code: ['厂商编号', 'Platform code'],
  platform_name: ['厂商名称', 'Platform name'],
  player_id: ['玩家ID', 'Player ID'],
  player_account: ['玩家账号', 'Player account'],
  currency_id: ['币种ID', 'Currency ID'],
  currency_code: ['币种', 'Currency'],
  bet_id: ['注单号', 'Bet ID'],
  round_id: ['局号', 'Round ID'],
  bet_count: ['注单数', 'Bets'],
  bettor_count: ['投注人数', 'Bettors'],
  bet_amount: ['投注额', 'Bet amount'],
  valid_bet_amount: ['有效投注', 'Valid bet'],
  payout_amount: ['派彩', 'Payout'],
  tax_amount: ['税收', 'Tax'],
  bonus_amount: ['奖金', 'Bonus'],
  jackpot_contribution: ['奖池贡献', 'Jackpot contribution'],
  player_win_loss: ['玩家输赢', 'Player win/loss'],
  platform_win_loss: ['平台输赢', 'Platform win/loss'],
  rtp: ['RTP', 'RTP'],
  win_count: ['赢局数', 'Winning bets'],
  win_rate: ['胜率', 'Win rate'],
  new_player_count: ['新增玩家', 'New players'],
  bet_time: ['投注时间', 'Bet time'],
  settle_time: ['结算时间', 'Settle time'],
  device: ['设备', 'Device'],
};

const COUNTS = new Set(['id', 'bet_count', 'bettor_count', 'win_count', 'new_player_count', 'agent_id', 'game_id', 'platform_id', 'player_id', 'currency_id']);
const DECIMALS = new Set(['bet_amount', 'valid_bet_amount', 'payout_amount', 'tax_amount', 'bonus_amount', 'jackpot_contribution', 'player_win_loss', 'platform_win_loss', 'rtp', 'win_rate']);

/**
 * How a column is written on a sheet: counts and ids as numbers; money and ratios as their exact
 * decimal text (a spreadsheet number keeps 15 significant digits; a year's VND turnover has more),
 * aligned right like numbers; everything else as text.
 */
export const kindOf = (field: string): ColumnKind => (COUNTS.has(field) ? 'count' : DECIMALS.has(field) ? 'decimal' : 'text');

export const headerOf = (field: string, lang: Lang) => {
  const h = HEADERS[field];
  return h ? h[lang === 'en' ? 1 : 0] : field;
};

/** Labels of the filter lines written above the table. */
export const FILTER_LABELS: Record<string, [zh: string, en: string]> = {
  report: ['报表', 'Report'],
  dates: ['日期范围', 'Dates'],
  time_zone: ['时区', 'Timezone'],
  currency: ['币种', 'Currency'],
  agent: ['代理（含下级）', 'Agent (with sub-agents)'],
  game: ['游戏', 'Game'],
  platform: ['厂商', 'Platform'],
  player: ['玩家账号', 'Player account'],
  sort: ['排序', 'Sort'],
  exported: ['导出时间 (UTC)', 'Exported at (UTC)'],
  exported_by: ['导出人', 'Exported by'],
  all: ['全部', 'All'],
  total: ['合计', 'Total'],
};
export const label = (key: string, lang: Lang) => FILTER_LABELS[key]![lang === 'en' ? 1 : 0];
