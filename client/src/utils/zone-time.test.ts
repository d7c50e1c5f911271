import { describe, expect, it } from 'vitest';
import { formatCalendarDate, wallWindowOf, windowOnClock } from './zone-time';

const CHICAGO = 'America/Chicago';
const DENVER = 'America/Denver';
const PHOENIX = 'America/Phoenix';

describe('windowOnClock', () => {
  it('reads the wall-clock times in the zone it is given, not the process zone', () => {
    const entered = { date: '2026-12-01', start: '09:00', end: '11:00' };
    // Standard time: Chicago UTC-6, Denver and Phoenix UTC-7, Kolkata UTC+5:30.
    expect(windowOnClock(entered, CHICAGO)).toEqual({
      startsAt: '2026-12-01T15:00:00.000Z',
      endsAt: '2026-12-01T17:00:00.000Z',
    });
    expect(windowOnClock(entered, DENVER)?.startsAt).toBe('2026-12-01T16:00:00.000Z');
    expect(windowOnClock(entered, 'Asia/Kolkata')?.startsAt).toBe('2026-12-01T03:30:00.000Z');
    // In July Chicago is on daylight time (UTC-5); Phoenix keeps standard time all year.
    const july = { date: '2026-07-01', start: '09:00', end: '11:00' };
    expect(windowOnClock(july, CHICAGO)?.startsAt).toBe('2026-07-01T14:00:00.000Z');
    expect(windowOnClock(july, PHOENIX)?.startsAt).toBe('2026-07-01T16:00:00.000Z');
  });

  it('refuses malformed parts', () => {
    const window = { date: '2026-12-01', start: '09:00', end: '11:00' };
    expect(windowOnClock({ ...window, date: '' }, CHICAGO)).toBeNull();
    expect(windowOnClock({ ...window, start: '' }, CHICAGO)).toBeNull();
    expect(windowOnClock({ ...window, end: '24:00' }, CHICAGO)).toBeNull();
    expect(windowOnClock({ ...window, date: '12/01/2026' }, CHICAGO)).toBeNull();
    expect(windowOnClock({ ...window, end: '' }, CHICAGO)).toBeNull();
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
    // Phoenix does not change: 09:00 is 16:00 UTC on both days.
    expect(windowOnClock({ date: '2026-03-08', start: '09:00', end: '11:00' }, PHOENIX)?.startsAt).toBe(
      '2026-03-08T16:00:00.000Z',
    );
  });

  it('fall back (2026-11-01): 00:00–03:00 lasts four hours, 09:00 is standard time', () => {
    const night = windowOnClock({ date: '2026-11-01', start: '00:00', end: '03:00' }, CHICAGO);
    expect(night).toEqual({ startsAt: '2026-11-01T05:00:00.000Z', endsAt: '2026-11-01T09:00:00.000Z' });
    const morning = windowOnClock({ date: '2026-11-01', start: '09:00', end: '11:00' }, CHICAGO);
    expect(morning).toEqual({ startsAt: '2026-11-01T15:00:00.000Z', endsAt: '2026-11-01T17:00:00.000Z' });
  });

  it('an end of 00:00 is the midnight that ends the day', () => {
    expect(windowOnClock({ date: '2026-12-31', start: '22:00', end: '00:00' }, CHICAGO)).toEqual({
      startsAt: '2027-01-01T04:00:00.000Z',
      endsAt: '2027-01-01T06:00:00.000Z',
    });
  });

  it('round-trips through wallWindowOf in any zone', () => {
    const entered = { date: '2026-03-08', start: '09:30', end: '11:45' };
    for (const zone of [CHICAGO, DENVER, PHOENIX, 'America/New_York']) {
      expect(wallWindowOf(windowOnClock(entered, zone)!, zone)).toEqual(entered);
    }
  });
});

describe('formatCalendarDate', () => {
  it('shows a calendar date as it is, whatever the zone', () => {
    expect(formatCalendarDate('2026-12-01')).toBe('Tue, Dec 1, 2026');
    expect(formatCalendarDate('not a date')).toBe('not a date');
  });
});
