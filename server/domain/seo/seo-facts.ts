// The cleaned facts a text may state about one business. Everything the generated prose says comes
// from here; a fact that is missing or malformed is null/empty and its sentences are left out.
import type { BusinessStatus } from '../../contract/business.ts';
import { type HoursSummary, summariseHours } from './hours-summary.ts';
import { plainText } from './plain-text.ts';
import type { SeoSource } from './seo-source.ts';

export interface AttributeGroupFacts {
  group: string;
  items: string[];
}

export interface SeoFacts {
  name: string;
  category: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  /** City, state and country joined without repeats ("Singapore, Singapore" → "Singapore"). */
  place: string | null;
  address: string | null;
  description: string | null;
  /** One decimal, as the site shows it; null when there is no usable rating. */
  rating: string | null;
  /** Whole stars the page fills (floor of the rating). */
  stars: number;
  reviewCount: number;
  /** "1,234" */
  reviewCountText: string;
  status: BusinessStatus | null;
  verified: boolean;
  hasPhone: boolean;
  hasWebsite: boolean;
  hours: HoursSummary | null;
  availableGroups: AttributeGroupFacts[];
  unavailable: string[];
}

// One formatter for all rows: toLocaleString builds a new one on every call.
const GROUPED = new Intl.NumberFormat('en-US');
const STATUSES: readonly BusinessStatus[] = ['OPERATIONAL', 'CLOSED_TEMPORARILY', 'CLOSED_PERMANENTLY'];
// Caps keep a listing with hundreds of attributes from turning its page into a list.
const MAX_GROUPS = 4;
const MAX_ITEMS_PER_GROUP = 6;
const MAX_UNAVAILABLE = 4;

function orNull(text: string): string | null {
  return text === '' ? null : text;
}

function placeOf(parts: readonly (string | null)[]): string | null {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const part of parts) {
    if (!part || seen.has(part.toLowerCase())) continue;
    seen.add(part.toLowerCase());
    kept.push(part);
  }
  return kept.length > 0 ? kept.join(', ') : null;
}

export function deriveFacts(source: SeoSource): SeoFacts {
  const name = plainText(source.name, 100) || 'This business';
  const city = orNull(plainText(source.city, 60));
  const state = orNull(plainText(source.state, 60));
  const country = orNull(plainText(source.country, 60));
  const rawAddress = plainText(source.address ?? '', 160);
  const zip = plainText(source.zipCode ?? '', 20);
  const address =
    rawAddress === '' ? null : zip && !rawAddress.includes(zip) ? `${rawAddress}, ${zip}` : rawAddress;

  const ratingValue = Number(source.rating);
  const usableRating = Number.isFinite(ratingValue) && ratingValue > 0 && ratingValue <= 5;
  const reviews = Number(source.reviewCount);
  const reviewCount = Number.isSafeInteger(reviews) && reviews > 0 ? reviews : 0;

  const availableGroups: AttributeGroupFacts[] = [];
  const unavailable: string[] = [];
  for (const [rawGroup, entries] of Object.entries(source.attributes ?? {})) {
    const group = plainText(rawGroup, 40);
    if (!group || typeof entries !== 'object' || entries === null) continue;
    const items: string[] = [];
    for (const [rawItem, flag] of Object.entries(entries)) {
      const item = plainText(rawItem, 60);
      if (!item) continue;
      if (flag === true && items.length < MAX_ITEMS_PER_GROUP) items.push(item);
      else if (flag === false && unavailable.length < MAX_UNAVAILABLE) unavailable.push(item);
    }
    if (items.length > 0 && availableGroups.length < MAX_GROUPS) availableGroups.push({ group, items });
  }

  const status = STATUSES.find((s) => s === source.businessStatus) ?? null;
  return {
    name,
    category: orNull(plainText(source.category, 60)),
    city,
    state,
    country,
    place: placeOf([city, state, country]),
    address,
    description: orNull(plainText(source.description, 400)),
    rating: usableRating ? ratingValue.toFixed(1) : null,
    stars: usableRating ? Math.floor(ratingValue) : 0,
    reviewCount,
    reviewCountText: GROUPED.format(reviewCount),
    status,
    verified: source.isVerified === true,
    hasPhone: typeof source.phone === 'string' && source.phone.trim() !== '',
    hasWebsite: typeof source.website === 'string' && source.website.trim() !== '',
    hours: summariseHours(source.hours),
    availableGroups,
    unavailable,
  };
}
