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
    const h =
      Math.sin(((lat - this.lat) * RAD) / 2) ** 2 +
      this.cosLat * Math.cos(lat * RAD) * Math.sin(((lng - this.lng) * RAD) / 2) ** 2;
    if (h < this.hLimit * (1 - 1e-9)) return true;
    if (h > this.hLimit * (1 + 1e-9)) return false;
    return haversineKm(this.lat, this.lng, lat, lng) <= this.radiusKm;
  }
}
