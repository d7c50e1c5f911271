import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_KM, haversineKm } from './geo';

describe('haversineKm', () => {
  it('is zero from a point to itself and the same both ways', () => {
    const austin = { lat: 30.2672, lng: -97.7431 };
    const dallas = { lat: 32.7767, lng: -96.797 };
    expect(haversineKm(austin, austin)).toBe(0);
    expect(haversineKm(austin, dallas)).toBeCloseTo(haversineKm(dallas, austin), 9);
    expect(haversineKm(austin, dallas)).toBeGreaterThan(290);
    expect(haversineKm(austin, dallas)).toBeLessThan(300);
  });

  it('measures a degree of a meridian and of the equator as a 360th of the circumference', () => {
    const degree = (2 * Math.PI * EARTH_RADIUS_KM) / 360;
    expect(degree).toBeCloseTo(111.195, 3);
    expect(haversineKm({ lat: 10, lng: 20 }, { lat: 11, lng: 20 })).toBeCloseTo(degree, 6);
    expect(haversineKm({ lat: 0, lng: 179.5 }, { lat: 0, lng: -179.5 })).toBeCloseTo(degree, 6);
  });

  it('gives half the circumference between antipodes, never NaN', () => {
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * EARTH_RADIUS_KM, 6);
    expect(haversineKm({ lat: 30.2672, lng: -97.7431 }, { lat: -30.2672, lng: 82.2569 })).toBeCloseTo(
      Math.PI * EARTH_RADIUS_KM,
      6,
    );
  });
});
