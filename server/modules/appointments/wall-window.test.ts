import { describe, expect, it } from 'vitest';
import { wallWindowOf } from './appointments.service';

const CHICAGO = 'America/Chicago';
const window = (startsAt: string, endsAt: string) => ({
  startsAt: new Date(startsAt),
  endsAt: new Date(endsAt),
});

describe('wallWindowOf (the window on a zone’s clock: the plumber’s)', () => {
  it('reads the wall clock of the zone, not UTC or the process', () => {
    // 14:00–16:00 UTC on 9 March 2026 is 09:00–11:00 in Chicago (CDT, -05:00, since 8 March).
    expect(wallWindowOf(window('2026-03-09T14:00:00Z', '2026-03-09T16:00:00Z'), CHICAGO)).toEqual({
      date: '2026-03-09',
      startMinute: 9 * 60,
      endMinute: 11 * 60,
      sameDay: true,
      days: ['2026-03-09'],
    });
    // The same instants a week earlier are 08:00–10:00 (CST, -06:00).
    expect(wallWindowOf(window('2026-03-02T14:00:00Z', '2026-03-02T16:00:00Z'), CHICAGO)).toMatchObject({
      startMinute: 8 * 60,
      endMinute: 10 * 60,
    });
  });

  it('a window ending at the next midnight ends at minute 1440 of its day', () => {
    expect(wallWindowOf(window('2026-06-01T03:00:00Z', '2026-06-01T05:00:00Z'), CHICAGO)).toEqual({
      date: '2026-05-31',
      startMinute: 22 * 60,
      endMinute: 1440,
      sameDay: true,
      days: ['2026-05-31'],
    });
  });

  it('a window running past midnight touches two days', () => {
    expect(wallWindowOf(window('2026-06-01T04:00:00Z', '2026-06-01T06:00:00Z'), CHICAGO)).toMatchObject({
      date: '2026-05-31',
      sameDay: false,
      days: ['2026-05-31', '2026-06-01'],
    });
  });
});
