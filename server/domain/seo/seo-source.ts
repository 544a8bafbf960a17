// What SEO text is built from: a business's own data and nothing else. A Business from the API
// contract satisfies this shape, so an on-demand fallback can pass one straight in.
import type { SeoRow } from '../../../db/seo-repository.ts';
import type { BusinessAttributes } from '../../contract/business.ts';
import { type TimeRange, WEEKDAYS, type WeeklyHours } from '../../contract/hours.ts';

export interface SeoSource {
  placeId: string;
  slug: string;
  name: string;
  category: string;
  city: string;
  state: string;
  country: string;
  address?: string | null;
  zipCode?: string | null;
  description: string | null;
  hours: WeeklyHours | null;
  rating: number;
  reviewCount: number;
  attributes: BusinessAttributes | null;
  businessStatus: string | null;
  website: string | null;
  phone: string | null;
  isVerified?: boolean;
}

const TIME = /^([01]\d|2[0-4]):[0-5]\d$/;

function parseJson(text: string | null): unknown {
  if (text === null || text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keeps only well-formed days and intervals: a malformed column yields null, never a wrong sentence. */
export function parseWeeklyHours(value: unknown): WeeklyHours | null {
  if (!isRecord(value)) return null;
  const hours: WeeklyHours = {};
  let known = 0;
  for (const day of WEEKDAYS) {
    const ranges = value[day];
    if (!Array.isArray(ranges)) continue;
    const valid: TimeRange[] = [];
    for (const range of ranges) {
      if (!isRecord(range)) continue;
      const { open, close } = range;
      if (typeof open === 'string' && typeof close === 'string' && TIME.test(open) && TIME.test(close)) {
        valid.push({ open, close });
      }
    }
    // A day whose every interval was malformed is unknown, not closed.
    if (ranges.length > 0 && valid.length === 0) continue;
    hours[day] = valid;
    known++;
  }
  return known > 0 ? hours : null;
}

export function parseAttributes(value: unknown): BusinessAttributes | null {
  if (!isRecord(value)) return null;
  const result: BusinessAttributes = {};
  let groups = 0;
  for (const [group, entries] of Object.entries(value)) {
    if (!isRecord(entries)) continue;
    const kept: Record<string, boolean> = {};
    let n = 0;
    for (const [name, flag] of Object.entries(entries)) {
      if (typeof flag === 'boolean') {
        kept[name] = flag;
        n++;
      }
    }
    if (n > 0) {
      result[group] = kept;
      groups++;
    }
  }
  return groups > 0 ? result : null;
}

/** Maps a database row (JSON columns as text) to the SEO input. */
export function seoSourceFromRow(row: SeoRow): SeoSource {
  return {
    placeId: row.place_id,
    slug: row.slug,
    name: row.name,
    category: row.category,
    city: row.city,
    state: row.state,
    country: row.country,
    address: row.address,
    zipCode: row.zip_code,
    description: row.description,
    hours: parseWeeklyHours(parseJson(row.hours)),
    rating: row.rating,
    reviewCount: row.review_count,
    attributes: parseAttributes(parseJson(row.attributes)),
    businessStatus: row.business_status,
    website: row.website,
    phone: row.phone,
    isVerified: row.is_verified === 1,
  };
}
