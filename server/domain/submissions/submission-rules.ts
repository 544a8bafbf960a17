// What a business submitted through the public form must satisfy. Where a rule overlaps the
// importer's, it is the importer's own function (country names, phone numbers read by
// libphonenumber-js, http(s) links, e-mail addresses, opening hours): a listing is held to the same
// standard whichever way it arrives. Unlike the importer, which keeps a row and drops a bad cell
// with a warning, a person can correct a field, so every problem here is an error shown next to it.
import { z } from 'zod';
import {
  HOURS_FIELDS,
  type HoursField,
  SOURCE_PAGE_MAX,
  SUBMISSION_FIELDS,
  SUBMISSION_LIMITS,
  type SubmissionField,
  type SubmissionFieldErrors,
  type SubmissionValues,
} from '../../contract/business-submission.ts';
import { WEEKDAYS, type Weekday } from '../../contract/hours.ts';
import { countryCodeFromName, countryCodeOf, countryNameOf } from '../import/normalise/country.ts';
import { parseHours } from '../import/normalise/hours.ts';
import { phoneToE164 } from '../import/normalise/phone.ts';
import { cleanLine, withoutDroppedControls } from '../import/normalise/text.ts';
import { emailAddress, httpUrl } from '../import/normalise/urls.ts';

export interface ValidSubmission {
  name: string;
  category: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  /** The canonical English name of the country ("USA" → "United States"). */
  country: string;
  countryCode: string;
  phone: string | null;
  phoneInternational: string | null;
  website: string | null;
  ownerEmail: string;
  /** Opening hours as typed, for the days filled in, keyed by the English day name. */
  hours: Partial<Record<Weekday, string>>;
}

/** A field the submission was cleaned of control characters in: said, not silently done. */
export interface SubmissionWarning {
  field: SubmissionField;
  message: string;
}

export type ValidationResult =
  | { ok: true; submission: ValidSubmission; warnings: SubmissionWarning[] }
  | { ok: false; errors: SubmissionFieldErrors };

/** The English day names the importer's hours reader expects. */
export const DAY_NAMES: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

const NOT_TEXT = 'Enter this field once, as text';

/** A form value as one clean line: control characters out, line breaks to spaces, trimmed. */
const text = z.preprocess(
  (value) => (value === undefined || value === null ? '' : value),
  z.string({ error: NOT_TEXT }).transform(cleanLine),
);

function required(max: number, missing: string, what: string) {
  return text.pipe(z.string().min(1, missing).max(max, `${what} must be ${max} characters or fewer`));
}

function optional(max: number, what: string) {
  return text.pipe(z.string().max(max, `${what} must be ${max} characters or fewer`));
}

/** A scheme that is not followed by a port number ("javascript:", "mailto:"; not "example.com:8080"). */
const OTHER_SCHEME = /^[a-z][a-z\d+.-]*:(?!\d)/i;
const HTTP_SCHEME = /^https?:\/\//i;

/** "www.example.com" is what people type: it gets https://. Other schemes are refused. */
export function websiteUrl(typed: string): string | null {
  let candidate = typed;
  if (!HTTP_SCHEME.test(candidate)) {
    if (OTHER_SCHEME.test(candidate)) return null;
    candidate = `https://${candidate}`;
  }
  const url = httpUrl(candidate);
  if (url === null) return null;
  // A listing's website has a domain name with a dot (not "localhost", not an intranet name).
  const host = new URL(url).hostname;
  return host.includes('.') ? url : null;
}

/** The hours of one day, when the importer's reader understands them. */
function dayHoursReadable(day: Weekday, typed: string): boolean {
  const { hours, problems } = parseHours(JSON.stringify({ [DAY_NAMES[day]]: typed }));
  return hours !== null && problems.length === 0 && hours[day] !== undefined;
}

const HOURS_HELP = 'Write the hours like 9:00–17:00, 9AM–5PM or Closed';

const hoursShape = Object.fromEntries(
  WEEKDAYS.map((day) => [HOURS_FIELDS[day], optional(SUBMISSION_LIMITS.hours, 'The hours')]),
) as Record<HoursField, ReturnType<typeof optional>>;

/** Presence and length of every field: zod reports all of them at once. */
const fieldsSchema = z.object({
  name: required(SUBMISSION_LIMITS.name, 'Enter the name of the business', 'The name'),
  category: required(
    SUBMISSION_LIMITS.category,
    'Enter a category, for example Restaurant or Plumber',
    'The category',
  ),
  address: required(SUBMISSION_LIMITS.address, 'Enter the street address', 'The address'),
  city: required(SUBMISSION_LIMITS.city, 'Enter the city', 'The city'),
  state: optional(SUBMISSION_LIMITS.state, 'The state or region'),
  postalCode: optional(SUBMISSION_LIMITS.postalCode, 'The postal code'),
  country: required(SUBMISSION_LIMITS.country, 'Enter the country', 'The country'),
  phone: optional(SUBMISSION_LIMITS.phone, 'The phone number'),
  website: optional(SUBMISSION_LIMITS.website, 'The website address'),
  ownerEmail: required(SUBMISSION_LIMITS.ownerEmail, 'Enter your e-mail address', 'The e-mail address'),
  ...hoursShape,
});
type Form = z.infer<typeof fieldsSchema>;

export function validateSubmission(input: unknown): ValidationResult {
  const parsed = fieldsSchema.safeParse(isRecord(input) ? input : {});
  const errors: SubmissionFieldErrors = {};
  const fail = (field: SubmissionField, message: string) => {
    // The first problem of a field is the one to fix first.
    errors[field] ??= message;
  };
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (isSubmissionField(field)) fail(field, issue.message);
  }
  // The checks of content run on every field that is present and within its length, so that one
  // answer lists every problem rather than one at a time.
  const form = cleanedForm(input);
  const usable = (field: SubmissionField) => errors[field] === undefined && form[field] !== '';

  // A name in any spelling the importer knows, or an ISO code ("US", "de"), as people also type those.
  const countryCode = usable('country')
    ? (countryCodeFromName(form.country) ?? countryCodeOf(form.country))
    : null;
  if (usable('country') && countryCode === null)
    fail('country', 'Enter the country’s name in English, for example United States or Germany');

  let phoneInternational: string | null = null;
  if (usable('phone') && countryCode !== null) {
    // The importer's reading, with the country given: a national number ("(312) 555-0100") is understood.
    phoneInternational = /\d/.test(form.phone) ? phoneToE164(form.phone, countryCode) : null;
    if (phoneInternational === null)
      fail('phone', 'Enter a phone number with its area code, for example +1 312 555 0100');
  }

  const website = usable('website') ? websiteUrl(form.website) : null;
  if (usable('website') && website === null)
    fail('website', 'Enter a website address like https://www.example.com');

  const ownerEmail = usable('ownerEmail') ? emailAddress(form.ownerEmail) : null;
  if (usable('ownerEmail') && ownerEmail === null)
    fail('ownerEmail', 'Enter an e-mail address in the correct format, like name@example.com');

  const hours: Partial<Record<Weekday, string>> = {};
  for (const day of WEEKDAYS) {
    const field = HOURS_FIELDS[day];
    if (!usable(field)) continue;
    if (dayHoursReadable(day, form[field])) hours[day] = form[field];
    else fail(field, HOURS_HELP);
  }

  if (!parsed.success || Object.keys(errors).length > 0 || countryCode === null || ownerEmail === null)
    return { ok: false, errors };
  return {
    ok: true,
    warnings: removedControls(input),
    submission: {
      name: form.name,
      category: form.category,
      address: form.address,
      city: form.city,
      state: form.state,
      postalCode: form.postalCode,
      country: countryNameOf(countryCode) ?? form.country,
      countryCode,
      phone: form.phone === '' ? null : form.phone,
      phoneInternational,
      website,
      ownerEmail,
      hours,
    },
  };
}

/** Every field as one clean line ('' when absent or not text), for the checks of content. */
function cleanedForm(input: unknown): Form {
  const record = isRecord(input) ? input : {};
  const form = {} as Record<SubmissionField, string>;
  for (const field of SUBMISSION_FIELDS) {
    const value = record[field];
    form[field] = typeof value === 'string' ? cleanLine(value) : '';
  }
  return form;
}

/** The fields that held NUL, ESC, DEL or C1 codes (cleanLine drops them; tabs and line breaks only
 *  become spaces and are not worth a word). */
function removedControls(input: unknown): SubmissionWarning[] {
  const record = isRecord(input) ? input : {};
  const warnings: SubmissionWarning[] = [];
  for (const field of SUBMISSION_FIELDS) {
    const value = record[field];
    const found = typeof value === 'string' ? withoutDroppedControls(value) : undefined;
    if (found) warnings.push({ field, message: `${found.removed} removed from ${field}` });
  }
  return warnings;
}

function isSubmissionField(field: string): field is SubmissionField {
  return (SUBMISSION_FIELDS as readonly string[]).includes(field);
}

/** The values to put back into the form after a refusal: strings only, each at most a few times
 *  its limit (the body limit bounds the rest), so that the visitor can correct rather than retype. */
export function submittedValues(input: unknown): SubmissionValues {
  const values: SubmissionValues = {};
  if (!isRecord(input)) return values;
  for (const field of SUBMISSION_FIELDS) {
    const value = input[field];
    if (typeof value === 'string' && value !== '') values[field] = value.slice(0, 4 * maxLengthOf(field));
  }
  return values;
}

function maxLengthOf(field: string): number {
  return field.startsWith('hours')
    ? SUBMISSION_LIMITS.hours
    : SUBMISSION_LIMITS[field as keyof typeof SUBMISSION_LIMITS];
}

const DUMMY_ORIGIN = 'http://site.invalid';

/** A path of this site ("/city/Chicago?page=2"), as the page a submission came from: the path and
 *  query of a same-site address, or null for anything else (another site, "//host", a scheme,
 *  control characters, too long). Never refuses a submission: an unknown page is just unknown. */
export function sitePath(value: unknown): string | null {
  if (typeof value !== 'string' || value === '' || value.length > SOURCE_PAGE_MAX) return null;
  if (!value.startsWith('/') || /[\u0000-\u0020\u007f\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, DUMMY_ORIGIN);
  } catch {
    return null;
  }
  // "//evil.example/x" parses as another host: not a path of this site.
  if (url.origin !== DUMMY_ORIGIN) return null;
  const path = `${url.pathname}${url.search}`;
  return path.length <= SOURCE_PAGE_MAX ? path : null;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
