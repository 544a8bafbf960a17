// One spreadsheet row → the business the database stores, plus what was wrong with it. A row is
// rejected only without a name or a place_id; any other bad cell is dropped or defaulted with a warning
// naming row and column, so one typo never costs a business. Runs 100,000 times per import: no Intl
// objects or regexes are built per row (see bench/normalise-row.bench.ts).
import type { BusinessStatus, RowIssue } from '../../../contract/business.ts';
import type { CanonicalColumn, NormalisedBusiness, RawRow } from '../normalised-business.ts';
import { parseAbout } from './about.ts';
import { type AddressParts, parseAddress } from './address.ts';
import { countryCodeFromName, countryCodeOf, countryNameOf } from './country.ts';
import { coordinatesFromLink, coordinateValue, validLatitude, validLongitude } from './geo.ts';
import { parseHours } from './hours.ts';
import { phoneToE164 } from './phone.ts';
import {
  type CellValue,
  cellToString,
  cleanLine,
  cleanMultiline,
  quote,
  truncate,
  withoutDroppedControls,
} from './text.ts';
import { siteFieldsOf } from './site-fields.ts';
import { resolveTimeZone } from './time-zone.ts';
import { emailAddress, httpUrl, splitPhotoUrls } from './urls.ts';

export interface NormaliseResult {
  business: NormalisedBusiness | null;
  errors: RowIssue[];
  warnings: RowIssue[];
}

/** Longest text kept per field; longer cells are cut with a warning (a 10,000-character name is junk). */
export const TEXT_LIMITS = {
  // Reference case 15: a 10,000-character name is stored exactly (pages clamp it); beyond that it is cut.
  name: 10_000,
  placeId: 255,
  category: 200,
  address: 1_000,
  place: 200,
  postalCode: 40,
  phone: 100,
  description: 5_000,
  hoursText: 5_000,
} as const;

/** At most this many warnings per cell, so a broken 7-day hours cell gives a readable report. */
const MAX_WARNINGS_PER_CELL = 5;

class RowIssues {
  readonly errors: RowIssue[] = [];
  readonly warnings: RowIssue[] = [];
  constructor(private readonly row: number) {}
  error(column: CanonicalColumn, message: string): void {
    this.errors.push({ row: this.row, column, message });
  }
  warn(column: CanonicalColumn, message: string): void {
    this.warnings.push({ row: this.row, column, message });
  }
}

export function normaliseRow(raw: RawRow): NormaliseResult {
  const issues = new RowIssues(raw.rowNumber);
  const values = withoutControls(raw.values, issues);

  const name = line(values, 'name', TEXT_LIMITS.name, issues);
  if (name === '') issues.error('name', 'the name is empty, so the row cannot be imported');
  const placeId = placeIdOf(values.place_id, issues);
  if (placeId === null || issues.errors.length > 0) {
    return { business: null, errors: issues.errors, warnings: issues.warnings };
  }

  const fullAddress = line(values, 'full_address', TEXT_LIMITS.address, issues);
  const address = fullAddress || line(values, 'street', TEXT_LIMITS.address, issues);
  let city = line(values, 'city', TEXT_LIMITS.place, issues);
  let state = line(values, 'state', TEXT_LIMITS.place, issues);
  let postalCode = line(values, 'postal_code', TEXT_LIMITS.postalCode, issues);
  const countryText = line(values, 'country', TEXT_LIMITS.place, issues);
  // Reading the address costs a few regexes: only when a column it could fill is missing.
  const noCountry = countryText === '' && isEmpty(values.country_code);
  const parsed: AddressParts | null =
    fullAddress !== '' && (city === '' || state === '' || postalCode === '' || noCountry)
      ? parseAddress(fullAddress)
      : null;
  if (parsed !== null) {
    city ||= parsed.city;
    state ||= parsed.state;
    postalCode ||= parsed.postalCode;
  }
  if (city === '')
    issues.warn('city', 'no city given or readable from the address; the business is listed without a city');

  const { country, countryCode } = countryOf(values, countryText, parsed?.country ?? '', issues);
  const looksUs = countryCode === null && parsed !== null && parsed.looksUs;
  postalCode = repairUsPostalCode(postalCode, countryCode === 'US' || looksUs);

  const locationLink = urlColumn(values, 'location_link', issues);
  const coordinates = coordinatesOf(values, locationLink, issues);
  const hoursColumn: CanonicalColumn = isEmpty(values.working_hours)
    ? 'working_hours_old_format'
    : 'working_hours';
  const hoursText = multiline(values, hoursColumn, TEXT_LIMITS.hoursText, issues);
  const hours = hoursOf(hoursText, hoursColumn, issues);
  const zone = timeZoneOf(values, coordinates, countryCode, state, looksUs, hours !== null, issues);

  const phone = line(values, 'phone', TEXT_LIMITS.phone, issues);
  const { description, attributes } = aboutAndDescription(values, issues);

  return {
    business: {
      placeId,
      name,
      category: categoryOf(values, issues),
      description,
      address,
      city,
      state,
      country,
      countryCode,
      zipCode: postalCode,
      phone: phone === '' ? null : phone,
      phoneInternational: phone === '' ? null : phoneInternationalOf(phone, countryCode, issues),
      email: emailOf(values, issues),
      website: urlColumn(values, 'website', issues),
      rating: ratingOf(values.rating, issues),
      reviewCount: reviewsOf(values.reviews, issues),
      isVerified: verifiedOf(values.verified, issues),
      photos: photosOf(values, issues),
      locationLink,
      latitude: coordinates?.latitude ?? null,
      longitude: coordinates?.longitude ?? null,
      timeZone: zone.zone,
      timeZoneFromColumn: zone.fromColumn,
      hours,
      hoursText: hoursText === '' ? null : hoursText,
      attributes,
      businessStatus: statusOf(values.business_status, issues),
      site: siteFieldsOf(values, (column, message) => issues.warn(column, message)),
    },
    errors: issues.errors,
    warnings: issues.warnings,
  };
}

// ---- text ---------------------------------------------------------------------------------------

type Values = RawRow['values'];

/** NUL, ESC, DEL and the C1 codes are taken out of every text cell before it is read, each such cell
 *  with a warning: they are never meant to be shown (a NUL cuts some readers' text short), and the
 *  file that held them deserves a second look. Only a dirty row pays for a copy. */
function withoutControls(values: Values, issues: RowIssues): Values {
  let cleaned: Values | undefined;
  for (const column in values) {
    const value = values[column as CanonicalColumn];
    if (typeof value !== 'string') continue;
    const found = withoutDroppedControls(value);
    if (found === undefined) continue;
    cleaned ??= Object.assign(Object.create(null) as Values, values);
    cleaned[column as CanonicalColumn] = found.text;
    issues.warn(column as CanonicalColumn, `${found.removed} removed from the text`);
  }
  return cleaned ?? values;
}

function isEmpty(value: CellValue): boolean {
  return value === undefined || (typeof value === 'string' && value.trim() === '');
}

function line(values: Values, column: CanonicalColumn, max: number, issues: RowIssues): string {
  const value = values[column];
  if (value === undefined) return '';
  return capped(cleanLine(cellToString(value)), column, max, issues);
}

function multiline(values: Values, column: CanonicalColumn, max: number, issues: RowIssues): string {
  const value = values[column];
  if (value === undefined) return '';
  return capped(cleanMultiline(cellToString(value)), column, max, issues);
}

function capped(text: string, column: CanonicalColumn, max: number, issues: RowIssues): string {
  if (text.length <= max) return text;
  issues.warn(column, `the text is ${text.length} characters long; only the first ${max} are kept`);
  return truncate(text, max);
}

/** The id, or null after reporting why the row cannot be imported. Ids are never cut or repaired:
 *  a changed id would merge two businesses or break the next import's duplicate check. */
function placeIdOf(value: CellValue, issues: RowIssues): string | null {
  // An id typed as a number past 2^53 has already lost digits.
  if (typeof value === 'number' && !Number.isSafeInteger(value)) {
    issues.error('place_id', `${quote(value)} is a number too large to be exact; format the column as text`);
    return null;
  }
  const id = cleanLine(cellToString(value));
  if (id === '') {
    issues.error('place_id', 'the place_id is empty, so the row cannot be imported');
    return null;
  }
  if (id.length > TEXT_LIMITS.placeId) {
    issues.error('place_id', `the place_id is ${id.length} characters long (at most ${TEXT_LIMITS.placeId})`);
    return null;
  }
  return id;
}

function categoryOf(values: Values, issues: RowIssues): string {
  const category = line(values, 'category', TEXT_LIMITS.category, issues);
  if (category !== '') return category;
  // Exports without a category still list subtypes ("Pizza restaurant, Italian restaurant").
  const first = line(values, 'subtypes', 10_000, issues).split(',')[0]?.trim() ?? '';
  if (first !== '') return truncate(first, TEXT_LIMITS.category);
  issues.warn('category', 'no category given; the business is listed without one');
  return '';
}

// ---- place --------------------------------------------------------------------------------------

function countryOf(
  values: Values,
  countryText: string,
  countryFromAddress: string,
  issues: RowIssues,
): { country: string; countryCode: string | null } {
  let countryCode: string | null = null;
  const codeText = line(values, 'country_code', TEXT_LIMITS.place, issues);
  if (codeText !== '') {
    countryCode = countryCodeOf(codeText);
    if (countryCode === null)
      issues.warn('country_code', `${quote(codeText)} is not a country code; ignored`);
  }
  const name = countryText || countryFromAddress;
  const codeOfName = name === '' ? null : countryCodeFromName(name);
  if (countryCode === null) countryCode = codeOfName;
  else if (codeOfName !== null && codeOfName !== countryCode) {
    issues.warn(
      'country',
      `${quote(countryText)} is not the country of code ${countryCode}; the code is kept`,
    );
  }
  // One name per country, whatever the file calls it, so listings by country do not split.
  const canonical = countryCode === null ? undefined : countryNameOf(countryCode);
  return { country: canonical ?? name, countryCode };
}

const SHORT_US_ZIP = /^\d{3,4}(?:-\d{4})?$/;

/** A spreadsheet that typed "02134" as a number shows 2134: put the zeros back for US ZIP codes. */
function repairUsPostalCode(postalCode: string, isUs: boolean): string {
  if (!isUs || !SHORT_US_ZIP.test(postalCode)) return postalCode;
  const dash = postalCode.indexOf('-');
  const zip = dash === -1 ? postalCode : postalCode.slice(0, dash);
  return zip.padStart(5, '0') + (dash === -1 ? '' : postalCode.slice(dash));
}

function coordinatesOf(
  values: Values,
  locationLink: string | null,
  issues: RowIssues,
): { latitude: number; longitude: number } | null {
  const hasLat = !isEmpty(values.latitude);
  const hasLng = !isEmpty(values.longitude);
  if (hasLat || hasLng) {
    const latitude = coordinateValue(values.latitude);
    const longitude = coordinateValue(values.longitude);
    const latOk = latitude !== undefined && validLatitude(latitude);
    const lngOk = longitude !== undefined && validLongitude(longitude);
    if (latOk && lngOk) return { latitude, longitude };
    if (!latOk) {
      issues.warn(
        'latitude',
        hasLat
          ? `${quote(values.latitude)} is not a latitude (−90 to 90); dropped`
          : 'missing while longitude is given',
      );
    }
    if (!lngOk) {
      issues.warn(
        'longitude',
        hasLng
          ? `${quote(values.longitude)} is not a longitude (−180 to 180); dropped`
          : 'missing while latitude is given',
      );
    }
  }
  return locationLink === null ? null : coordinatesFromLink(locationLink);
}

function timeZoneOf(
  values: Values,
  coordinates: { latitude: number; longitude: number } | null,
  countryCode: string | null,
  state: string,
  looksUs: boolean,
  hasHours: boolean,
  issues: RowIssues,
): { zone: string | null; fromColumn: boolean } {
  const column = cleanLine(cellToString(values.time_zone));
  const result = resolveTimeZone({
    column,
    latitude: coordinates?.latitude ?? null,
    longitude: coordinates?.longitude ?? null,
    countryCode,
    state,
    looksUs,
  });
  if (result.invalidColumn) issues.warn('time_zone', `${quote(column)} is not a known time zone; ignored`);
  if (result.source === 'state') {
    issues.warn(
      'time_zone',
      `no time zone or coordinates given; guessed ${result.zone} from the state ${quote(state)}`,
    );
  } else if (result.source === 'country') {
    issues.warn('time_zone', `no time zone or coordinates given; guessed ${result.zone} from the country`);
  } else if (result.zone === null && hasHours) {
    issues.warn('time_zone', 'no time zone could be found; open-now reads the opening hours as UTC');
  }
  return { zone: result.zone, fromColumn: result.source === 'column' };
}

// ---- contact and links --------------------------------------------------------------------------

const DIGIT = /\d/;

function phoneInternationalOf(phone: string, countryCode: string | null, issues: RowIssues): string | null {
  if (!DIGIT.test(phone)) {
    issues.warn('phone', `${quote(phone)} has no digits; no international form`);
    return null;
  }
  const e164 = phoneToE164(phone, countryCode);
  // Without a country a national number cannot be read; that is expected, not worth a warning.
  if (e164 === null && (countryCode !== null || phone.startsWith('+'))) {
    issues.warn('phone', `${quote(phone)} is not a valid number; kept as written, with no tel: link`);
  }
  return e164;
}

function urlColumn(values: Values, column: CanonicalColumn, issues: RowIssues): string | null {
  const value = values[column];
  if (value === undefined) return null;
  const text = cellToString(value).trim();
  if (text === '') return null;
  const url = httpUrl(text);
  if (url === null) issues.warn(column, `${quote(text)} is not an http(s) address; dropped`);
  return url;
}

const SECOND_URL = /,\s*https?:\/\//i;

function photosOf(values: Values, issues: RowIssues): string[] {
  const value = values.photo;
  if (value === undefined) return [];
  const text = cellToString(value).trim();
  if (text === '') return [];
  // The common cell is one good URL: skip the split (unless a comma joins a second URL to it).
  const single = SECOND_URL.test(text) ? null : httpUrl(text);
  if (single !== null) return [single];
  const urls = splitPhotoUrls(text);
  if (urls !== null) return urls;
  issues.warn('photo', `${quote(text)} is not an http(s) address (or a list of them); dropped`);
  return [];
}

const EMAIL_SEPARATOR = /[\s,;]+/;

function emailOf(values: Values, issues: RowIssues): string | null {
  const text = line(values, 'email', 1_000, issues);
  if (text === '') return null;
  for (const part of text.split(EMAIL_SEPARATOR)) {
    const address = emailAddress(part);
    if (address !== null) return address;
  }
  issues.warn('email', `${quote(text)} is not an e-mail address; dropped`);
  return null;
}

// ---- numbers and flags --------------------------------------------------------------------------

const RATING_TEXT = /^\d+(?:[.,]\d+)?$/;

function ratingOf(value: CellValue, issues: RowIssues): number {
  if (isEmpty(value)) return 0;
  let rating = Number.NaN;
  if (typeof value === 'number') rating = value;
  else if (typeof value === 'string') {
    const text = value.trim();
    // "4,5" from a sheet re-saved in a European locale is 4.5.
    if (RATING_TEXT.test(text)) rating = Number(text.replace(',', '.'));
  }
  // 0 is how some exports write "no rating yet": the same as empty.
  if (rating === 0) return 0;
  if (rating >= 1 && rating <= 5) return Math.round(rating * 100) / 100;
  issues.warn('rating', `${quote(value)} is not a rating from 1 to 5; stored as 0`);
  return 0;
}

/** "1234", "1,234", "1.234", "1 234" (thousands separators, one kind per number). */
const COUNT_TEXT = /^(?:\d+|\d{1,3}(?:([,.\u00A0\u202F '’])\d{3})(?:\1\d{3})*)$/;
const NOT_DIGIT = /\D/g;

function reviewsOf(value: CellValue, issues: RowIssues): number {
  if (isEmpty(value)) return 0;
  let count = Number.NaN;
  if (typeof value === 'number') count = value;
  else if (typeof value === 'string') {
    const text = value.trim();
    if (COUNT_TEXT.test(text)) count = Number(text.replace(NOT_DIGIT, ''));
  }
  if (Number.isSafeInteger(count) && count >= 0) return count;
  issues.warn('reviews', `${quote(value)} is not a review count (a whole number, 0 or more); stored as 0`);
  return 0;
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'y']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'n']);

function verifiedOf(value: CellValue, issues: RowIssues): boolean {
  if (value === undefined) return false;
  if (typeof value === 'boolean') return value;
  const word = cellToString(value).trim().toLowerCase();
  if (word === '' || FALSE_WORDS.has(word)) return false;
  if (TRUE_WORDS.has(word)) return true;
  issues.warn('verified', `${quote(value)} is not yes or no; stored as not verified`);
  return false;
}

const STATUSES: ReadonlySet<string> = new Set<BusinessStatus>([
  'OPERATIONAL',
  'CLOSED_TEMPORARILY',
  'CLOSED_PERMANENTLY',
]);
const STATUS_SEPARATORS = /[\s-]+/g;

function statusOf(value: CellValue, issues: RowIssues): BusinessStatus | null {
  if (isEmpty(value)) return null;
  const status = cleanLine(cellToString(value)).toUpperCase().replace(STATUS_SEPARATORS, '_');
  if (STATUSES.has(status)) return status as BusinessStatus;
  issues.warn(
    'business_status',
    `${quote(value)} is not OPERATIONAL, CLOSED_TEMPORARILY or CLOSED_PERMANENTLY; ignored`,
  );
  return null;
}

// ---- hours and about ----------------------------------------------------------------------------

function hoursOf(text: string, column: CanonicalColumn, issues: RowIssues): NormalisedBusiness['hours'] {
  if (text === '') return null;
  const { hours, problems } = parseHours(text);
  const consequence = hours === null ? 'no opening hours are stored' : 'that part is left unknown';
  for (const problem of problems.slice(0, MAX_WARNINGS_PER_CELL)) {
    issues.warn(column, `opening hours: ${problem}; ${consequence}`);
  }
  if (problems.length > MAX_WARNINGS_PER_CELL) {
    issues.warn(column, `opening hours: ${problems.length - MAX_WARNINGS_PER_CELL} more problems`);
  }
  return hours;
}

function aboutAndDescription(
  values: Values,
  issues: RowIssues,
): { description: string | null; attributes: NormalisedBusiness['attributes'] } {
  const description = multiline(values, 'description', TEXT_LIMITS.description, issues);
  const about = multiline(values, 'about', 100_000, issues);
  if (about === '') return { description: description || null, attributes: null };
  const result = parseAbout(about);
  if (result.kind === 'prose') {
    // Prose in `about` is a description; the description column wins when both exist.
    if (description !== '') return { description, attributes: null };
    return { description: capped(result.text, 'about', TEXT_LIMITS.description, issues), attributes: null };
  }
  if (result.kind === 'unreadable') {
    issues.warn('about', `${result.problem}; dropped`);
    return { description: description || null, attributes: null };
  }
  for (const problem of result.problems.slice(0, MAX_WARNINGS_PER_CELL))
    issues.warn('about', `${problem}; dropped`);
  const empty = Object.keys(result.attributes).length === 0;
  return { description: description || null, attributes: empty ? null : result.attributes };
}
