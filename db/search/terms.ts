// The index's terms. The search index has one column of terms the application writes: every kind of
// fact about a business is a term of its own kind (an exact word of the name or category, a word
// form, a word of the category alone, two consecutive words, a city, a state…), so a condition is a
// plain term look-up: no column filter, no position list (measured at 1M businesses: a synonym tier's
// first page 3–6 ms with columns and phrases, 0.1–0.2 ms with terms). Phrases are matched as their
// consecutive pairs. `_` is a token character of the index's tokenizer, so a term stays one token.
import { words } from './analyzer.ts';
import type { Match } from './match.ts';
import { allOf, anyOf } from './match.ts';

export const term = {
  /** An exact word of the name or the category. */
  word: (word: string) => `w_${word}`,
  /** An exact word of the category. */
  categoryWord: (word: string) => `c_${word}`,
  /** A word form of the name or the category. */
  form: (form: string) => `f_${form}`,
  /** A word form of the category: the business's trade. */
  categoryForm: (form: string) => `g_${form}`,
  /** Two consecutive words of the name or the category. */
  wordPair: (a: string, b: string) => `b_${a}_${b}`,
  /** Two consecutive word forms of the name or the category. */
  formPair: (a: string, b: string) => `fb_${a}_${b}`,
  /** Two consecutive word forms of the category. */
  categoryFormPair: (a: string, b: string) => `gb_${a}_${b}`,
  /** In the names' table (SQLite): a word of the name and the first two letters of another word of
   *  it, in either order ("Joe's Pizza Republic": x_pizza_re, x_republic_pi, x_joes_pi…), so that a
   *  typed word and the start of the next are one list to read (decision 0055). */
  namePair: (word: string, start: string) => `x_${word}_${start}`,
  /** In the names' table, a name of too many words to have its pairs (index-row.ts). */
  longName: 'x__long',
  /** A word of the description or the address. */
  other: (word: string) => `o_${word}`,
  city: (cityKey: string) => `p_${words(cityKey).join('_')}`,
  state: (state: string) => `s_${words(state).join('_')}`,
  /** One word of a postcode: "SW1A 1AA" is z_sw1a and z_1aa. */
  postcode: (token: string) => `z_${token}`,
  /** A country by its ISO code or its name. */
  country: (codeOrName: string) => `k_${words(codeOrName).join('_')}`,
  categoryFacet: (hash: string) => `cat_${hash}`,
  groupFacet: (hash: string) => `grp_${hash}`,
  verified: 'v_1',
  /** The 0.1° × 0.1° cell a business lies in (~11 km north–south): "near a point" with words reads
   *  only the words' matches in the cells around the point (geoCover). */
  geoCell: (lat: number, lng: number) => `gc_${cellIndex(lat + 90, 10)}_${cellIndex(lng + 180, 10)}`,
  /** The 1° × 1° area, for radii whose box would span too many cells. */
  geoArea: (lat: number, lng: number) => `ga_${cellIndex(lat + 90, 1)}_${cellIndex(lng + 180, 1)}`,
} as const;

const cellIndex = (degreesFromOrigin: number, perDegree: number) => Math.floor(degreesFromOrigin * perDegree);

/** At most this many cells make a cover (OR of terms); a larger box takes the coarser areas. */
const MAX_COVER_TERMS = 36;

/** The cells (or, for a large box, the areas) that a latitude/longitude box overlaps, as one
 *  condition; null when even the areas would be too many (a box across the antimeridian or a pole):
 *  then the caller does without. Every business inside the box lies in one of them. */
export function geoCover(box: {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}): Match | null {
  for (const [perDegree, make] of [
    [10, term.geoCell],
    [1, term.geoArea],
  ] as const) {
    const lat0 = cellIndex(box.minLat + 90, perDegree);
    const lat1 = cellIndex(box.maxLat + 90, perDegree);
    const lng0 = cellIndex(box.minLng + 180, perDegree);
    const lng1 = cellIndex(box.maxLng + 180, perDegree);
    if ((lat1 - lat0 + 1) * (lng1 - lng0 + 1) > MAX_COVER_TERMS) continue;
    const terms: Match[] = [];
    for (let i = lat0; i <= lat1; i++)
      for (let j = lng0; j <= lng1; j++)
        terms.push({ term: make((i + 0.5) / perDegree - 90, (j + 0.5) / perDegree - 180) });
    return anyOf(terms);
  }
  return null;
}

/** A sequence of words as single terms (one word) or the pairs that follow each other. */
export function sequence(
  tokens: readonly string[],
  single: (token: string) => string,
  pair: (a: string, b: string) => string,
): Match {
  if (tokens.length === 1) return { term: single(tokens[0]!) };
  return allOf(tokens.slice(1).map((token, i) => ({ term: pair(tokens[i]!, token) })));
}

/** Every term of a sequence of words (pairs of neighbours), for the index side. */
export function pairTerms(tokens: readonly string[], pair: (a: string, b: string) => string): string[] {
  return tokens.slice(1).map((token, i) => pair(tokens[i]!, token));
}
