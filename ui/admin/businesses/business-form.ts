// The edit form's values (all text, as inputs hold them) and the PATCH body made from them: only
// the fields that changed, in the API's types. Numbers are checked here so that a typo is caught at
// once; every other rule (phone, e-mail, URLs, ranges, lengths) is the server's, as for an import.
import type { Business } from '../../../server/contract/business.ts';
import type { BusinessChanges } from '../api/admin-api.ts';

export const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const TEXT_FIELDS = [
  'name',
  'category',
  'address',
  'city',
  'state',
  'country',
  'zipCode',
  'phone',
  'email',
  'website',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];

/** Fields the API lets be null: an emptied input clears them. */
const NULLABLE = new Set<string>(['description', 'phone', 'email', 'website']);

export interface BusinessFormValues extends Record<TextField, string> {
  description: string;
  rating: string;
  reviewCount: string;
  isVerified: boolean;
  /** One URL per line. */
  photos: string;
  latitude: string;
  longitude: string;
  hours: Record<(typeof DAYS)[number], string>;
}

export function formValuesOf(business: Business): BusinessFormValues {
  const hours = {} as BusinessFormValues['hours'];
  for (const day of DAYS) hours[day] = business.openingHours[day] ?? '';
  return {
    name: business.name,
    category: business.category,
    description: business.description ?? '',
    address: business.address,
    city: business.city,
    state: business.state,
    country: business.country,
    zipCode: business.zipCode,
    phone: business.phone ?? '',
    email: business.email ?? '',
    website: business.website ?? '',
    rating: String(business.rating),
    reviewCount: String(business.reviewCount),
    isVerified: business.isVerified,
    photos: business.photos.join('\n'),
    latitude: business.latitude === null ? '' : String(business.latitude),
    longitude: business.longitude === null ? '' : String(business.longitude),
    hours,
  };
}

export type FormProblem = { field: string; message: string };

export const NUMBER_MESSAGES = {
  number: 'Enter a number (use a dot for decimals).',
  wholeNumber: 'Enter a whole number.',
};

function parseNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

/** The PATCH body for what changed, or the first field that is not a number where one is needed. */
export function changesOf(
  business: Business,
  values: BusinessFormValues,
): { changes: BusinessChanges } | { problem: FormProblem } {
  const changes: Record<string, unknown> = {};
  const original = formValuesOf(business);

  const text = (field: TextField | 'description') => {
    if (values[field] === original[field]) return;
    const trimmed = values[field].trim();
    changes[field] = trimmed === '' && NULLABLE.has(field) ? null : trimmed;
  };
  for (const field of TEXT_FIELDS) text(field);
  text('description');

  if (values.rating !== original.rating) {
    const rating = parseNumber(values.rating);
    if (rating === undefined) return { problem: { field: 'rating', message: NUMBER_MESSAGES.number } };
    changes.rating = rating;
  }
  if (values.reviewCount !== original.reviewCount) {
    const count = parseNumber(values.reviewCount);
    if (count === undefined || !Number.isInteger(count))
      return { problem: { field: 'reviewCount', message: NUMBER_MESSAGES.wholeNumber } };
    changes.reviewCount = count;
  }
  for (const field of ['latitude', 'longitude'] as const) {
    if (values[field] === original[field]) continue;
    if (values[field].trim() === '') {
      changes[field] = null;
      continue;
    }
    const value = parseNumber(values[field]);
    if (value === undefined) return { problem: { field, message: NUMBER_MESSAGES.number } };
    changes[field] = value;
  }
  if (values.isVerified !== original.isVerified) changes.isVerified = values.isVerified;
  if (values.photos !== original.photos) {
    changes.photos = values.photos
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
  }
  if (DAYS.some((day) => values.hours[day] !== original.hours[day])) {
    const openingHours: Record<string, string> = {};
    for (const day of DAYS) {
      const value = values.hours[day].trim();
      if (value !== '') openingHours[day] = value;
    }
    changes.openingHours = openingHours;
  }
  return { changes: changes as BusinessChanges };
}

/** Which form control a server error's `field` belongs to: "photos.2" → photos; for opening hours
 *  the day named in the field or the message ("openingHours.Tuesday must be text"), else Monday's. */
export function controlOfField(field: string | undefined, message = ''): string | undefined {
  if (!field) return undefined;
  const head = field.split(/[.[]/)[0] ?? field;
  if (head === 'openingHours') {
    const where = `${field} ${message}`.toLowerCase();
    const day = DAYS.find((d) => where.includes(d.toLowerCase()));
    return day ? `hours.${day}` : 'hours.Monday';
  }
  return head;
}
