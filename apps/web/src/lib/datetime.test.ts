import { describe, expect, it } from 'vitest';
import { dayAt, formatDateTime, instantAt, offsetOf, zoneLabel } from './datetime';

describe('formatDateTime', () => {
  it('shows a moment as wall-clock time in the given zone, whatever its own offset', () => {
    expect(formatDateTime('2026-11-26T16:01:44.123Z', 480)).toBe('2026-11-27 00:01:44');
    expect(formatDateTime('2026-11-27T00:01:44+08:00', 540)).toBe('2026-11-27 01:01:44');
    expect(formatDateTime('2026-11-26T16:01:44Z', 480, 'minute')).toBe('2026-11-27 00:01');
    expect(formatDateTime(Date.UTC(2026, 10, 26, 15, 59, 59), 480, 'date')).toBe('2026-11-26');
  });

  it('gives nothing for nothing or for what is not a time', () => {
    expect(formatDateTime(null, 480)).toBe('');
    expect(formatDateTime('', 480)).toBe('');
    expect(formatDateTime('not a time', 480)).toBe('');
  });

  it('knows the five zones and falls back to the default for an unknown id', () => {
    expect(offsetOf(3)).toBe(540);
    expect(offsetOf(99)).toBe(480);
    expect(zoneLabel(5)).toBe('GMT+10:00');
    expect(dayAt('2026-11-26T16:30:00Z', 480)).toBe('2026-11-27');
    expect(dayAt('2026-11-26T16:30:00Z', 0)).toBe('2026-11-26');
  });
});

describe('instantAt', () => {
  it('reads a wall-clock time in the chosen zone, whatever the browser’s', () => {
    expect(instantAt('2026-11-27 10:00:00', 540)).toBe('2026-11-27T10:00:00+09:00');
    expect(instantAt('2026-11-27 10:00', -210)).toBe('2026-11-27T10:00:00-03:30');
    expect(instantAt('2026-11-27', 0)).toBe('2026-11-27T00:00:00+00:00');
    expect(Date.parse(instantAt('2026-11-27 23:59:59', 480))).toBe(Date.parse('2026-11-27T15:59:59Z'));
    expect(formatDateTime(instantAt('2026-11-27 08:01:44', 330), 330)).toBe('2026-11-27 08:01:44');
  });
});
