// What the map shows of each business: a point and the few facts of its card. Businesses without
// coordinates have no marker (they stay in the list). Plain data, so the lazily loaded map code gets
// no React and the page chunk no Leaflet.
import type { Business } from '../../../server/contract/business.ts';
import { businessPath } from '../../../server/contract/paths.ts';
import { displayAddress } from '../business-card/display-address.ts';
import { formatRating } from '../star-rating/star-rating.tsx';

export interface MapPlace {
  id: number;
  name: string;
  /** The details page, /details/{slug}. */
  path: string;
  rating: number;
  reviewCount: number;
  address: string;
  latitude: number;
  longitude: number;
}

type Placeable = Pick<
  Business,
  'id' | 'name' | 'slug' | 'rating' | 'reviewCount' | 'address' | 'city' | 'state' | 'latitude' | 'longitude'
>;

const isCoordinate = (value: number | null, limit: number): value is number =>
  value !== null && Number.isFinite(value) && Math.abs(value) <= limit;

export function mapPlacesOf(businesses: readonly Placeable[]): MapPlace[] {
  const places: MapPlace[] = [];
  for (const business of businesses) {
    const { latitude, longitude } = business;
    if (!isCoordinate(latitude, 90) || !isCoordinate(longitude, 180)) continue;
    places.push({
      id: business.id,
      name: business.name,
      path: businessPath(business.slug),
      rating: business.rating,
      reviewCount: business.reviewCount,
      address: displayAddress(business, true),
      latitude,
      longitude,
    });
  }
  return places;
}

/** "Rated 4.5 out of 5 (120 reviews)": the card's rating in words (the map's card has no star pictures). */
export function ratingText(place: Pick<MapPlace, 'rating' | 'reviewCount'>): string {
  if (place.reviewCount === 0) return 'No reviews yet';
  const reviews = `${place.reviewCount.toLocaleString('en-US')} review${place.reviewCount === 1 ? '' : 's'}`;
  return `Rated ${formatRating(place.rating)} out of 5 (${reviews})`;
}
