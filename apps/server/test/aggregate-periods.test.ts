import { describe, expect, it } from 'vitest';
import { TIMEZONES } from '@console/contract';
import {
  coverRange,
  daySegmentOf,
  formatDay,
  hhOf,
  HH_MS,
  HH_PER_DAY,
  isLongDaySegment,
  localMonths,
  localRangeHh,
  LONG_SEGMENT_HH,
  monthSegmentOf,
  periodStarts,
} from '../src/lib/periods.ts';

/** A seeded generator, so a failure can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const localDay = (t: number, offMin: number) => new Date(t + offMin * 60_000).toISOString().slice(0, 10);
const localMonth = (t: number, offMin: number) => new Date(t + offMin * 60_000).toISOString().slice(0, 7);

describe('aggregate periods', () => {
  it('puts every instant in a day segment and a month segment that lie inside its local day and month in all five timezones', () => {
    const r = rng(7);
    const start = Date.UTC(2023, 0, 1);
    const wrong: string[] = [];
    for (let i = 0; i < 5_000; i++) {
      // Bias towards the 14:00–16:00 UTC edges and month ends, where the timezones disagree.
      const day = Math.floor(r() * 800);
      const minute = r() < 0.5 ? 13 * 60 + Math.floor(r() * 240) : Math.floor(r() * 1440);
      const t = start + day * 86_400_000 + minute * 60_000 + Math.floor(r() * 60_000);
      const hh = hhOf(t);
      const seg = daySegmentOf(hh);
      const mseg = monthSegmentOf(hh);
      if (seg > hh || mseg > seg) wrong.push(`order at ${t}`);
      for (const tz of TIMEZONES) {
        if (localDay(seg * HH_MS, tz.offsetMinutes) !== localDay(t, tz.offsetMinutes)) wrong.push(`day of ${t} in ${tz.label}`);
        if (localMonth(mseg * HH_MS, tz.offsetMinutes) !== localMonth(t, tz.offsetMinutes)) wrong.push(`month of ${t} in ${tz.label}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('segments at the 14:00–16:00 UTC edges: 15:45 UTC is the next day in GMT+8:30 and the same day in GMT+8', () => {
    const t = Date.UTC(2025, 2, 10, 15, 45);
    expect(localDay(daySegmentOf(hhOf(t)) * HH_MS, 480)).toBe('2025-03-10');
    expect(localDay(daySegmentOf(hhOf(t)) * HH_MS, 510)).toBe('2025-03-11');
    // The last UTC day of a month: 15:00 UTC is still March in +8:00/+8:30 and already April from +9:00.
    const m = Date.UTC(2025, 2, 31, 15, 0);
    expect(localMonth(monthSegmentOf(hhOf(m)) * HH_MS, 510)).toBe('2025-03');
    expect(localMonth(monthSegmentOf(hhOf(m)) * HH_MS, 540)).toBe('2025-04');
  });

  it('makes every local day of every timezone one 22-hour segment and four half-hour ones (the daily player count relies on it)', () => {
    const wrong: string[] = [];
    for (const tz of TIMEZONES) {
      for (let day = 19_000; day < 19_800; day++) {
        const date = formatDay(day);
        const { from, to } = localRangeHh(date, date, tz.offsetMinutes);
        const segments = periodStarts(1, from, to);
        const long = segments.filter(isLongDaySegment);
        if (segments.length !== 5 || long.length !== 1) wrong.push(`${date} in ${tz.label}: ${segments.join(',')}`);
        // As the report's SQL finds it from the local day of each half-hour segment.
        for (const s of segments.filter((x) => !isLongDaySegment(x))) {
          const bucket = Math.floor((s + tz.offsetMinutes / 30) / HH_PER_DAY);
          if ((bucket - 1) * HH_PER_DAY + LONG_SEGMENT_HH !== long[0]) wrong.push(`segment ${s} of ${date} in ${tz.label}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('covers a local date range exactly with month and day segments', () => {
    const r = rng(11);
    const wrong: string[] = [];
    for (let i = 0; i < 200; i++) {
      const tz = TIMEZONES[Math.floor(r() * 5)]!;
      const a = Date.UTC(2024, 0, 1) + Math.floor(r() * 500) * 86_400_000;
      const b = a + Math.floor(r() * 400) * 86_400_000;
      const { from, to } = localRangeHh(formatDay(a / 86_400_000), formatDay(b / 86_400_000), tz.offsetMinutes);
      const ranges = coverRange(from, to);
      // Contiguous, in order, from..to.
      let at = from;
      for (const p of ranges) {
        if (p.from !== at || p.to <= p.from) wrong.push(`gap at ${at}`);
        at = p.to;
        // The part is whole segments of its level: the first and last half-hours belong to
        // segments that start inside it, and the one after it starts a new segment.
        const segOf = p.level === 2 ? monthSegmentOf : daySegmentOf;
        if (segOf(p.from) !== p.from || segOf(p.to) !== p.to || segOf(p.to - 1) < p.from) wrong.push(`part ${JSON.stringify(p)}`);
      }
      if (at !== to) wrong.push(`end ${at} != ${to}`);
      const months = localMonths(from, to, tz.offsetMinutes);
      expect(months[0]!.from).toBe(from);
      expect(months[months.length - 1]!.to).toBe(to);
    }
    expect(wrong).toEqual([]);
  });
  it('reads the years 0–99 as those years, not 1900–1999 (Date.UTC does)', () => {
    // 0099-12-31 .. 0100-01-01 is two days; read as 1999 .. 0100 it was minus 693,594.
    const { from, to } = localRangeHh('0099-12-31', '0100-01-01', 480);
    expect(to - from).toBe(2 * HH_PER_DAY);
    expect(localMonths(from, to, 480).map((m) => m.to - m.from)).toEqual([HH_PER_DAY, HH_PER_DAY]);
    expect(formatDay(localRangeHh('0001-03-01', '0001-03-01', 0).from / HH_PER_DAY)).toBe('0001-03-01');
  });

  it('lists exactly the period starts of each level in a range, as the segment functions place half-hours', () => {
    const r = rng(11);
    for (let i = 0; i < 40; i++) {
      // Ranges of up to 70 days, starting anywhere, crossing month ends.
      const from = hhOf(Date.UTC(2024, 0, 1)) + Math.floor(r() * 48 * 500);
      const to = from + Math.floor(r() * 48 * 70);
      const expected: [Set<number>, Set<number>, Set<number>] = [new Set(), new Set(), new Set()];
      for (let hh = from; hh < to; hh++) {
        expected[0].add(hh);
        if (daySegmentOf(hh) >= from) expected[1].add(daySegmentOf(hh));
        if (monthSegmentOf(hh) >= from) expected[2].add(monthSegmentOf(hh));
      }
      for (const level of [0, 1, 2] as const) {
        const starts = periodStarts(level, from, to);
        expect(starts).toEqual([...expected[level]].sort((a, b) => a - b));
      }
    }
    expect(periodStarts(1, 100, 100)).toEqual([]);
  });
});
