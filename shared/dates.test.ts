import { describe, expect, it } from 'vitest';
import { addCalendarDays, dayFromTodayIn, hasSlotStarted, todayIn, wallClockIn, weekdayOf } from './dates';
import { DEFAULT_APP_TIME_ZONE, isTimeZone } from './time-zone';

const CHICAGO = 'America/Chicago';
const at = (iso: string) => new Date(iso);

describe('isTimeZone', () => {
  it.each(['America/Chicago', 'Pacific/Kiritimati', 'Asia/Kolkata', 'UTC', DEFAULT_APP_TIME_ZONE])(
    'accepts %s',
    (zone) => expect(isTimeZone(zone)).toBe(true),
  );
  it.each(['Mars/Olympus_Mons', 'America/Chicag', '', 'CST6CDT-ish', '+05:00', '-0600', 'Z'])(
    'refuses %j',
    (zone) => expect(isTimeZone(zone)).toBe(false),
  );
});

describe('the wall clock of a zone, whatever zone the process runs in', () => {
  it('gives the zone’s date, not the process’s or UTC’s', () => {
    // 03:30 UTC on 10 June is still 9 June in Chicago and already 10 June in Kiritimati (UTC+14).
    const instant = at('2026-06-10T03:30:00Z');
    expect(todayIn(CHICAGO, instant)).toBe('2026-06-09');
    expect(wallClockIn(CHICAGO, instant)).toEqual({ date: '2026-06-09', time: '22:30' });
    expect(wallClockIn('Pacific/Kiritimati', instant)).toEqual({ date: '2026-06-10', time: '17:30' });
    expect(todayIn('UTC', instant)).toBe('2026-06-10');
  });

  describe('across the spring DST change (Chicago, Sunday 8 March 2026, 02:00 CST → 03:00 CDT)', () => {
    it('reads the last minute before and the first minute after the jump', () => {
      expect(wallClockIn(CHICAGO, at('2026-03-08T07:59:00Z'))).toEqual({ date: '2026-03-08', time: '01:59' });
      expect(wallClockIn(CHICAGO, at('2026-03-08T08:00:00Z'))).toEqual({ date: '2026-03-08', time: '03:00' });
    });

    it('starts the next day at local midnight, an hour earlier in UTC than the day before', () => {
      // Midnight CST is 06:00 UTC; midnight CDT is 05:00 UTC. A fixed -6 h offset gets 05:30 wrong.
      expect(todayIn(CHICAGO, at('2026-03-08T05:59:00Z'))).toBe('2026-03-07');
      expect(todayIn(CHICAGO, at('2026-03-08T06:00:00Z'))).toBe('2026-03-08');
      expect(todayIn(CHICAGO, at('2026-03-09T04:59:00Z'))).toBe('2026-03-08');
      expect(todayIn(CHICAGO, at('2026-03-09T05:30:00Z'))).toBe('2026-03-09');
    });

    it('judges slots by the clock on the wall after the jump', () => {
      const justAfter = at('2026-03-08T08:05:00Z'); // 03:05 CDT
      expect(hasSlotStarted({ date: '2026-03-08', startTime: '03:00' }, CHICAGO, justAfter)).toBe(true);
      expect(hasSlotStarted({ date: '2026-03-08', startTime: '04:00' }, CHICAGO, justAfter)).toBe(false);
      expect(hasSlotStarted({ date: '2026-03-08', startTime: '08:00' }, CHICAGO, justAfter)).toBe(false);
    });
  });

  describe('across the autumn DST change (Chicago, Sunday 1 November 2026, 02:00 CDT → 01:00 CST)', () => {
    it('runs the hour after 01:00 twice and stays on 1 November', () => {
      expect(wallClockIn(CHICAGO, at('2026-11-01T06:30:00Z'))).toEqual({ date: '2026-11-01', time: '01:30' });
      expect(wallClockIn(CHICAGO, at('2026-11-01T07:30:00Z'))).toEqual({ date: '2026-11-01', time: '01:30' });
      expect(wallClockIn(CHICAGO, at('2026-11-01T08:30:00Z'))).toEqual({ date: '2026-11-01', time: '02:30' });
    });

    it('ends the day at local midnight, an hour later in UTC than it began', () => {
      // Midnight CDT is 05:00 UTC; the next midnight (CST) is 06:00 UTC. A fixed -5 h offset gets 05:30 wrong.
      expect(todayIn(CHICAGO, at('2026-11-01T04:59:00Z'))).toBe('2026-10-31');
      expect(todayIn(CHICAGO, at('2026-11-01T05:00:00Z'))).toBe('2026-11-01');
      expect(todayIn(CHICAGO, at('2026-11-02T05:30:00Z'))).toBe('2026-11-01');
      expect(todayIn(CHICAGO, at('2026-11-02T06:00:00Z'))).toBe('2026-11-02');
    });

    it('judges a late-evening slot after the change by the new offset', () => {
      const lateEvening = at('2026-11-02T04:30:00Z'); // 22:30 CST on 1 November
      expect(hasSlotStarted({ date: '2026-11-01', startTime: '22:00' }, CHICAGO, lateEvening)).toBe(true);
      expect(hasSlotStarted({ date: '2026-11-01', startTime: '23:00' }, CHICAGO, lateEvening)).toBe(false);
      expect(hasSlotStarted({ date: '2026-11-02', startTime: '08:00' }, CHICAGO, lateEvening)).toBe(false);
    });
  });
});

describe('calendar arithmetic on date strings', () => {
  it.each([
    ['2026-03-07', 1, '2026-03-08'],
    ['2026-03-07', 2, '2026-03-09'],
    ['2026-10-31', 1, '2026-11-01'],
    ['2026-10-31', 2, '2026-11-02'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2027-02-28', 1, '2027-03-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-06-15', 0, '2026-06-15'],
    ['2026-06-15', 30, '2026-07-15'],
  ])('%s + %i days is %s', (date, days, expected) => {
    expect(addCalendarDays(date, days)).toBe(expected);
  });

  it('names weekdays, Sunday first', () => {
    expect(weekdayOf('2026-03-08')).toBe(0); // the DST Sunday
    expect(weekdayOf('2026-11-01')).toBe(0);
    expect(weekdayOf('2026-11-02')).toBe(1);
    expect(weekdayOf('2028-02-29')).toBe(2);
  });

  it('counts days from the zone’s today', () => {
    const instant = at('2026-06-10T03:30:00Z'); // 9 June in Chicago
    expect(dayFromTodayIn(CHICAGO, 0, instant)).toBe('2026-06-09');
    expect(dayFromTodayIn(CHICAGO, 3, instant)).toBe('2026-06-12');
    expect(dayFromTodayIn(CHICAGO, -1, instant)).toBe('2026-06-08');
  });
});

describe('hasSlotStarted', () => {
  const noon = at('2026-06-10T17:00:00Z'); // 12:00 CDT on 10 June
  it.each([
    ['a past day', '2026-06-09', '23:00', true],
    ['earlier today', '2026-06-10', '11:00', true],
    ['right now', '2026-06-10', '12:00', true],
    ['a minute from now', '2026-06-10', '12:01', false],
    ['tomorrow, early', '2026-06-11', '00:00', false],
  ])('%s: %s %s → %s', (_label, date, startTime, started) => {
    expect(hasSlotStarted({ date, startTime }, CHICAGO, noon)).toBe(started);
  });
});

describe('todayIn, worked out once per zone and second', () => {
  const ZONES = [CHICAGO, 'UTC', 'Pacific/Kiritimati', 'Asia/Kolkata', 'America/St_Johns', 'Asia/Kathmandu'];

  it('gives the wall clock’s date for any instant and zone, in any order of calls', () => {
    // A fixed pseudo-random walk (shared/ takes no test libraries): instants from 1850 to 2150, through
    // every offset change of these zones, their local mean times included; every other call within a
    // millisecond of the one before it, in another zone or the same one.
    let seed = 20261202;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const from = Date.UTC(1850, 0, 1);
    const span = Date.UTC(2150, 0, 1) - from;
    let previous = from;
    for (let call = 0; call < 5_000; call++) {
      const zone = ZONES[Math.floor(next() * ZONES.length)];
      const instant = new Date(
        call % 2 ? previous + Math.floor(next() * 3) - 1 : from + Math.floor(next() * span),
      );
      previous = instant.getTime();
      expect(todayIn(zone, instant)).toBe(wallClockIn(zone, instant).date);
    }
  });

  it('moves to the next date at the zone’s midnight, the instant after the one it answered', () => {
    expect(todayIn(CHICAGO, at('2026-06-10T04:59:59.999Z'))).toBe('2026-06-09');
    expect(todayIn(CHICAGO, at('2026-06-10T05:00:00.000Z'))).toBe('2026-06-10');
    expect(todayIn(CHICAGO, at('2026-06-10T04:59:59.999Z'))).toBe('2026-06-09');
  });
});
