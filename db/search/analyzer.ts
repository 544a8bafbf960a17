// The search index's text analysis: how a business's text and a visitor's query become index terms.
// It belongs to the index (like a PostgreSQL text-search configuration), so the SQLite index here and
// a PostgreSQL one later write the same terms, and the query side reads them with the same function.
// Changing anything here changes the terms: bump ANALYZER_VERSION so that every database rebuilds
// its index at the next start.
import stem from 'wink-porter2-stemmer';

// 2: geographic cells (terms.ts geoCell, geoArea).
export const ANALYZER_VERSION = 2;

/** Lower case, diacritics removed (café → cafe, Zoë → zoe), compatibility forms folded (ﬁ → fi),
 *  as FTS5's unicode61 tokenizer with remove_diacritics 2 does for the raw columns. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** The words of a text, folded, split where FTS5's unicode61 splits (anything not a letter or digit). */
export function words(text: string): string[] {
  // Most text is plain ASCII: no normalisation to do, and a simpler split (3× faster, measured).
  const ascii = /^[\x00-\x7f]*$/.test(text);
  return (ascii ? text.toLowerCase().split(/[^a-z0-9]+/) : foldText(text).split(/[^\p{L}\p{N}]+/u)).filter(
    (word) => word.length > 0,
  );
}

/** A token as typed, as one folded word ("St." → st, "Zoë's" → zoes): how typed words are compared
 *  with the words searched. */
export function wordKey(token: string): string {
  return words(token).join('');
}

// Stems that name the same trade although the stemmer keeps them apart (plumbing → plumb, plumber →
// plumber), and spelling variants people mix (theatre/theater, tyre/tire). Keys are the stemmer's
// output; each maps to the form all of its group share.
// biome-ignore format: a table reads best packed
const TRADE_FORMS: Record<string, string> = {
  plumb: 'plumber',
  spas: 'spa',
  dentistri: 'dentist', dental: 'dentist',
  electr: 'electrician', electric: 'electrician',
  cleaner: 'clean',
  roofer: 'roof',
  mover: 'move', remov: 'move', removalist: 'move',
  theatr: 'theater',
  tyre: 'tire',
  veterinari: 'veterinarian',
  bakeri: 'baker',
  photographi: 'photograph', photographer: 'photograph',
  carpentri: 'carpent', carpenter: 'carpent',
  painter: 'paint',
  builder: 'build',
  caterer: 'cater',
  therapist: 'therapi',
  chiropractor: 'chiropract',
  optometrist: 'optometri',
  pizzeria: 'pizza',
  jewelri: 'jewel', jewelleri: 'jewel', jewell: 'jewel', jeweller: 'jewel',
  landscapist: 'landscap',
  colour: 'color',
  centr: 'center',
  barbershop: 'barber',
  locksmithe: 'locksmith',
  tutori: 'tutor',
  accountanci: 'account',
  pharmacist: 'pharmaci',
  mechanic: 'mechan',
  groomer: 'groom',
  hairdresser: 'hairdress',
  stylist: 'style', styl: 'style',
  gardener: 'garden',
  decorat: 'decor', decorator: 'decor',
  welder: 'weld',
  upholsteri: 'upholster', upholsterer: 'upholster',
  glazier: 'glaze',
};

const formCache = new Map<string, string>();
const FORM_CACHE_LIMIT = 200_000;

/** The word form a word is indexed and searched under: its Snowball (Porter2) stem, then the trade
 *  table. Numbers and words of one or two letters stay as they are. */
export function formOf(word: string): string {
  let form = formCache.get(word);
  if (form !== undefined) return form;
  if (word.length <= 2 || /^\p{N}+$/u.test(word)) form = word;
  else {
    const stemmed = stem(word);
    form = TRADE_FORMS[stemmed] ?? stemmed;
  }
  if (formCache.size >= FORM_CACHE_LIMIT) formCache.clear();
  formCache.set(word, form);
  return form;
}

/** The forms of a text's words, in order (a phrase of forms matches a phrase of words). */
export function formsOf(text: string): string[] {
  return words(text).map(formOf);
}

/** The index term of a category: a query ANDs it in to filter by category without leaving the
 *  full-text index. */
export function categoryFacet(category: string): string {
  return `cat_${hash36(foldText(category).trim())}`;
}

export function groupFacet(group: string): string {
  return `grp_${hash36(foldText(group).trim())}`;
}

/** FNV-1a, 32 bits, in base 36: short, stable and alphanumeric. */
function hash36(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

// The rowid must stay an exact JavaScript number (< 2^53): 28 bits of id (268 million businesses)
// and the rank (0–5) in steps of 2e-7 above them.
export const RANK_SCALE = 5_000_000;
export const ID_BITS = 2 ** 28;

/** The index's rowid for a business: best rank first, then id, as every public list orders them
 *  (rank_score DESC, id). FTS5 returns matches in rowid order, so the first page of a search is its
 *  first matches: no match set is ranked or sorted (decision 0020). */
export function searchRowid(rankScore: number, id: number): number {
  const inverted = Math.round((5 - Math.min(5, Math.max(0, rankScore))) * RANK_SCALE);
  return inverted * ID_BITS + id;
}

/** The review-weighted rank an index rowid was made from (to the rowid's precision). */
export function rankOfRowid(rowid: number): number {
  return 5 - Math.floor(rowid / ID_BITS) / RANK_SCALE;
}

/** The business id inside an index rowid. */
export function businessIdOf(rowid: number): number {
  // Exact for every rowid below 2^53 (ID_BITS is a power of two), and without `%`, which on a double
  // is a library call: a filtered search takes the id of every match (770,000 for the United States).
  return rowid - Math.floor(rowid / ID_BITS) * ID_BITS;
}
