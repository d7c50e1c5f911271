import { describe, expect, it } from 'vitest';
import { areaOfAddress, extractZip, haversineKm, locateAddress, lookupZip } from './geo.service';

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

  it('finds the last group again after an address without one (the pattern keeps no state between calls)', () => {
    expect(extractZip('12345 Main St, Austin TX 78701')).toBe('78701');
    expect(extractZip('no number here')).toBeUndefined();
    expect(extractZip('78745')).toBe('78745');
    expect(extractZip('9 Elm St, Round Rock, TX 78664')).toBe('78664');
  });

  it('names the area of an address by its ZIP code and drops the street, the same on every call', () => {
    for (let call = 0; call < 2; call++) {
      expect(areaOfAddress('6210 Manchaca Rd, Austin, TX 78745')).toBe('Austin, TX 78745');
      expect(areaOfAddress('1 Other Rd, Austin, TX 78745-1234')).toBe('Austin, TX 78745');
      expect(areaOfAddress('12 Elm St, Nowhere 00000')).toBeNull();
      expect(areaOfAddress('Somewhere without a ZIP')).toBeNull();
    }
  });

  it('measures great-circle distances', () => {
    const austin = { lat: 30.2672, lng: -97.7431 };
    const dallas = { lat: 32.7767, lng: -96.797 };
    expect(haversineKm(austin, dallas)).toBeGreaterThan(290);
    expect(haversineKm(austin, dallas)).toBeLessThan(300);
    expect(haversineKm(austin, austin)).toBe(0);
  });
});
