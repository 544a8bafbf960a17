// Imported addresses are usually the full one-line address ("3755 Church St, Albuquerque, NM 87104"):
// add the city (and the state on list cards) only when the address does not already contain them.
import type { Business } from '../../../server/contract/business.ts';

export function displayAddress(
  business: Pick<Business, 'address' | 'city' | 'state'>,
  withState: boolean,
): string {
  const parts = [business.address.trim()];
  const text = business.address.toLowerCase();
  const city = business.city.trim();
  if (city && !text.includes(city.toLowerCase())) parts.push(city);
  const state = business.state.trim();
  if (withState && state && !containsWord(text, state.toLowerCase())) parts.push(state);
  return parts.filter(Boolean).join(', ');
}

function containsWord(text: string, word: string): boolean {
  // "NM" must be found as "NM", not inside "Hinmore".
  const at = text.indexOf(word);
  if (at < 0) return false;
  const before = text[at - 1];
  const after = text[at + word.length];
  const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);
  return !isWordChar(before) && !isWordChar(after) ? true : containsWord(text.slice(at + 1), word);
}
