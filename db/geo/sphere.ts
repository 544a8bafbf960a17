// The Earth as the answers measure it: a sphere of mean radius 6371 km, distances by the haversine
// (the same formula as the SQL of the lists, db/discovery-repository.ts), and the latitude/longitude
// box around a circle that the R*Tree, the geographic index terms and the grid of coordinates read.

/** Mean radius of the Earth (km), as in the haversine the answers are documented with. */
export const EARTH_RADIUS_KM = 6371;

const RAD = Math.PI / 180;

export interface GeoPoint {
  lat: number;
  lng: number;
}

/** The haversine distance in km. */
export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const h =
    Math.sin(((lat2 - lat1) * RAD) / 2) ** 2 +
    Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(((lng2 - lng1) * RAD) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));
}

/** The box around a circle: latitude degrees are ~111.2 km; longitude ones shrink with the latitude
 *  (all longitudes near a pole or across the antimeridian). */
export function boxAround(origin: GeoPoint, radiusKm: number) {
  const dLat = (radiusKm / (Math.PI * EARTH_RADIUS_KM)) * 180 * 1.0001;
  const cosLat = Math.cos(origin.lat * RAD);
  const dLng = cosLat > 0.01 ? dLat / cosLat : 360;
  const wraps = origin.lng - dLng < -180 || origin.lng + dLng > 180;
  return {
    minLat: origin.lat - dLat,
    maxLat: origin.lat + dLat,
    minLng: wraps ? -180 : origin.lng - dLng,
    maxLng: wraps ? 180 : origin.lng + dLng,
  };
}

/**
 * "Within radiusKm of a point?" for many points, deciding as haversineKm(…) <= radiusKm does: the
 * haversine's inner term h grows with the distance, so it is compared with the h of the radius, with
 * no arc sine or square root and the origin's cosine worked out once; only a point within a billionth
 * of the boundary is measured in full. Counting a circle of a dense city measures thousands of points.
 */
export class WithinRadius {
  private readonly cosLat: number;
  private readonly hLimit: number;

  constructor(
    private readonly lat: number,
    private readonly lng: number,
    private readonly radiusKm: number,
  ) {
    this.cosLat = Math.cos(lat * RAD);
    const half = radiusKm / (2 * EARTH_RADIUS_KM);
    // Past half the Earth's circumference every point is within; the full measure decides.
    this.hLimit = half < Math.PI / 2 ? Math.sin(half) ** 2 : Number.NaN;
  }

  holds(lat: number, lng: number): boolean {
    return this.h(lat, lng) >= 0;
  }

  /** The haversine's inner term h of a point within the radius — the same h haversineKm works out,
   *  so that equal h are equal distances, and a smaller one never farther — or -1 for a point beyond. */
  h(lat: number, lng: number): number {
    const h =
      Math.sin(((lat - this.lat) * RAD) / 2) ** 2 +
      this.cosLat * Math.cos(lat * RAD) * Math.sin(((lng - this.lng) * RAD) / 2) ** 2;
    if (h < this.hLimit * (1 - 1e-9)) return h;
    if (h > this.hLimit * (1 + 1e-9)) return -1;
    return haversineKm(this.lat, this.lng, lat, lng) <= this.radiusKm ? h : -1;
  }

  /**
   * Half the width, in degrees of longitude, of the circle's part between two latitudes — never less
   * than it is (it may be a little more) — or -1 when the circle does not reach between them. At
   * latitude φ a point Δλ away is within when sin²((φ−φ₀)/2) + cos φ₀·cos φ·sin²(Δλ/2) ≤ sin²(r/2R);
   * between the two latitudes the first term is least at the one nearest φ₀ and cos φ least at the
   * one farthest from the equator, so bounding each apart bounds Δλ without finding where it is widest.
   */
  reachDeg(south: number, north: number): number {
    if (Number.isNaN(this.hLimit)) return 180;
    const nearest = Math.min(Math.max(this.lat, south), north);
    // Loosened by a millionth: rounding may count a point a hair beyond the radius (holds).
    const width = this.widthDeg(nearest, Math.min(Math.cos(south * RAD), Math.cos(north * RAD)), 1 + 1e-6);
    if (width < 0 || width >= 180) return width;
    return width * (1 + 1e-9) + 1e-9;
  }

  /**
   * Half the width, in degrees of longitude, of the longitudes whose points at both latitudes are
   * within the radius — never more than it is (a little less) — or -1 when there are none. A cell
   * between those latitudes and within that width has all four corners within, and so (a cell being
   * far smaller than the circle) all its points: it can be counted without measuring them.
   */
  insideDeg(south: number, north: number): number {
    if (Number.isNaN(this.hLimit)) return -1;
    // Tightened by a millionth: a point counted unmeasured is one holds() says is within.
    const atSouth = this.widthDeg(south, Math.cos(south * RAD), 1 - 1e-6);
    const atNorth = this.widthDeg(north, Math.cos(north * RAD), 1 - 1e-6);
    const width = Math.min(atSouth, atNorth);
    return width < 0 ? -1 : Math.max(-1, width * (1 - 1e-9) - 1e-9);
  }

  /** Half the width at a latitude (its cosine given), for the limit scaled by `scale`; -1 when the
   *  circle does not reach it, 180 when every longitude is within. */
  private widthDeg(lat: number, cosLat: number, scale: number): number {
    const spare = this.hLimit * scale - Math.sin(((lat - this.lat) * RAD) / 2) ** 2;
    if (spare < 0) return -1;
    const q = spare / (this.cosLat * cosLat);
    // q ≥ 1 (or not a number, at a pole): every longitude.
    if (!(q < 1)) return 180;
    return (2 * Math.asin(Math.sqrt(q))) / RAD;
  }
}
