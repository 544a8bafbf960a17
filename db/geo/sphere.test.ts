// WithinRadius decides as the haversine does, at any distance from the boundary: far inside, far
// outside, and on the circle itself (points placed at the radius, where only the full measure can
// tell), at every latitude and across the antimeridian.
import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_KM, haversineKm, WithinRadius } from './sphere.ts';

const RAD = Math.PI / 180;

/** The point `km` from an origin on a bearing (the sphere's destination formula). */
function destination(lat: number, lng: number, km: number, bearing: number) {
  const d = km / EARTH_RADIUS_KM;
  const lat1 = lat * RAD;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(bearing));
  const lng2 =
    lng * RAD +
    Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  let lngDeg = lng2 / RAD;
  if (lngDeg > 180) lngDeg -= 360;
  if (lngDeg < -180) lngDeg += 360;
  return { lat: lat2 / RAD, lng: lngDeg };
}

describe('WithinRadius', () => {
  const origins = [
    { lat: 40.7128, lng: -74.006 },
    { lat: -36.8485, lng: 174.7633 },
    { lat: 0, lng: 179.999 },
    { lat: 78.2, lng: 15.6 },
  ];

  it('agrees with haversineKm <= radius everywhere, on the circle too', () => {
    let onCircle = 0;
    for (const origin of origins)
      for (const radiusKm of [0.05, 0.2, 1.6, 10, 100])
        for (let k = 0; k < 400; k++) {
          // A quarter exactly on the circle, the rest from the centre to twice the radius.
          const km = k % 4 === 0 ? radiusKm : (k / 400) * 2 * radiusKm;
          const p = destination(origin.lat, origin.lng, km, (k * 2.39996) % (2 * Math.PI));
          const test = new WithinRadius(origin.lat, origin.lng, radiusKm);
          const expected = haversineKm(origin.lat, origin.lng, p.lat, p.lng) <= radiusKm;
          if (k % 4 === 0) onCircle += expected ? 1 : 0;
          expect(test.holds(p.lat, p.lng), `${origin.lat},${origin.lng} r=${radiusKm} k=${k}`).toBe(expected);
        }
    // Points on the circle fall on both sides of it by rounding: the boundary was really exercised.
    expect(onCircle).toBeGreaterThan(0);
    expect(onCircle).toBeLessThan(origins.length * 5 * 100);
  });

  it('counts a point at the origin and nothing beyond half the world as the haversine does', () => {
    const test = new WithinRadius(10, 20, 5);
    expect(test.holds(10, 20)).toBe(true);
    expect(test.holds(-10, -160)).toBe(false);
    const everything = new WithinRadius(10, 20, 30_000);
    expect(everything.holds(-10, -160)).toBe(haversineKm(10, 20, -10, -160) <= 30_000);
  });
});
