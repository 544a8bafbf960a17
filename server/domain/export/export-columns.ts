// How a stored business becomes one export row, in the columns the importer reads, so that an
// exported file imports back to the same data: the Google Maps columns, then the site's own (id, slug,
// SEO text, canonical URL, dates), which the importer reads back (normalise/site-fields.ts).
import type { ExportSourceRow } from '../../../db/export-repository.ts';
import { type TimeRange, WEEKDAYS, type WeeklyHours } from '../../contract/hours.ts';
import { SITE_COLUMNS } from '../import/normalised-business.ts';
import type { CellValue } from './xlsx-stream-writer.ts';

export const EXPORT_COLUMNS = [
  'name',
  'category',
  'full_address',
  'postal_code',
  'city',
  'state',
  'country',
  'country_code',
  'phone',
  'email',
  'website',
  'rating',
  'reviews',
  'photo',
  'working_hours',
  'about',
  'description',
  'place_id',
  'location_link',
  'latitude',
  'longitude',
  'time_zone',
  'business_status',
  'verified',
  // The site's own fields, so that importing the file rebuilds the same pages at the same addresses.
  ...SITE_COLUMNS,
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

/** Several photo URLs share the one `photo` cell. A URL cannot contain a space, so ", " is unambiguous. */
export const PHOTO_SEPARATOR = ', ';

const DAY_NAMES: Record<(typeof WEEKDAYS)[number], string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** The cells of one business, in EXPORT_COLUMNS order. */
export function businessToExportValues(row: ExportSourceRow): CellValue[] {
  const values: Record<ExportColumn, CellValue> = {
    name: row.name,
    category: row.category,
    full_address: row.address,
    postal_code: row.zip_code,
    city: row.city,
    state: row.state,
    country: row.country,
    country_code: row.country_code,
    phone: row.phone ?? row.phone_international,
    email: row.email,
    website: row.website,
    rating: row.rating,
    reviews: row.review_count,
    photo: joinPhotos(row.photos),
    working_hours: row.hours_text ?? hoursCell(row.hours),
    // Only the attributes: businesses.about holds our generated SEO text, which must not come back as data.
    about: row.attributes,
    description: row.description,
    place_id: row.place_id,
    location_link: row.location_link,
    latitude: row.latitude,
    longitude: row.longitude,
    time_zone: row.time_zone,
    business_status: row.business_status,
    verified: row.is_verified === 1,
    id: row.id,
    slug: row.slug,
    about_text: row.about,
    seo_title: row.seo_title,
    seo_description: row.seo_description,
    canonical_url: row.canonical_url,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
  return EXPORT_COLUMNS.map((column) => values[column]);
}

function joinPhotos(photosJson: string): string | null {
  const photos = parseJson(photosJson);
  if (!Array.isArray(photos)) return null;
  const urls = photos.filter((url): url is string => typeof url === 'string' && url !== '');
  return urls.length === 0 ? null : urls.join(PHOTO_SEPARATOR);
}

function hoursCell(hoursJson: string | null): string | null {
  if (hoursJson === null) return null;
  const hours = parseJson(hoursJson);
  if (hours === null || typeof hours !== 'object' || Array.isArray(hours)) return null;
  return formatHoursForExport(hours as WeeklyHours);
}

/** Structured hours in the JSON-of-arrays shape of newer exports:
 *  {"Monday": ["9AM-5PM"], "Saturday": ["11AM-2PM", "5PM-10PM"], "Sunday": ["Closed"]}.
 *  Days missing from the hours (unknown) stay missing. */
export function formatHoursForExport(hours: WeeklyHours): string {
  const out: Record<string, string[]> = {};
  for (const day of WEEKDAYS) {
    const ranges = hours[day];
    if (!Array.isArray(ranges)) continue;
    out[DAY_NAMES[day]] = ranges.length === 0 ? ['Closed'] : ranges.map(formatRange);
  }
  return JSON.stringify(out);
}

function formatRange(range: TimeRange): string {
  if (range.open === '00:00' && range.close === '24:00') return 'Open 24 hours';
  // Both ends carry AM/PM, so the reader never has to infer the start's half of the day.
  return `${formatTime(range.open)}-${formatTime(range.close)}`;
}

/** "09:00" → "9AM", "17:30" → "5:30PM", "00:00" and "24:00" → "12AM", "12:00" → "12PM". */
export function formatTime(hhmm: string): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  if (!match) return hhmm;
  const hours = Number(match[1]) % 24;
  const minutes = match[2]!;
  const suffix = hours < 12 ? 'AM' : 'PM';
  const clock = hours % 12 === 0 ? 12 : hours % 12;
  return `${clock}${minutes === '00' ? '' : `:${minutes}`}${suffix}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
