// One business's row of the search index, as the analyzer writes it (decision 0020): its terms, the
// words its name is suggested by, and the vocabulary it adds. Both dialects' indexes hold the same
// rows (FTS5 on SQLite, a tsvector on PostgreSQL), so the same conditions match the same businesses.
import { categoryFacet, formOf, groupFacet, searchRowid, words } from './analyzer.ts';
import { pairTerms, term } from './terms.ts';

/** Words too common to mean anything in a description or an address. */
// biome-ignore format: a word list stays packed
const STOPWORDS = new Set(['a', 'an', 'and', 'the', 'of', 'in', 'on', 'at', 'for', 'with', 'to', 'from', 'by', 'or', 'our',
  'your', 'we', 'you', 'is', 'are', 'all', 'since', 'every', 'its', 'it', 'as', 'be', 'st', 'rd', 'ave', 'ln']);

export interface IndexedBusiness {
  id: number;
  rank_score: number;
  name: string;
  category: string;
  category_group: string;
  description: string | null;
  address: string;
  city: string;
  city_key: string;
  state: string;
  zip_code: string;
  country: string;
  country_code: string | null;
  is_verified: number;
  latitude: number | null;
  longitude: number | null;
}

export const SOURCE_COLUMNS = `id, rank_score, name, category, category_group, description, address, city, city_key,
  state, zip_code, country, country_code, is_verified, latitude, longitude`;

export interface IndexRow {
  rowid: number;
  terms: string;
  name: string;
  /** The name's words (SQLite's names table writes their pairs: namePairs). */
  nameWords: readonly string[];
  vocab: Record<'word' | 'form', Set<string>>;
}

export function indexRow(b: IndexedBusiness): IndexRow {
  const nameWords = words(b.name);
  const categoryWords = words(b.category);
  const nameForms = nameWords.map(formOf);
  const categoryForms = categoryWords.map(formOf);
  const out: string[] = [];
  for (const word of nameWords) out.push(term.word(word));
  for (const word of categoryWords) out.push(term.word(word), term.categoryWord(word));
  for (const form of nameForms) out.push(term.form(form));
  for (const form of categoryForms) out.push(term.form(form), term.categoryForm(form));
  out.push(...pairTerms(nameWords, term.wordPair), ...pairTerms(categoryWords, term.wordPair));
  out.push(...pairTerms(nameForms, term.formPair), ...pairTerms(categoryForms, term.formPair));
  out.push(...pairTerms(categoryForms, term.categoryFormPair));
  // Description and address words, less what other terms already say (the city, state and postcode
  // an address repeats), numbers and the commonest English words: a third of the index's terms
  // otherwise, for the lowest tier only.
  const placeWords = new Set([...words(b.city), ...words(b.state), ...words(b.zip_code)]);
  for (const word of words(`${b.description ?? ''} ${b.address}`))
    if (!placeWords.has(word) && !STOPWORDS.has(word) && !/^\d+$/.test(word)) out.push(term.other(word));
  const place: string[] = [];
  if (b.city_key) place.push(term.city(b.city_key));
  if (b.state) place.push(term.state(b.state));
  for (const token of words(b.zip_code)) place.push(term.postcode(token));
  if (b.country_code) place.push(term.country(b.country_code));
  if (b.country) place.push(term.country(b.country));
  out.push(...place, categoryFacet(b.category), groupFacet(b.category_group));
  // Suggestions within a place look for a city, a state or a country code: the names' table carries
  // those and not the rest (each of its terms is written three times, with its prefixes).
  const namePlace = place.filter(
    (t) => t.startsWith('p_') || t.startsWith('s_') || (t.startsWith('k_') && t.length === 4),
  );
  if (b.is_verified) out.push(term.verified);
  if (b.latitude !== null && b.longitude !== null)
    out.push(term.geoCell(b.latitude, b.longitude), term.geoArea(b.latitude, b.longitude));
  return {
    rowid: searchRowid(b.rank_score, b.id),
    terms: out.join(' '),
    // Suggestions match a name's words as typed so far, within a place.
    name: `${nameWords.join(' ')} ${namePlace.join(' ')}`,
    nameWords,
    vocab: {
      word: new Set([...nameWords, ...categoryWords]),
      form: new Set([...nameForms, ...categoryForms]),
    },
  };
}

/** Names of more distinct words than this have no pairs but term.longName: n words make n(n − 1)
 *  pairs, and a name is the importer's to take as it comes. */
export const MAX_PAIRED_WORDS = 8;

/** Each distinct word of a name with the first two letters of each other distinct word of it that has
 *  two (a one-letter word starts no typed prefix the names' table keeps a list of). */
export function namePairs(nameWords: readonly string[]): string[] {
  const distinct = [...new Set(nameWords)];
  if (distinct.length > MAX_PAIRED_WORDS) return [term.longName];
  const pairs = new Set<string>();
  for (const word of distinct)
    for (const other of distinct)
      if (other !== word && other.length >= 2) pairs.add(term.namePair(word, other.slice(0, 2)));
  return [...pairs];
}
