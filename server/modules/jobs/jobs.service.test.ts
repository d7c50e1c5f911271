import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_KM } from '@shared/geo';
import { haversineKm } from '../geo';
import { boundingBox, splitPayout } from './jobs.service';

/** The point `distanceKm` from `origin` along `bearingDeg` (great-circle destination). */
function destination(origin: { lat: number; lng: number }, bearingDeg: number, distanceKm: number) {
  const rad = Math.PI / 180;
  const angular = distanceKm / EARTH_RADIUS_KM;
  const lat1 = origin.lat * rad;
  const bearing = bearingDeg * rad;
  const lat2 = Math.asin(
    Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing),
  );
  const lng2 =
    origin.lng * rad +
    Math.atan2(
      Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1),
      Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2),
    );
  return { lat: lat2 / rad, lng: ((lng2 / rad + 540) % 360) - 180 };
}

describe('boundingBox', () => {
  it('contains every point within the radius (so the index never drops a nearby job)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -80, max: 80, noNaN: true }),
        fc.double({ min: -179, max: 179, noNaN: true }),
        fc.double({ min: 1, max: 200, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lat, lng, radiusKm, bearing, fraction) => {
          const point = destination({ lat, lng }, bearing, radiusKm * fraction);
          expect(haversineKm({ lat, lng }, point)).toBeLessThanOrEqual(radiusKm + 1e-6);
          const box = boundingBox(lat, lng, radiusKm);
          expect(point.lat).toBeGreaterThanOrEqual(box.minLat);
          expect(point.lat).toBeLessThanOrEqual(box.maxLat);
          expect(point.lng).toBeGreaterThanOrEqual(box.minLng);
          expect(point.lng).toBeLessThanOrEqual(box.maxLng);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('is tight: about ±0.36° of latitude and ±0.41° of longitude for 40 km in Austin', () => {
    const box = boundingBox(30.27, -97.74, 40);
    expect(box.maxLat - 30.27).toBeCloseTo(0.3597, 3);
    expect(box.maxLng + 97.74).toBeCloseTo(0.4163, 3);
  });

  it('takes every longitude near a pole or across the antimeridian', () => {
    expect(boundingBox(89.9, 10, 50)).toMatchObject({ minLng: -180, maxLng: 180 });
    expect(boundingBox(10, 179.9, 50)).toMatchObject({ minLng: -180, maxLng: 180 });
  });
});

describe('splitPayout', () => {
  it('takes the platform fee in whole cents and pays the rest', () => {
    expect(splitPayout('300.00', 10)).toEqual({
      plumberGross: '300.00',
      platformFee: '30.00',
      plumberNet: '270.00',
    });
    expect(splitPayout('250.55', 10)).toEqual({
      plumberGross: '250.55',
      platformFee: '25.06',
      plumberNet: '225.49',
    });
    expect(splitPayout('99.99', 0)).toEqual({
      plumberGross: '99.99',
      platformFee: '0.00',
      plumberNet: '99.99',
    });
    expect(splitPayout('0.10', 12.5)).toEqual({
      plumberGross: '0.10',
      platformFee: '0.01',
      plumberNet: '0.09',
    });
  });
});
