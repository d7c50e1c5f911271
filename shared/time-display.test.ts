import { describe, expect, it } from 'vitest';
import { instantOnClock } from './dates';
import { formatDayOnClock, formatTimeOnClock, formatWindowOnClock, zoneAbbreviation } from './time-display';

const CHICAGO = 'America/Chicago';

describe('a window shown on a zone’s clock', () => {
  const DENVER = 'America/Denver';
  const NEW_YORK = 'America/New_York';
  const PHOENIX = 'America/Phoenix';
  const windowOn = (date: string, start: string, end: string, zone: string) => ({
    startsAt: instantOnClock(date, start, zone).toISOString(),
    endsAt: instantOnClock(date, end, zone).toISOString(),
  });

  it('shows the day, both times and the abbreviation of the zone it is given', () => {
    const window = { startsAt: '2026-12-01T15:00:00.000Z', endsAt: '2026-12-01T17:00:00.000Z' };
    expect(formatWindowOnClock(window, CHICAGO)).toBe('Tue, Dec 1 · 9:00 AM – 11:00 AM CST');
    expect(formatWindowOnClock(window, NEW_YORK)).toBe('Tue, Dec 1 · 10:00 AM – 12:00 PM EST');
    expect(formatWindowOnClock(window, DENVER)).toBe('Tue, Dec 1 · 8:00 AM – 10:00 AM MST');
    // Dates (the server's rows) read the same as ISO text (the API's).
    const rows = { startsAt: new Date(window.startsAt), endsAt: new Date(window.endsAt) };
    expect(formatWindowOnClock(rows, DENVER)).toBe('Tue, Dec 1 · 8:00 AM – 10:00 AM MST');
  });

  it('reads one window of 8:00–10:00 in Denver as the same wall time there in summer and in winter', () => {
    expect(formatWindowOnClock(windowOn('2026-03-10', '08:00', '10:00', DENVER), DENVER)).toBe(
      'Tue, Mar 10 · 8:00 AM – 10:00 AM MDT',
    );
    expect(formatWindowOnClock(windowOn('2026-12-08', '08:00', '10:00', DENVER), DENVER)).toBe(
      'Tue, Dec 8 · 8:00 AM – 10:00 AM MST',
    );
  });

  it('keeps Phoenix on MST across the Sunday the rest of the country changes its clocks', () => {
    // 8 March 2026: Denver springs forward, Phoenix does not.
    const phoenix = windowOn('2026-03-08', '01:00', '04:00', PHOENIX);
    expect(new Date(phoenix.endsAt).getTime() - new Date(phoenix.startsAt).getTime()).toBe(3 * 3_600_000);
    expect(formatWindowOnClock(phoenix, PHOENIX)).toBe('Sun, Mar 8 · 1:00 AM – 4:00 AM MST');
    // The same instants in Denver cross its change: an hour of the window never shows on its clocks.
    expect(formatWindowOnClock(phoenix, DENVER)).toBe('Sun, Mar 8 · 1:00 AM MST – 5:00 AM MDT');
  });

  it('names both abbreviations when the clocks change inside the window', () => {
    const spring = windowOn('2026-03-08', '01:00', '04:00', CHICAGO);
    expect(formatWindowOnClock(spring, CHICAGO)).toBe('Sun, Mar 8 · 1:00 AM CST – 4:00 AM CDT');
    const fall = { startsAt: '2026-11-01T05:00:00.000Z', endsAt: '2026-11-01T09:00:00.000Z' };
    expect(formatWindowOnClock(fall, CHICAGO)).toBe('Sun, Nov 1 · 12:00 AM CDT – 3:00 AM CST');
    const after = windowOn('2026-03-08', '09:00', '11:00', CHICAGO);
    expect(formatWindowOnClock(after, CHICAGO)).toBe('Sun, Mar 8 · 9:00 AM – 11:00 AM CDT');
  });

  it('names the end day when the window runs past midnight, not when it ends at it', () => {
    const toMidnight = { startsAt: '2026-12-02T04:00:00.000Z', endsAt: '2026-12-02T06:00:00.000Z' };
    expect(formatWindowOnClock(toMidnight, CHICAGO)).toBe('Tue, Dec 1 · 10:00 PM – 12:00 AM CST');
    const overnight = { startsAt: '2026-12-02T04:00:00.000Z', endsAt: '2026-12-02T08:00:00.000Z' };
    expect(formatWindowOnClock(overnight, CHICAGO)).toBe('Tue, Dec 1 · 10:00 PM – Wed, Dec 2 · 2:00 AM CST');
  });

  it('formats the parts alone on the zone’s clock', () => {
    const instant = '2026-07-01T03:30:00.000Z';
    expect(formatDayOnClock(instant, CHICAGO)).toBe('Tue, Jun 30');
    expect(formatTimeOnClock(instant, CHICAGO)).toBe('10:30 PM');
    expect(formatDayOnClock(instant, 'Asia/Kolkata')).toBe('Wed, Jul 1');
    expect(zoneAbbreviation(instant, CHICAGO)).toBe('CDT');
    expect(zoneAbbreviation(instant, PHOENIX)).toBe('MST');
    expect(zoneAbbreviation(instant, 'Asia/Kolkata')).toBe('GMT+5:30');
  });
});
