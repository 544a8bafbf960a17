// An admin's edit of one business (PATCH /api/admin/businesses/:id) → the columns to write. The rules
// are the importer's (server/domain/import/normalise/): the same cleaning, lengths, country names,
// phone numbers, links and opening-hours parser, so an edited business looks exactly like an imported
// one. Where the importer keeps a business and drops a bad cell with a warning, an edit is refused
// with the field at fault: the person typing it is there to correct it.
// A field sent with the value it already has is not checked again: the import kept some values it
// warned about (a phone without a country, say), and sending the whole form back must not fail on them.
import type { BusinessColumnChanges } from '../../../db/admin-business-repository.ts';
import { WEEKDAYS, type WeeklyHours } from '../../contract/hours.ts';
import { createCategoryGrouper } from '../categories/category-groups.ts';
import { countryCodeFromName, countryCodeOf, countryNameOf } from '../import/normalise/country.ts';
import { validLatitude, validLongitude } from '../import/normalise/geo.ts';
import { formatOpeningHours } from '../import/normalise/hours-display.ts';
import { parseHours } from '../import/normalise/hours.ts';
import { TEXT_LIMITS } from '../import/normalise/normalise-row.ts';
import { phoneToE164 } from '../import/normalise/phone.ts';
import { cleanLine, cleanMultiline } from '../import/normalise/text.ts';
import { resolveTimeZone } from '../import/normalise/time-zone.ts';
import { emailAddress, httpUrl, MAX_PHOTOS, MAX_URL_LENGTH } from '../import/normalise/urls.ts';
import type { BusinessRow } from './to-business.ts';

/** The fields an edit may send, as the Business JSON names them. */
export const EDITABLE_FIELDS = [
  'name',
  'category',
  'description',
  'address',
  'city',
  'state',
  'country',
  'zipCode',
  'phone',
  'email',
  'website',
  'rating',
  'reviewCount',
  'isVerified',
  'photos',
  'latitude',
  'longitude',
  'openingHours',
] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];

export class InvalidBusinessChange extends Error {
  constructor(
    readonly code: 'invalid_field' | 'invalid_body',
    message: string,
    /** The field at fault, as the request named it. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'InvalidBusinessChange';
  }
}

const invalid = (field: string, message: string) =>
  new InvalidBusinessChange('invalid_field', message, field);

/** Why a field that is not editable was sent. */
const NOT_EDITABLE: Record<string, string> = {
  slug: 'the slug never changes: links to the business page must keep working',
  placeId: 'placeId identifies the business in imports and cannot be changed',
  id: 'id cannot be changed',
};

const EDITABLE = new Set<string>(EDITABLE_FIELDS);
const groupOf = createCategoryGrouper();
const MAX_EMAIL_LENGTH = 254;
const MAX_REVIEW_COUNT = 1_000_000_000;

type Body = Partial<Record<EditableField, unknown>>;

/** The columns an edit changes: empty when every field sent already has its value. Derived columns
 *  follow their sources: the city key, the category group, the country code, the E.164 phone, the time
 *  zone and the structured hours. */
export function businessChanges(body: unknown, current: BusinessRow): BusinessColumnChanges {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new InvalidBusinessChange(
      'invalid_body',
      'Send a JSON object of the fields to change, with Content-Type: application/json.',
    );
  }
  for (const key of Object.keys(body)) {
    if (!EDITABLE.has(key)) {
      throw invalid(
        key,
        // Own keys only: NOT_EDITABLE['__proto__'] (or 'constructor') is Object's, not a reason.
        (Object.hasOwn(NOT_EDITABLE, key) ? NOT_EDITABLE[key] : undefined) ??
          `${key} is not a field that can be changed (${EDITABLE_FIELDS.join(', ')})`,
      );
    }
  }
  const input = body as Body;
  const changes: BusinessColumnChanges = {};
  const set = <K extends keyof BusinessColumnChanges>(column: K, value: BusinessColumnChanges[K]) => {
    if (value !== current[column]) changes[column] = value;
  };

  if ('name' in input) {
    const name = text(input.name, 'name', TEXT_LIMITS.name);
    if (name === '') throw invalid('name', 'name cannot be empty');
    set('name', name);
  }
  if ('category' in input) {
    const category = text(input.category, 'category', TEXT_LIMITS.category);
    set('category', category);
    set('category_group', groupOf(category));
  }
  if ('description' in input) {
    const description = nullableText(input.description, 'description', TEXT_LIMITS.description, true);
    set('description', description);
  }
  if ('address' in input) set('address', text(input.address, 'address', TEXT_LIMITS.address));
  if ('city' in input) {
    const city = text(input.city, 'city', TEXT_LIMITS.place);
    set('city', city);
    // As the importer keys it: the city pages and counts group on this.
    set('city_key', city.toLocaleLowerCase('en-US'));
  }
  if ('state' in input) set('state', text(input.state, 'state', TEXT_LIMITS.place));
  if ('zipCode' in input) set('zip_code', text(input.zipCode, 'zipCode', TEXT_LIMITS.postalCode));
  if ('country' in input) {
    const { country, countryCode } = countryOf(input.country, current);
    set('country', country);
    set('country_code', countryCode);
  }
  const countryCode = changes.country_code !== undefined ? changes.country_code : current.country_code;

  if ('phone' in input) {
    const phone = nullableText(input.phone, 'phone', TEXT_LIMITS.phone, false);
    if (phone !== current.phone) {
      set('phone', phone);
      set('phone_international', phone === null ? null : phoneE164(phone, countryCode, changes.country));
    }
  }
  if (changes.country_code !== undefined && changes.phone === undefined && current.phone !== null) {
    // The same number read in its new country; the number itself was not touched, so no refusal.
    set('phone_international', phoneToE164(current.phone, countryCode));
  }
  if ('email' in input) {
    const raw = nullableText(input.email, 'email', MAX_EMAIL_LENGTH + 'mailto:'.length, false);
    if (raw !== current.email) {
      const email = raw === null ? null : emailAddress(raw);
      if (raw !== null && email === null) throw invalid('email', `${show(raw)} is not an e-mail address`);
      set('email', email);
    }
  }
  if ('website' in input) {
    const raw = nullableText(input.website, 'website', MAX_URL_LENGTH, false);
    if (raw !== current.website) {
      if (raw !== null && httpUrl(raw) === null) {
        throw invalid('website', `${show(raw)} is not an http(s) address`);
      }
      set('website', raw);
    }
  }
  if ('rating' in input) set('rating', ratingOf(input.rating, current.rating));
  if ('reviewCount' in input) set('review_count', reviewCountOf(input.reviewCount));
  if ('isVerified' in input) {
    if (typeof input.isVerified !== 'boolean')
      throw invalid('isVerified', 'isVerified must be true or false');
    set('is_verified', input.isVerified ? 1 : 0);
  }
  if ('photos' in input) {
    const photos = photosOf(input.photos, current.photos);
    if (photos !== null) set('photos', photos);
  }
  coordinatesOf(input, current, set);
  if ('openingHours' in input) hoursOf(input.openingHours, current, set);

  // Where the business is decides its time zone (open-now). When that changed, it is found again the
  // importer's way; a zone the import read from its own column gives way to the new place.
  const placeChanged =
    changes.country_code !== undefined ||
    changes.state !== undefined ||
    changes.latitude !== undefined ||
    changes.longitude !== undefined;
  if (placeChanged) {
    const latitude = changes.latitude !== undefined ? changes.latitude : current.latitude;
    const longitude = changes.longitude !== undefined ? changes.longitude : current.longitude;
    const { zone } = resolveTimeZone({
      column: '',
      latitude,
      longitude,
      countryCode,
      state: changes.state ?? current.state,
      looksUs: false,
    });
    set('time_zone', zone);
  }
  return changes;
}

// ---- text ---------------------------------------------------------------------------------------

function show(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
}

/** A single-line (or, for descriptions, multi-line) text cleaned as imported cells are. */
function text(value: unknown, field: string, max: number, multiline = false): string {
  if (typeof value !== 'string') throw invalid(field, `${field} must be text`);
  const cleaned = multiline ? cleanMultiline(value) : cleanLine(value);
  if (cleaned.length > max) {
    throw invalid(
      field,
      `${field} is ${cleaned.length.toLocaleString('en-US')} characters long (at most ${max.toLocaleString('en-US')})`,
    );
  }
  return cleaned;
}

/** As text, where null or an empty text clears the field. */
function nullableText(value: unknown, field: string, max: number, multiline: boolean): string | null {
  if (value === null) return null;
  if (typeof value !== 'string') throw invalid(field, `${field} must be text or null`);
  const cleaned = text(value, field, max, multiline);
  return cleaned === '' ? null : cleaned;
}

// ---- place and contact --------------------------------------------------------------------------

/** One canonical name per country (as the importer stores it), so listings by country do not split.
 *  A name no one knows is refused, unless it is the one already stored (the import keeps those). */
function countryOf(value: unknown, current: BusinessRow): { country: string; countryCode: string | null } {
  const name = text(value, 'country', TEXT_LIMITS.place);
  if (name === '') return { country: '', countryCode: null };
  if (name === current.country) return { country: current.country, countryCode: current.country_code };
  const code = countryCodeFromName(name) ?? countryCodeOf(name);
  const canonical = code === null ? undefined : countryNameOf(code);
  if (code === null || canonical === undefined) {
    throw invalid(
      'country',
      `${show(name)} is not a country we know; write its English name, e.g. "United States"`,
    );
  }
  return { country: canonical, countryCode: code };
}

const DIGIT = /\d/;

function phoneE164(phone: string, countryCode: string | null, countryName: string | undefined): string {
  const e164 = DIGIT.test(phone) ? phoneToE164(phone, countryCode) : null;
  if (e164 !== null) return e164;
  const where = countryCode === null ? null : (countryName ?? countryNameOf(countryCode) ?? countryCode);
  throw invalid(
    'phone',
    where === null
      ? `${show(phone)} is not a phone number we can read; without a country, write it with its country code (+44 20 7946 0958)`
      : `${show(phone)} is not a valid phone number in ${where}`,
  );
}

function photosOf(value: unknown, stored: string): string | null {
  if (JSON.stringify(value) === stored) return null;
  if (!Array.isArray(value)) throw invalid('photos', 'photos must be a list of http(s) addresses');
  if (value.length > MAX_PHOTOS) {
    throw invalid('photos', `${value.length} photos given; at most ${MAX_PHOTOS}`);
  }
  const urls: string[] = [];
  value.forEach((item, index) => {
    const url = typeof item === 'string' ? httpUrl(item.trim()) : null;
    if (url === null) {
      throw invalid(
        'photos',
        `photos[${index}] ${typeof item === 'string' ? `${show(item)} ` : ''}is not an http(s) address`,
      );
    }
    if (!urls.includes(url)) urls.push(url);
  });
  const json = JSON.stringify(urls);
  return json === stored ? null : json;
}

// ---- numbers ------------------------------------------------------------------------------------

/** The importer's scale: 0 (no rating yet) or 1 to 5, kept to two decimals. */
function ratingOf(value: unknown, stored: number): number {
  if (value === stored) return stored;
  if (typeof value !== 'number' || !Number.isFinite(value) || (value !== 0 && (value < 1 || value > 5))) {
    throw invalid('rating', 'rating must be a number from 1 to 5, or 0 for no rating yet');
  }
  return Math.round(value * 100) / 100;
}

function reviewCountOf(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_REVIEW_COUNT) {
    throw invalid('reviewCount', 'reviewCount must be a whole number, 0 or more');
  }
  return value;
}

type Setter = <K extends keyof BusinessColumnChanges>(column: K, value: BusinessColumnChanges[K]) => void;

/** Both or neither: a business is on the map at a point, or not on the map. */
function coordinatesOf(input: Body, current: BusinessRow, set: Setter): void {
  const given = { latitude: 'latitude' in input, longitude: 'longitude' in input };
  if (!given.latitude && !given.longitude) return;
  const latitude = given.latitude ? coordinate(input.latitude, 'latitude') : current.latitude;
  const longitude = given.longitude ? coordinate(input.longitude, 'longitude') : current.longitude;
  if (latitude !== null && !validLatitude(latitude)) {
    throw invalid('latitude', 'latitude must be between -90 and 90');
  }
  if (longitude !== null && !validLongitude(longitude)) {
    throw invalid('longitude', 'longitude must be between -180 and 180');
  }
  if ((latitude === null) !== (longitude === null)) {
    const missing = latitude === null ? 'latitude' : 'longitude';
    throw invalid(
      missing,
      `${missing} is missing while ${missing === 'latitude' ? 'longitude' : 'latitude'} is given`,
    );
  }
  set('latitude', latitude);
  set('longitude', longitude);
}

function coordinate(value: unknown, field: string): number | null {
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw invalid(field, `${field} must be a number or null`);
  return value;
}

// ---- opening hours ------------------------------------------------------------------------------

/** The specification's map of day name → text ("Monday": "9:00 AM – 5:00 PM", "Sunday": "Closed"), read
 *  by the importer's parser; null or {} removes the hours. Any day the parser cannot read refuses the
 *  edit: stored hours drive the open-now badge. */
function hoursOf(value: unknown, current: BusinessRow, set: Setter): void {
  if (value !== null && (typeof value !== 'object' || Array.isArray(value))) {
    throw invalid(
      'openingHours',
      'openingHours must be an object of day names and hours, e.g. {"Monday": "9:00 AM – 5:00 PM"}',
    );
  }
  // The form sends back what the API showed ({} for no hours): that is no change, and is not parsed
  // again (nor is the import's original text of unreadable hours dropped).
  const source = JSON.stringify(value ?? {});
  const stored = parseStoredHours(current.hours);
  if (stored !== undefined && source === JSON.stringify(formatOpeningHours(stored))) return;
  const entries = Object.entries(value ?? {});
  if (entries.length === 0) {
    set('hours', null);
    set('hours_text', null);
    return;
  }
  for (const [day, hours] of entries) {
    if (typeof hours !== 'string') throw invalid('openingHours', `openingHours.${day} must be text`);
  }
  if (source.length > TEXT_LIMITS.hoursText) {
    throw invalid('openingHours', `openingHours is too long (at most ${TEXT_LIMITS.hoursText} characters)`);
  }
  const { hours, problems } = parseHours(source);
  if (problems.length > 0 || hours === null) {
    throw invalid('openingHours', `opening hours: ${problems[0] ?? 'nothing could be read'}`);
  }
  // Stored in week order, whatever order the form sent the days in.
  const ordered: WeeklyHours = {};
  for (const day of WEEKDAYS) if (hours[day] !== undefined) ordered[day] = hours[day];
  set('hours', JSON.stringify(ordered));
  // The import's original cell no longer describes the hours: the export writes them from `hours`.
  set('hours_text', null);
}

/** The stored hours; undefined when the column cannot be read. */
function parseStoredHours(text: string | null): WeeklyHours | null | undefined {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
