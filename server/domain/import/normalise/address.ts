// City, state, postal code and country read from a one-line address, for files without those columns:
// "345 Park Ave S, New York, NY 10010" or "221B Baker St, London NW1 6XE, United Kingdom".
import { countryCodeFromName } from './country.ts';
import { usState } from './us-states.ts';

export interface AddressParts {
  city: string;
  state: string;
  postalCode: string;
  country: string;
  /** "NY 10010": a US state code with a 5-digit ZIP, so the address is American. */
  looksUs: boolean;
}

/** "NY 10010", "CA 94103-1234", "NSW 2000": a region code then a postcode. */
const STATE_AND_ZIP = /^([A-Z]{2,3})\s+(\d{4,5}(?:-\d{4})?)$/;
const STATE_ONLY = /^[A-Z]{2}$/;
/** "ON M5V 2T6" (Canada). */
const STATE_AND_CANADIAN_CODE = /^([A-Z]{2})\s+([A-Z]\d[A-Z] ?\d[A-Z]\d)$/i;
/** "London NW1 6XE", "NW1 6XE" (United Kingdom). */
const CITY_AND_UK_CODE = /^(.*?)\s*\b([A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/;
/** "10115 Berlin", "75001 Paris", "00-950 Warszawa", "114 55 Stockholm". */
const CODE_THEN_CITY = /^(\d{4,6}|\d{2}-\d{3}|\d{3} \d{2})\s+(\D.*)$/;
/** "Kyiv 02000". */
const CITY_THEN_CODE = /^(\D.*?)\s+(\d{4,6})$/;
const CODE_ONLY = /^(?:\d{4,6}|\d{2}-\d{3}|\d{5}-\d{4})$/;

export function parseAddress(address: string): AddressParts {
  const result: AddressParts = { city: '', state: '', postalCode: '', country: '', looksUs: false };
  const parts = address
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  // Trailing country and bare postcode, in either order ("Київ, 01001, Україна" / "…, Ukraine, 01001").
  for (let i = 0; i < 2 && parts.length > 1; i++) {
    const last = parts[parts.length - 1] as string;
    if (result.country === '' && countryCodeFromName(last) !== null) {
      result.country = last;
      parts.pop();
    } else if (result.postalCode === '' && CODE_ONLY.test(last)) {
      result.postalCode = last;
      parts.pop();
    }
  }
  // A single remaining part is the street: nothing more to read.
  if (parts.length < 2) return result;
  const last = parts[parts.length - 1] as string;
  const beforeLast = parts.length >= 3 ? (parts[parts.length - 2] as string) : '';

  let m = STATE_AND_ZIP.exec(last);
  if (m !== null) {
    result.state = m[1] as string;
    result.postalCode ||= m[2] as string;
    result.city = beforeLast;
    result.looksUs = (m[2] as string).length >= 5 && usState(result.state) !== undefined;
    return result;
  }
  if (STATE_ONLY.test(last) && usState(last) !== undefined) {
    result.state = last;
    result.city = beforeLast;
    return result;
  }
  m = STATE_AND_CANADIAN_CODE.exec(last);
  if (m !== null) {
    result.state = m[1] as string;
    result.postalCode ||= (m[2] as string).toUpperCase();
    result.city = beforeLast;
    return result;
  }
  m = CITY_AND_UK_CODE.exec(last);
  if (m !== null) {
    result.postalCode ||= m[2] as string;
    result.city = m[1] !== '' ? (m[1] as string) : beforeLast;
    return result;
  }
  m = CODE_THEN_CITY.exec(last) ?? null;
  if (m !== null) {
    result.postalCode ||= m[1] as string;
    result.city = m[2] as string;
    return result;
  }
  m = CITY_THEN_CODE.exec(last);
  if (m !== null) {
    result.postalCode ||= m[2] as string;
    result.city = m[1] as string;
    return result;
  }
  // "Street, City": the last part is the city.
  result.city = last;
  return result;
}
