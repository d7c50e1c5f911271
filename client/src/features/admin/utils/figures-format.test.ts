import { describe, expect, it } from 'vitest';
import { formatDayOnClock, formatDuration, formatMonth } from './figures-format';

describe('formatDuration', () => {
  it.each([
    [0, '1 min'],
    [45, '1 min'],
    [90, '2 min'],
    [3600, '1 h'],
    [3900, '1 h 5 min'],
    [86_400, '1 d'],
    [93_600, '1 d 2 h'],
    [21_660, '6 h 1 min'],
  ])('%i s → %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe('formatMonth', () => {
  it('names the calendar month whatever the process zone', () => {
    expect(formatMonth('2026-01')).toBe('Jan 2026');
    expect(formatMonth('2025-12')).toBe('Dec 2025');
  });
});

describe('formatDayOnClock', () => {
  it('writes the day of the given zone, not of the process (TZ=Asia/Kolkata in tests)', () => {
    // 03:00 UTC on Jan 15 is still Jan 14 in Chicago, already Jan 15 in Kolkata.
    expect(formatDayOnClock('2026-01-15T03:00:00.000Z', 'America/Chicago')).toBe('2026-01-14');
    expect(formatDayOnClock('2026-01-15T03:00:00.000Z', 'Asia/Kolkata')).toBe('2026-01-15');
  });
});
