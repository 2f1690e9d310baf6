import { describe, expect, it } from 'vitest';
import { instantsOfUtcDay, utcDayOf, utcDaysOf } from '../src/db/player-days.ts';

const DAY = 86_400_000;

describe('the days a player look-up names (SQLite by-day player indexes)', () => {
  it('lists the day of every instant in the range and no day outside it', () => {
    let seed = 5;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 300; i++) {
      const from = Date.UTC(2025, 0, 1) + Math.floor(next() * 400 * DAY);
      // Often exactly on a midnight, where an off-by-one would show.
      const to = next() < 0.3 ? (Math.trunc(from / DAY) + 1 + Math.floor(next() * 40)) * DAY : from + Math.floor(next() * 40 * DAY);
      const days = utcDaysOf(from, to);
      for (const t of [from, to - 1, from + Math.floor(next() * (to - from))]) {
        if (t >= from && t < to) expect(days).toContain(Math.trunc(t / DAY));
      }
      for (const d of days) expect(d * DAY < to && (d + 1) * DAY > from).toBe(true);
      expect(days).toEqual([...new Set(days)].sort((a, b) => a - b));
    }
    expect(utcDaysOf(5 * DAY, 5 * DAY)).toEqual([]);
    expect(utcDaysOf(5 * DAY, 6 * DAY)).toEqual([5]);
    expect(utcDaysOf(5 * DAY - 1, 6 * DAY + 1)).toEqual([4, 5, 6]);
  });
});

describe('the instants of a UTC day as SQL numbers it (time / 86400000, truncated)', () => {
  it('are exactly those whose day it is, on both sides of 1970 too', () => {
    for (const day of [-3, -2, -1, 0, 1, 2, 20_509]) {
      const { from, to } = instantsOfUtcDay(day);
      expect([utcDayOf(from), utcDayOf(to)], `day ${day}`).toEqual([day, day]);
      expect(utcDayOf(from - 1), `day ${day}`).not.toBe(day);
      expect(utcDayOf(to + 1), `day ${day}`).not.toBe(day);
    }
  });
});

