// The one mapping from a stored business row to the API's Business shape (every answer that
// contains businesses goes through it). JSON columns are parsed defensively: a damaged value reads
// as empty rather than failing the whole answer.
import type { Selectable } from 'kysely';
import type { BusinessTable } from '../../../db/schema.ts';
import type { Business, BusinessAttributes, BusinessStatus } from '../../contract/business.ts';
import type { WeeklyHours } from '../../contract/hours.ts';
import { isOpenAt } from '../../contract/open-now.ts';
import { formatOpeningHours } from '../import/normalise/hours-display.ts';

export type BusinessRow = Omit<Selectable<BusinessTable>, 'rank_score' | 'edited_mask'> & {
  rank_score?: number;
  edited_mask?: number;
};

function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

const STATUSES = new Set<BusinessStatus>(['OPERATIONAL', 'CLOSED_TEMPORARILY', 'CLOSED_PERMANENTLY']);

export interface KeptHours {
  hours: WeeklyHours | null;
  openingHours: Record<string, string>;
  /** Both as JSON, for answers written as text (./business-json.ts): made once per text too. */
  hoursJson: string;
  openingHoursJson: string;
}

/** Weekly hours as stored (days to lists of ranges), or null for JSON of any other shape: a damaged
 *  value reads as no hours rather than failing the answer. */
function weeklyHoursOrNull(value: unknown): WeeklyHours | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const ranges = Object.values(value);
  const isRange = (range: unknown) =>
    typeof range === 'object' &&
    range !== null &&
    typeof (range as { open?: unknown }).open === 'string' &&
    typeof (range as { close?: unknown }).close === 'string';
  return ranges.every((list) => Array.isArray(list) && list.every(isRange)) ? (value as WeeklyHours) : null;
}

/** Stored hours texts kept with what they read as, before the memo starts again. */
const HOURS_KEPT = 10_000;
const hoursByText = new Map<string, KeptHours>();
const NO_HOURS: KeptHours = Object.freeze({
  hours: null,
  openingHours: Object.freeze({}),
  hoursJson: 'null',
  openingHoursJson: '{}',
});

/** JSON with every character past ASCII written as its escape: the same value. The hours' words
 *  have an en dash ("9:00 AM – 5:00 PM"), and one character past Latin-1 makes a whole answer's text
 *  take two bytes a character in memory (V8 keeps a Latin-1 text at one): a near answer of ~36 KB
 *  took ~72 KB. */
function asciiJson(json: string): string {
  const escaped = json.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  // The replacement keeps the two-byte form of the text it was made from; written anew, one byte.
  return Buffer.from(escaped, 'latin1').toString('latin1');
}

/** The weekly hours of a stored text, parsed and put in words once per text: the same hours recur
 *  across businesses (623 distinct texts among the benchmark's 1M businesses), and a list of 20
 *  businesses spent ~9 % of its answer parsing and formatting them. Frozen, as every business with
 *  those hours shares them. */
export function hoursOf(text: string | null): KeptHours {
  if (text === null || text === '') return NO_HOURS;
  let kept = hoursByText.get(text);
  if (!kept) {
    const hours = weeklyHoursOrNull(parseJson<unknown>(text, null));
    if (hours !== null) {
      for (const ranges of Object.values(hours)) {
        for (const range of ranges ?? []) Object.freeze(range);
        Object.freeze(ranges);
      }
      Object.freeze(hours);
    }
    const openingHours = Object.freeze(formatOpeningHours(hours));
    kept = Object.freeze({
      hours,
      openingHours,
      hoursJson: asciiJson(JSON.stringify(hours)),
      openingHoursJson: asciiJson(JSON.stringify(openingHours)),
    });
    if (hoursByText.size >= HOURS_KEPT) hoursByText.clear();
    hoursByText.set(text, kept);
  }
  return kept;
}

/** The stored status when it is one of the three known, else null. */
export function statusOf(text: string | null): BusinessStatus | null {
  return STATUSES.has(text as BusinessStatus) ? (text as BusinessStatus) : null;
}

/** Whether a business is open at `now`: never while closed for good or for now, whatever its hours. */
export function isOpenNow(
  hours: WeeklyHours | null,
  timeZone: string | null,
  status: BusinessStatus | null,
  now: Date,
): boolean {
  return status !== 'CLOSED_PERMANENTLY' && status !== 'CLOSED_TEMPORARILY' && isOpenAt(hours, timeZone, now);
}

export function toBusiness(row: BusinessRow, now: Date = new Date()): Business {
  const { hours, openingHours } = hoursOf(row.hours);
  const status = statusOf(row.business_status);
  return {
    id: row.id,
    placeId: row.place_id,
    slug: row.slug,
    name: row.name,
    category: row.category,
    description: row.description,
    address: row.address,
    city: row.city,
    state: row.state,
    country: row.country,
    countryCode: row.country_code,
    zipCode: row.zip_code,
    phone: row.phone,
    phoneInternational: row.phone_international,
    email: row.email,
    website: row.website,
    rating: row.rating,
    reviewCount: row.review_count,
    isOpen: isOpenNow(hours, row.time_zone, status, now),
    isVerified: row.is_verified === 1,
    photos: parseJson<string[]>(row.photos, []),
    locationLink: row.location_link,
    latitude: row.latitude,
    longitude: row.longitude,
    timeZone: row.time_zone,
    hours,
    openingHours,
    attributes: parseJson<BusinessAttributes | null>(row.attributes, null),
    businessStatus: status,
    about: row.about,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    canonicalUrl: row.canonical_url,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
