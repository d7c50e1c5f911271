import { describe, expect, it } from 'vitest';
import { extractZip, haversineKm, locateAddress, lookupZip } from './geo.service';

describe('offline geocoding', () => {
  it('finds a ZIP code with its city, state and coordinates', () => {
    const austin = lookupZip('78701');
    expect(austin).toMatchObject({ zip: '78701', city: 'Austin', state: 'TX' });
    expect(austin!.lat).toBeCloseTo(30.27, 1);
    expect(austin!.lng).toBeCloseTo(-97.74, 1);
  });

  it('answers undefined for malformed or unknown ZIP codes', () => {
    expect(lookupZip('7870')).toBeUndefined();
    expect(lookupZip('abcde')).toBeUndefined();
    expect(lookupZip('00000')).toBeUndefined();
  });

  it('takes the last 5-digit group of an address, ZIP+4 included', () => {
    expect(extractZip('1200 Barton Springs Rd, Austin, TX 78704')).toBe('78704');
    expect(extractZip('12345 Main St, Austin TX 78701-1234')).toBe('78701');
    expect(extractZip('12 Oak Street')).toBeUndefined();
    expect(locateAddress('500 Main St, Cedar Park, TX 78613')?.city).toBe('Cedar Park');
  });

  it('measures great-circle distances', () => {
    const austin = { lat: 30.2672, lng: -97.7431 };
    const dallas = { lat: 32.7767, lng: -96.797 };
    expect(haversineKm(austin, dallas)).toBeGreaterThan(290);
    expect(haversineKm(austin, dallas)).toBeLessThan(300);
    expect(haversineKm(austin, austin)).toBe(0);
  });
});
