// "Add Your Business": the form's fields, their limits and the answers of POST
// /api/businesses/submissions. Shared by the server (validation, the no-JavaScript form post) and the
// page; plain values only, as this module is part of the browser bundle.
import type { Weekday } from './hours.ts';

/** The JSON endpoint the page posts to once hydrated. */
export const SUBMISSION_ENDPOINT = '/api/businesses/submissions';
/** Where the form posts without JavaScript, and the page it lives on. */
export const ADD_BUSINESS_PATH = '/add-business';
/** Where a successful post (either kind) ends: the page's thank-you view. */
export const SUBMITTED_PATH = '/add-business?submitted=1';

/** Longest value accepted per field (characters, after trimming); the inputs carry them as maxLength. */
export const SUBMISSION_LIMITS = {
  name: 200,
  category: 100,
  address: 300,
  city: 100,
  state: 100,
  postalCode: 20,
  country: 100,
  phone: 40,
  website: 500,
  ownerEmail: 254,
  hours: 100,
} as const;

export const TEXT_FIELDS = [
  'name',
  'category',
  'address',
  'city',
  'state',
  'postalCode',
  'country',
  'phone',
  'website',
  'ownerEmail',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** One field per day, so a problem is shown next to the day it is in. */
export const HOURS_FIELDS = {
  monday: 'hoursMonday',
  tuesday: 'hoursTuesday',
  wednesday: 'hoursWednesday',
  thursday: 'hoursThursday',
  friday: 'hoursFriday',
  saturday: 'hoursSaturday',
  sunday: 'hoursSunday',
} as const satisfies Record<Weekday, string>;
export type HoursField = (typeof HOURS_FIELDS)[Weekday];

export type SubmissionField = TextField | HoursField;
export const SUBMISSION_FIELDS: readonly SubmissionField[] = [...TEXT_FIELDS, ...Object.values(HOURS_FIELDS)];

/** A hidden field: the site path of the page the form was sent from (the page the visitor came
 *  from when the browser tells, else the form's own page). Shown to the administrator with the
 *  submission; never a reason to refuse one (a visitor cannot correct a hidden field). */
export const SOURCE_PAGE_FIELD = 'fromPage';
/** Longest source page kept (characters); a longer or malformed one is recorded as unknown. */
export const SOURCE_PAGE_MAX = 300;

/** The spam trap: a field people never see nor reach, which form-filling robots fill in. */
export const HONEYPOT_FIELD = 'fax';

/** What the visitor typed, field by field (echoed back into the form after a rejected post). */
export type SubmissionValues = Partial<Record<SubmissionField, string>>;
/** One message per field at fault, in the words shown next to the field. */
export type SubmissionFieldErrors = Partial<Record<SubmissionField, string>>;

/** 201 */
export interface SubmissionAccepted {
  message: string;
  /** The submission's reference (also when a spam trap silently dropped it: the answers look alike). */
  id: string;
}

/** 400 (fields at fault), 403 (cross-site), 413, 429 (too many; with Retry-After). */
export interface SubmissionRejected {
  error: { code: string; message: string; fields?: SubmissionFieldErrors };
}

export const SUBMISSION_ACCEPTED_MESSAGE =
  'Thank you! Your business has been submitted and is pending review.';

/** A re-rendered form after a post without JavaScript was refused: the values as sent, the errors,
 *  and a message for the whole form (too many submissions). Travels to the page in the query cache. */
export interface AddBusinessFormState {
  values: SubmissionValues;
  errors: SubmissionFieldErrors;
  formError?: string;
}

export const ADD_BUSINESS_FORM_STATE_KEY = ['add-business', 'form-state'] as const;
