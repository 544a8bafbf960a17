// The cleaned facts a text may state about one business. Everything the generated prose says comes
// from here; a fact that is missing or malformed is null/empty and its sentences are left out.
// Every figure is derived by the rule the business page uses to show it (decision 0025): the rating
// as StarRating formats it, the review count as stored, the hours as openingHours, the website only
// when the page links it, the group as the navigation lists it. The text can then never say "no
// reviews" beside "(3 reviews)".
import type { BusinessStatus } from '../../contract/business.ts';
import type { CategoryGroup } from '../../contract/category-groups.ts';
import { createCategoryGrouper } from '../categories/category-groups.ts';
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
  /** The navigation group the category is listed under (what category_group holds). */
  group: CategoryGroup;
  city: string | null;
  state: string | null;
  country: string | null;
  /** City, state and country joined without repeats ("Singapore, Singapore" → "Singapore"). */
  place: string | null;
  address: string | null;
  description: string | null;
  /** One decimal, as the page shows it; null when the page shows 0.0 (no rating). */
  rating: string | null;
  /** As the page shows it ("(3 reviews)"), whether or not there is a rating. */
  reviewCount: number;
  /** "1,234" */
  reviewCountText: string;
  status: BusinessStatus | null;
  verified: boolean;
  hasPhone: boolean;
  /** The page links the website (an http(s) address), as "Visit Website". */
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

const groupOf = createCategoryGrouper();

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

/** The star rating's number as the page prints it (ui/components/star-rating: clamped to 0–5, one
 *  decimal). */
export function shownRating(value: unknown): string {
  const n = Number(value);
  return (Number.isFinite(n) ? Math.min(5, Math.max(0, n)) : 0).toFixed(1);
}

/** Whether the page shows a Visit Website link: the rule of ui/format/safe-url.ts (http(s) only). */
export function isLinkedWebsite(value: string | null | undefined): boolean {
  const trimmed = value?.trim();
  if (!trimmed || !/^https?:\/\//i.test(trimmed)) return false;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
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

  const rating = shownRating(source.rating);
  // The page prints the stored count as it is; a count no import or edit can store reads as none.
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
    group: groupOf(source.category),
    city,
    state,
    country,
    place: placeOf([city, state, country]),
    address,
    description: orNull(plainText(source.description, 400)),
    rating: rating === '0.0' ? null : rating,
    reviewCount,
    reviewCountText: GROUPED.format(reviewCount),
    status,
    verified: source.isVerified === true,
    hasPhone: typeof source.phone === 'string' && source.phone.trim() !== '',
    hasWebsite: isLinkedWebsite(source.website),
    hours: summariseHours(source.hours),
    availableGroups,
    unavailable,
  };
}
