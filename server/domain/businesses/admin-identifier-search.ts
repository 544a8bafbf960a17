// The admin search's exact lookups beside its text search: a phone number typed any way ("(312)
// 555-0100", "3125550100", "+1 312 555 0100", "00 44 20 7946 0958") and a place id. The public
// search does not do this: it is for the administrator who has a caller's number or a Maps link.
import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import { businessIdByPlaceId, businessIdsByPhone } from '../../../db/admin-business-repository.ts';
import type { Store } from '../../../db/store/store.ts';

/** Digits with the punctuation people put in phone numbers, an optional leading "+". */
const PHONE_LIKE = /^\+?[\d\s().\-/]+$/;
/** E.164 allows at most 15 digits; fewer than 6 are a postcode or a year, not a phone number. */
const MIN_PHONE_DIGITS = 6;
const MAX_PHONE_DIGITS = 15;
/** A place id is one word: Google's ("ChIJ…"), a submission's ("submission:…"), an importer's own. */
const PLACE_ID_LIKE = /^[\w:.-]{4,300}$/;

/** Every calling code ("1", "44", "380"), once. */
const CALLING_CODES: readonly string[] = [...new Set(getCountries().map((c) => getCountryCallingCode(c)))];

/** The E.164 numbers the text could be: itself when written internationally ("+…" or "00…");
 *  otherwise also each country's calling code before it, with and without a leading trunk 0 (a
 *  national number names no country, and the stored E.164 form is what every row agrees on). Empty
 *  when the text is not a phone number. About 230 candidates, each one index probe. */
export function phoneCandidates(text: string): string[] {
  const trimmed = text.trim();
  if (!PHONE_LIKE.test(trimmed)) return [];
  let digits = trimmed.replace(/\D/g, '');
  let international = trimmed.startsWith('+');
  if (!international && digits.startsWith('00')) {
    digits = digits.slice(2);
    international = true;
  }
  if (digits.length < MIN_PHONE_DIGITS || digits.length > MAX_PHONE_DIGITS) return [];
  const candidates = new Set([`+${digits}`]);
  if (!international) {
    const national = digits.replace(/^0/, '');
    for (const code of CALLING_CODES) {
      if (code.length + national.length <= MAX_PHONE_DIGITS) candidates.add(`+${code}${national}`);
      if (national !== digits && code.length + digits.length <= MAX_PHONE_DIGITS)
        candidates.add(`+${code}${digits}`);
    }
  }
  return [...candidates];
}

/** Businesses the text names exactly, by phone number or place id (newest first), or none. */
export async function identifierMatches(store: Store, text: string): Promise<number[]> {
  const trimmed = text.trim();
  const ids = new Set(await businessIdsByPhone(store, phoneCandidates(trimmed)));
  if (PLACE_ID_LIKE.test(trimmed)) {
    const id = await businessIdByPlaceId(store, trimmed);
    if (id !== undefined) ids.add(id);
  }
  return [...ids];
}
