import { describe, expect, it } from 'vitest';
import { byDay, change, formatAmount, formatRatio, lastDays, localDate, rtpOf, total } from './kpi';

describe('dashboard figures', () => {
  const noonUtc = Date.UTC(2026, 10, 21, 12, 0, 0);
  const lateUtc = Date.UTC(2026, 10, 21, 15, 45, 0);

  it('counts days in the report timezone, not the browser one', () => {
    expect(localDate(480, 0, noonUtc)).toBe('2026-11-21');
    // 15:45 UTC is already the next day at GMT+8:30 and later.
    expect(localDate(480, 0, lateUtc)).toBe('2026-11-21');
    expect(localDate(510, 0, lateUtc)).toBe('2026-11-22');
    expect(localDate(600, 1, lateUtc)).toBe('2026-11-21');
    expect(lastDays(480, 3, noonUtc)).toEqual(['2026-11-19', '2026-11-20', '2026-11-21']);
  });

  it('adds rows of the same day exactly and fills days without bets', () => {
    const row = (date: string, bet: string, win: string, prize = '0.0000') => ({
      date,
      bet_count: 2,
      bettor_count: 1,
      bet_amount: bet,
      valid_bet_amount: bet,
      payout_amount: '0.1000',
      bonus_amount: '0.0500',
      jackpot_prize: prize,
      platform_win_loss: win,
      new_player_count: 1,
    });
    const days = byDay([row('2026-11-20', '0.1000', '-0.3000'), row('2026-11-20', '0.2000', '0.1000'), row('2026-11-01', '9.0000', '9.0000')], ['2026-11-20', '2026-11-21']);
    // A jackpot prize is part of the return to player.
    expect(rtpOf(byDay([row('2026-11-20', '1.0000', '0', '0.8500')], ['2026-11-20'])[0]!)).toBe('1.0000');
    expect(days[0]).toMatchObject({ date: '2026-11-20', bet_count: 4, bettor_count: 2, bet_amount: '0.3000', platform_win_loss: '-0.2000', new_player_count: 2 });
    expect(days[1]).toMatchObject({ date: '2026-11-21', bet_count: 0, bet_amount: '0.0000' });
    expect(total(days)).toMatchObject({ bet_count: 4, bet_amount: '0.3000', payout_amount: '0.2000', bonus_amount: '0.1000', new_player_count: 2 });
    expect(rtpOf(days[0]!)).toBe('1.0000');
    expect(rtpOf(days[1]!)).toBeNull();
  });

  it('compares with the day before, relative to its magnitude', () => {
    expect(change('110.0000', '100.0000')).toBe('0.1000');
    expect(change(90, 100)).toBe('-0.1000');
    // A loss that shrinks is an improvement.
    expect(change('-50.0000', '-100.0000')).toBe('0.5000');
    expect(change('5.0000', '0.0000')).toBeNull();
  });

  it('formats amounts exactly with separators and the currency decimals', () => {
    expect(formatAmount('1234567.8950')).toBe('1,234,567.90');
    expect(formatAmount('1234567.8949')).toBe('1,234,567.89');
    expect(formatAmount('-760.1283')).toBe('-760.13');
    expect(formatAmount('20021000.0000', 0)).toBe('20,021,000');
    expect(formatAmount('-0.0010')).toBe('0.00');
    expect(formatAmount('12.3456', 4)).toBe('12.3456');
    expect(formatRatio('0.9694')).toBe('96.94%');
    expect(formatRatio('-0.0523')).toBe('-5.23%');
    expect(formatRatio(null)).toBe('-');
  });
});
