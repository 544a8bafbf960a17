// Business slugs (specification §2, category page): "<name part>-<first 7 characters of placeId>".
// Our additions, decided in the issue: Latin accents folded ("Café" → "cafe"), other scripts kept,
// separators collapsed, the name part capped, and a fallback for names with no letters at all.

const NAME_PART_MAX = 80;
const PLACE_ID_PREFIX = 7;

/** A Latin letter followed by combining marks (after NFKD): the marks are the accents to drop. */
const LATIN_ACCENTS = /(\p{Script=Latin})\p{M}+/gu;
/** Everything but letters, their marks (Devanagari vowel signs are marks), digits and separators. */
const NOT_SLUG_CHARACTER = /[^\p{L}\p{M}\p{N}\s-]+/gu;
const SEPARATORS = /[\s-]+/gu;
const EDGE_HYPHENS = /^-+|-+$/g;
/** A place id lands in a URL path: only the characters Google uses in ids survive. */
const NOT_ID_CHARACTER = /[^A-Za-z0-9_-]+/g;
const PLAIN_ASCII_NAME = /^[a-z0-9 ]*$/;

/** The name part of a slug: "Joe's Café & Bar" → "joes-cafe-bar"; "寿司 大和" → "寿司-大和". */
export function slugNamePart(name: string): string {
  let text = name.toLowerCase();
  if (!PLAIN_ASCII_NAME.test(text)) {
    // NFKD splits "é" into "e" + accent; NFC afterwards rebuilds what other scripts decomposed (Hangul).
    text = text
      .normalize('NFKD')
      .replace(LATIN_ACCENTS, '$1')
      .normalize('NFC')
      .replace(NOT_SLUG_CHARACTER, '');
  }
  text = text.replace(SEPARATORS, '-').replace(EDGE_HYPHENS, '');
  if (text.length > NAME_PART_MAX) text = cutAt(text, NAME_PART_MAX).replace(EDGE_HYPHENS, '');
  return text === '' ? 'business' : text;
}

function idPart(placeIdOrId: string): string {
  return placeIdOrId.replace(NOT_ID_CHARACTER, '');
}

/** The specification's slug with our additions. Deterministic: same input, same slug. */
export function baseSlug(name: string, placeIdOrId: string): string {
  const id = idPart(placeIdOrId).slice(0, PLACE_ID_PREFIX);
  const namePart = slugNamePart(name);
  return id === '' ? namePart : `${namePart}-${id}`;
}

/** Slugs to try in order when the base is taken: more of the place id (8, 9, … all characters),
 *  then "-2", "-3", … on the base. Deterministic, so a re-import of the same file picks the same ones. */
export function slugCandidates(name: string, placeIdOrId: string, numberedSuffixes = 50): string[] {
  const namePart = slugNamePart(name);
  const id = idPart(placeIdOrId);
  const base = baseSlug(name, placeIdOrId);
  const candidates = [base];
  for (let length = PLACE_ID_PREFIX + 1; length <= id.length; length++) {
    candidates.push(`${namePart}-${id.slice(0, length)}`);
  }
  for (let n = 2; n <= numberedSuffixes + 1; n++) candidates.push(`${base}-${n}`);
  return candidates;
}

/** Cuts at `max` UTF-16 units without leaving half of a surrogate pair. */
function cutAt(text: string, max: number): string {
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}
