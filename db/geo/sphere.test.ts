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
    Math.atan2(
      Math.sin(bearing) * Math.sin(d) * Math.cos(lat1),
      Math.cos(d) - Math.sin(lat1) * Math.sin(lat2),
    );
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

describe('WithinRadius: the widths of a band of latitudes', () => {
  const BAND = 0.005;
  const origins = [
    { lat: 40.7128, lng: -74.006 },
    { lat: -36.8485, lng: 174.7633 },
    { lat: 0.001, lng: 10 },
    { lat: 69.6, lng: 18.9 },
  ];
  const widths = (lat: number, lng: number, radiusKm: number, south: number) => {
    const circle = new WithinRadius(lat, lng, radiusKm);
    return { reach: circle.reachDeg(south, south + BAND), inside: circle.insideDeg(south, south + BAND) };
  };

  it('reaches every point of the circle between its latitudes, and is not much wider', () => {
    for (const origin of origins)
      for (const radiusKm of [0.05, 0.3, 2, 10, 100])
        for (let k = 0; k < 2_000; k++) {
          // On the circle (its widest points included) and inside it.
          const km = k % 2 === 0 ? radiusKm : ((k % 97) / 97) * radiusKm;
          const p = destination(origin.lat, origin.lng, km, (k * 2.39996) % (2 * Math.PI));
          if (haversineKm(origin.lat, origin.lng, p.lat, p.lng) > radiusKm) continue;
          const south = Math.floor(p.lat / BAND) * BAND;
          const { reach } = widths(origin.lat, origin.lng, radiusKm, south);
          expect(reach, `${origin.lat} r=${radiusKm} k=${k}`).toBeGreaterThanOrEqual(
            Math.abs(p.lng - origin.lng),
          );
        }
    // At the circle's own latitude its width is the circle's, to a part in a thousand.
    const { reach } = widths(40, 0, 10, 40);
    const east = destination(40, 0, 10, Math.PI / 2);
    expect(reach).toBeGreaterThanOrEqual(east.lng);
    expect(reach).toBeLessThan(east.lng * 1.001);
  });

  it('holds inside its width only points within the radius at both latitudes, and is not much narrower', () => {
    let bands = 0;
    for (const origin of origins)
      for (const radiusKm of [0.3, 2, 10, 100])
        for (let k = -200; k <= 200; k++) {
          const south = origin.lat + (k / 200) * (radiusKm / 111.2) - BAND / 2;
          const circle = new WithinRadius(origin.lat, origin.lng, radiusKm);
          const inside = circle.insideDeg(south, south + BAND);
          if (inside < 0) continue;
          bands++;
          for (const lat of [south, south + BAND])
            for (const lng of [origin.lng - inside, origin.lng + inside, origin.lng])
              expect(circle.holds(lat, lng), `${origin.lat} r=${radiusKm} k=${k}`).toBe(true);
          // A hair wider and a corner at one of the two latitudes is beyond the radius.
          const wider = inside * 1.001 + 1e-6;
          const beyond = [south, south + BAND].some(
            (lat) => haversineKm(origin.lat, origin.lng, lat, origin.lng + wider) > radiusKm,
          );
          expect(beyond, `${origin.lat} r=${radiusKm} k=${k}`).toBe(true);
        }
    expect(bands).toBeGreaterThan(1_000);
  });

  it('says -1 for latitudes the circle does not reach, and 180 when it holds every longitude', () => {
    expect(widths(40, 0, 10, 41)).toEqual({ reach: -1, inside: -1 });
    expect(widths(40, 0, 10, 39)).toEqual({ reach: -1, inside: -1 });
    // The band's far edge is beyond the circle: it reaches the band, but no cell is wholly inside.
    expect(widths(40, 0, 10, 40 + 10 / 111.2 - BAND / 2).inside).toBe(-1);
    expect(widths(89.99, 0, 50, 89.995).reach).toBe(180);
    expect(widths(0, 0, 30_000, 10)).toEqual({ reach: 180, inside: -1 });
  });
});
