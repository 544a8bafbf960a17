// Phone numbers: kept as written for display, plus E.164 for tel: links and structured data.
// libphonenumber-js reads them, but one parse costs 6–16 µs, more than the whole rest of a row. Most
// numbers in exports are already international ("+1 704-376-1782", "+44 20 7946 0958"), and for those
// E.164 is simply "+" and the digits once the calling code and the length are known to fit; both facts
// come from the library's own metadata, so the shortcut gives what the library gives (a test compares
// them for every country). Anything else (national formats, "(0)", extensions) goes to the library.
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  Metadata,
  parsePhoneNumberFromString,
} from 'libphonenumber-js';

/** Calling code ("1", "44", "380") → the national-number lengths possible in EVERY country sharing it
 *  (+1 is 10 digits everywhere; Canada also allows 7). Whichever of those countries the library would
 *  pick, such a length is possible there; other lengths are left to the library. */
const LENGTHS_BY_CALLING_CODE: ReadonlyMap<string, ReadonlySet<number>> = (() => {
  const metadata = new Metadata();
  const map = new Map<string, Set<number>>();
  for (const country of getCountries()) {
    metadata.selectNumberingPlan(country);
    const lengths = new Set(metadata.numberingPlan?.possibleLengths() ?? []);
    const code = getCountryCallingCode(country);
    const known = map.get(code);
    map.set(
      code,
      known === undefined ? lengths : new Set([...known].filter((length) => lengths.has(length))),
    );
  }
  return map;
})();

/** "+", then digits grouped by spaces, hyphens or dots: nothing that needs the library's judgement. */
const PLAIN_INTERNATIONAL = /^\+[1-9][\d .-]{5,22}\d$/;
const NON_DIGITS = /\D+/g;
/** A NANP number written nationally: "(704) 376-1782", "704.376.1782", "1 704 376 1782". */
const NANP_NATIONAL = /^(?:1[ .-]?)?\(?([2-9]\d{2})\)?[ .-]?(\d{3})[ .-]?(\d{4})$/;
const NANP_REGIONS: ReadonlySet<string> = new Set(
  getCountries().filter((country) => getCountryCallingCode(country) === '1'),
);

/** E.164 ("+17043761782") when the number can be read with `countryCode` as its home, else null. */
export function phoneToE164(phone: string, countryCode: string | null): string | null {
  if (PLAIN_INTERNATIONAL.test(phone)) {
    const fast = plainInternational(phone.replace(NON_DIGITS, ''));
    if (fast !== undefined) return fast;
  } else if (countryCode !== null && NANP_REGIONS.has(countryCode)) {
    const nanp = NANP_NATIONAL.exec(phone);
    if (nanp !== null) return `+1${nanp[1]}${nanp[2]}${nanp[3]}`;
  }
  const region = countryCode !== null && isSupportedCountry(countryCode) ? countryCode : undefined;
  return libraryE164(phone, region);
}

/** Calling codes are prefix-free (ITU E.164), so at most one of the 1-, 2- and 3-digit prefixes fits. */
function plainInternational(digits: string): string | null | undefined {
  for (let length = 1; length <= 3; length++) {
    const lengths = LENGTHS_BY_CALLING_CODE.get(digits.slice(0, length));
    if (lengths !== undefined) return lengths.has(digits.length - length) ? `+${digits}` : undefined;
  }
  return undefined; // a non-geographic code (+800, +882…): let the library decide
}

function libraryE164(phone: string, region: CountryCode | undefined): string | null {
  const parsed = parsePhoneNumberFromString(phone, { defaultCountry: region, extract: false });
  // A number of impossible length ("+44 20 7946") would make a tel: link to nowhere.
  return parsed?.isPossible() ? parsed.number : null;
}
