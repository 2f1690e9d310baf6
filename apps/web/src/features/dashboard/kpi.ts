import { formatMoney, parseMoney, playerReturn, ratio4 } from '@console/contract';

/** The figures the dashboard shows for one local day (amounts as exact decimal strings). */
export interface DayFigures {
  date: string;
  bet_count: number;
  bettor_count: number;
  bet_amount: string;
  valid_bet_amount: string;
  payout_amount: string;
  bonus_amount: string;
  jackpot_prize: string;
  platform_win_loss: string;
  new_player_count: number;
}

/** A report row as the daily reports send it (currency daily or agent daily). */
export interface DailyRow {
  date: string;
  bet_count: number;
  bettor_count: number;
  bet_amount: string;
  valid_bet_amount: string;
  payout_amount: string;
  bonus_amount: string;
  jackpot_prize: string;
  platform_win_loss: string;
  new_player_count?: number;
}

/**
 * "YYYY-MM-DD" of the day `daysAgo` before today, in the report timezone (offset from UTC in
 * minutes): the reports' days follow the chosen zone, not the browser's.
 */
export function localDate(offsetMinutes: number, daysAgo = 0, now: number = Date.now()): string {
  return new Date(now + offsetMinutes * 60_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

/** The `days` local dates ending today, oldest first. */
export function lastDays(offsetMinutes: number, days: number, now: number = Date.now()): string[] {
  return Array.from({ length: days }, (_, i) => localDate(offsetMinutes, days - 1 - i, now));
}

const ZERO = '0.0000';

export const emptyDay = (date: string): DayFigures => ({
  date,
  bet_count: 0,
  bettor_count: 0,
  bet_amount: ZERO,
  valid_bet_amount: ZERO,
  payout_amount: ZERO,
  bonus_amount: ZERO,
  jackpot_prize: ZERO,
  platform_win_loss: ZERO,
  new_player_count: 0,
});

const add = (a: string, b: string) => formatMoney(parseMoney(a) + parseMoney(b));

/**
 * One entry per date, oldest first, for exactly `dates`: rows of the same date are added (the
 * agent daily report has one row per agent; players belong to one agent, so bettors add up too),
 * days without bets are zero.
 */
export function byDay(rows: readonly DailyRow[], dates: readonly string[]): DayFigures[] {
  const map = new Map(dates.map((d) => [d, emptyDay(d)]));
  for (const r of rows) {
    const day = map.get(r.date);
    if (!day) continue;
    day.bet_count += r.bet_count;
    day.bettor_count += r.bettor_count;
    day.new_player_count += r.new_player_count ?? 0;
    day.bet_amount = add(day.bet_amount, r.bet_amount);
    day.valid_bet_amount = add(day.valid_bet_amount, r.valid_bet_amount);
    day.payout_amount = add(day.payout_amount, r.payout_amount);
    day.bonus_amount = add(day.bonus_amount, r.bonus_amount);
    day.jackpot_prize = add(day.jackpot_prize, r.jackpot_prize);
    day.platform_win_loss = add(day.platform_win_loss, r.platform_win_loss);
  }
  return dates.map((d) => map.get(d)!);
}

/** Adds several days into one (the 7-day figures). Bettors are not distinct across days, so not added. */
export function total(days: readonly DayFigures[]): Omit<DayFigures, 'date' | 'bettor_count'> {
  return days.reduce(
    (t, d) => ({
      bet_count: t.bet_count + d.bet_count,
      new_player_count: t.new_player_count + d.new_player_count,
      bet_amount: add(t.bet_amount, d.bet_amount),
      valid_bet_amount: add(t.valid_bet_amount, d.valid_bet_amount),
      payout_amount: add(t.payout_amount, d.payout_amount),
      bonus_amount: add(t.bonus_amount, d.bonus_amount),
      jackpot_prize: add(t.jackpot_prize, d.jackpot_prize),
      platform_win_loss: add(t.platform_win_loss, d.platform_win_loss),
    }),
    { bet_count: 0, new_player_count: 0, bet_amount: ZERO, valid_bet_amount: ZERO, payout_amount: ZERO, bonus_amount: ZERO, jackpot_prize: ZERO, platform_win_loss: ZERO },
  );
}

/** Return to player (docs/product.md, "Report metrics"), (payout + bonus + jackpot prize) / bet; null without bets. */
export function rtpOf(day: Pick<DayFigures, 'payout_amount' | 'bonus_amount' | 'jackpot_prize' | 'bet_amount'>): string | null {
  const back = playerReturn({ payout_amount: parseMoney(day.payout_amount), bonus_amount: parseMoney(day.bonus_amount), jackpot_prize: parseMoney(day.jackpot_prize) });
  return ratio4(back, parseMoney(day.bet_amount));
}

/**
 * Change from `before` to `now` as a 4-decimal ratio string ("0.0523" = +5.23 %), relative to the
 * magnitude of `before`, so a loss shrinking reads as a rise; null when there is nothing to compare.
 */
export function change(now: string | number, before: string | number): string | null {
  const a = typeof now === 'number' ? BigInt(now) : parseMoney(now);
  const b = typeof before === 'number' ? BigInt(before) : parseMoney(before);
  if (b === 0n) return null;
  return ratio4(a - b, b < 0n ? -b : b);
}

/** The console's exact number formats (lib/format.ts), which the dashboard's figures use too. */
export { formatAmount, formatRatio } from '../../lib/format';

/** For chart geometry only: the plotted height of an amount. The figures shown stay exact strings. */
export const plotValue = (money: string): number => Number(money);
