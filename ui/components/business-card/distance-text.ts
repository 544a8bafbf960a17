// A business's distance from the searched point (issue 16), as its country measures roads: miles in
// the United States, the United Kingdom, Liberia and Myanmar, kilometres elsewhere; one decimal.
const MILE_COUNTRIES = new Set(['US', 'GB', 'LR', 'MM']);
const KM_PER_MILE = 1.609344;

/** "2.4 km away", "1.5 mi away"; '' without a distance (a list not searched near a point). */
export function distanceText(business: { countryCode: string | null; distanceKm?: number | null }): string {
  const km = business.distanceKm;
  if (typeof km !== 'number' || !Number.isFinite(km) || km < 0) return '';
  const miles = MILE_COUNTRIES.has((business.countryCode ?? '').toUpperCase());
  const value = miles ? km / KM_PER_MILE : km;
  return `${value.toFixed(1)} ${miles ? 'mi' : 'km'} away`;
}
