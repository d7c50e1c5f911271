import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import { ConfigError, loadConfig } from '../../config';

describe('booking settings (APP_TIME_ZONE, BOOKING_DAILY_CAP)', () => {
  it('defaults to America/Chicago and 3 bookings a day', () => {
    const config = loadConfig({});
    expect(config.appTimeZone).toBe(DEFAULT_APP_TIME_ZONE);
    expect(config.appTimeZone).toBe('America/Chicago');
    expect(config.bookingDailyCap).toBe(3);
  });

  it('takes a real zone and a cap', () => {
    const config = loadConfig({ APP_TIME_ZONE: ' America/Denver ', BOOKING_DAILY_CAP: '5' });
    expect(config.appTimeZone).toBe('America/Denver');
    expect(config.bookingDailyCap).toBe(5);
  });

  it.each(['Mars/Olympus_Mons', 'Chicago', '+05:00', 'CST-6'])(
    'stops start-up on APP_TIME_ZONE=%j, naming the variable',
    (zone) => {
      expect(() => loadConfig({ APP_TIME_ZONE: zone })).toThrow(ConfigError);
      expect(() => loadConfig({ APP_TIME_ZONE: zone })).toThrow(
        /APP_TIME_ZONE: must be an IANA time-zone name/,
      );
    },
  );

  it.each(['0', '-1', '2.5', 'three', '101'])('stops start-up on BOOKING_DAILY_CAP=%j', (cap) => {
    expect(() => loadConfig({ BOOKING_DAILY_CAP: cap })).toThrow(/BOOKING_DAILY_CAP/);
  });
});
