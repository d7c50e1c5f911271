import { describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatWindowOnClock,
  instantOnClock,
  wallWindowOf,
  windowOnClock,
} from './app-time';

const CHICAGO = 'America/Chicago';

describe('instantOnClock', () => {
  it('reads a wall-clock time in the app zone, not the process zone', () => {
    // Standard time (UTC-6) in December, daylight time (UTC-5) in July.
    expect(instantOnClock('2026-12-01', '09:00', CHICAGO)).toBe('2026-12-01T15:00:00.000Z');
    expect(instantOnClock('2026-07-01', '09:00', CHICAGO)).toBe('2026-07-01T14:00:00.000Z');
    expect(instantOnClock('2026-07-01', '09:00', 'Asia/Kolkata')).toBe('2026-07-01T03:30:00.000Z');
  });

  it('refuses malformed parts', () => {
    expect(instantOnClock('', '09:00', CHICAGO)).toBeNull();
    expect(instantOnClock('2026-12-01', '', CHICAGO)).toBeNull();
    expect(instantOnClock('2026-12-01', '24:00', CHICAGO)).toBeNull();
    expect(instantOnClock('12/01/2026', '09:00', CHICAGO)).toBeNull();
  });
});

describe('windowOnClock on the days the clocks change in America/Chicago', () => {
  it('spring forward (2026-03-08): 01:00–04:00 lasts two hours, 09:00 is already daylight time', () => {
    const night = windowOnClock({ date: '2026-03-08', start: '01:00', end: '04:00' }, CHICAGO);
    expect(night).toEqual({ startsAt: '2026-03-08T07:00:00.000Z', endsAt: '2026-03-08T09:00:00.000Z' });
    const morning = windowOnClock({ date: '2026-03-08', start: '09:00', end: '11:00' }, CHICAGO);
    expect(morning).toEqual({ startsAt: '2026-03-08T14:00:00.000Z', endsAt: '2026-03-08T16:00:00.000Z' });
    // The day before is still standard time.
    expect(windowOnClock({ date: '2026-03-07', start: '09:00', end: '11:00' }, CHICAGO)?.startsAt).toBe(
      '2026-03-07T15:00:00.000Z',
    );
  });

  it('fall back (2026-11-01): 00:00–03:00 lasts four hours, 09:00 is standard time', () => {
    const night = windowOnClock({ date: '2026-11-01', start: '00:00', end: '03:00' }, CHICAGO);
    expect(night).toEqual({ startsAt: '2026-11-01T05:00:00.000Z', endsAt: '2026-11-01T09:00:00.000Z' });
    const morning = windowOnClock({ date: '2026-11-01', start: '09:00', end: '11:00' }, CHICAGO);
    expect(morning).toEqual({ startsAt: '2026-11-01T15:00:00.000Z', endsAt: '2026-11-01T17:00:00.000Z' });
  });

  it('an end of 00:00 is the midnight that ends the day; a missing part gives nothing', () => {
    expect(windowOnClock({ date: '2026-12-31', start: '22:00', end: '00:00' }, CHICAGO)).toEqual({
      startsAt: '2027-01-01T04:00:00.000Z',
      endsAt: '2027-01-01T06:00:00.000Z',
    });
    expect(windowOnClock({ date: '2026-12-01', start: '09:00', end: '' }, CHICAGO)).toBeNull();
  });

  it('round-trips through wallWindowOf', () => {
    const entered = { date: '2026-03-08', start: '09:30', end: '11:45' };
    expect(wallWindowOf(windowOnClock(entered, CHICAGO)!, CHICAGO)).toEqual(entered);
  });
});

describe('formatWindowOnClock', () => {
  it('shows the day, both times and the zone abbreviation of the app zone', () => {
    const window = { startsAt: '2026-12-01T15:00:00.000Z', endsAt: '2026-12-01T17:00:00.000Z' };
    expect(formatWindowOnClock(window, CHICAGO)).toBe('Tue, Dec 1 · 9:00 AM – 11:00 AM CST');
    expect(formatWindowOnClock(window, 'America/New_York')).toBe('Tue, Dec 1 · 10:00 AM – 12:00 PM EST');
  });

  it('names both abbreviations when the clocks change inside the window', () => {
    const spring = windowOnClock({ date: '2026-03-08', start: '01:00', end: '04:00' }, CHICAGO)!;
    expect(formatWindowOnClock(spring, CHICAGO)).toBe('Sun, Mar 8 · 1:00 AM CST – 4:00 AM CDT');
    const fall = windowOnClock({ date: '2026-11-01', start: '00:00', end: '03:00' }, CHICAGO)!;
    expect(formatWindowOnClock(fall, CHICAGO)).toBe('Sun, Nov 1 · 12:00 AM CDT – 3:00 AM CST');
    const after = windowOnClock({ date: '2026-03-08', start: '09:00', end: '11:00' }, CHICAGO)!;
    expect(formatWindowOnClock(after, CHICAGO)).toBe('Sun, Mar 8 · 9:00 AM – 11:00 AM CDT');
  });

  it('names the end day when the window runs past midnight, not when it ends at it', () => {
    const toMidnight = { startsAt: '2026-12-02T04:00:00.000Z', endsAt: '2026-12-02T06:00:00.000Z' };
    expect(formatWindowOnClock(toMidnight, CHICAGO)).toBe('Tue, Dec 1 · 10:00 PM – 12:00 AM CST');
    const overnight = { startsAt: '2026-12-02T04:00:00.000Z', endsAt: '2026-12-02T08:00:00.000Z' };
    expect(formatWindowOnClock(overnight, CHICAGO)).toBe('Tue, Dec 1 · 10:00 PM – Wed, Dec 2 · 2:00 AM CST');
  });
});

describe('formatCalendarDate', () => {
  it('shows a calendar date as it is, whatever the zone', () => {
    expect(formatCalendarDate('2026-12-01')).toBe('Tue, Dec 1, 2026');
    expect(formatCalendarDate('not a date')).toBe('not a date');
  });
});
