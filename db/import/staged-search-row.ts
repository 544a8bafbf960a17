// A staged row's search index row (db/search/index-row.ts), computed by the PostgreSQL stager while
// the file is read: the merge's transaction then writes the new businesses' index rows with one
// INSERT … SELECT instead of reading the rows back and computing them while it holds its locks
// (at 100,000 rows that was about half of the merge). A new business's id is known only when it is
// inserted, so the row's rank order is staged without it: its index rowid is search_rank + id.
import type { StagedRow } from '../import-repository.ts';
import { indexRow } from '../search/index-row.ts';
import { rankBandTerms } from '../search/rank-bands.ts';
import { term } from '../search/terms.ts';

/** Terms the tsvector input reads as they are: the analyzer's words are letters and digits, joined
 *  by underscores. The ASCII test first: the Unicode one took ~4 µs a row (measured). */
const PLAIN_ASCII_TERMS = /^[a-z0-9_ ]*$/;
const PLAIN_TERMS = /^[\p{L}\p{N}_ ]*$/u;

/** Space-separated terms as tsvector input (staged as a tsvector, parsed by the server during the
 *  COPY, which runs beside the file's reading: the merge copies the value as it is). A term with any
 *  other character is quoted, as the input syntax asks. */
export function tsvectorText(terms: string): string {
  if (PLAIN_ASCII_TERMS.test(terms) || PLAIN_TERMS.test(terms)) return terms;
  return terms
    .split(' ')
    .filter((t) => t !== '')
    .map((t) => `'${t.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`)
    .join(' ');
}

export interface StagedSearchRow {
  /** The index rowid less the business id (searchRowid(rank, 0)). */
  search_rank: number;
  /** The index row's terms and name words, as tsvector input. */
  search_terms: string;
  search_name: string;
  /** The row's vocabulary as its terms write it (w_ words, f_ forms), each once, space-separated. */
  search_vocab: string;
  /** The same, as a list (the stager counts it up). */
  vocab: readonly string[];
}

export function stagedSearchRow(row: StagedRow): StagedSearchRow {
  // The indexed fields named one by one: a copy of the whole staged row cost more than the rest.
  const indexed = indexRow({
    id: 0,
    // The businesses table's generated rank_score, in the same operations and order (the same double).
    rank_score: (row.review_count * row.rating + 80.0) / (row.review_count + 20),
    name: row.name,
    category: row.category,
    category_group: row.category_group,
    description: row.description,
    address: row.address,
    city: row.city,
    city_key: row.city_key,
    state: row.state,
    zip_code: row.zip_code,
    country: row.country,
    country_code: row.country_code,
    is_verified: row.is_verified,
    latitude: row.latitude,
    longitude: row.longitude,
  });
  const vocab: string[] = [];
  for (const word of indexed.vocab.word) vocab.push(term.word(word));
  for (const form of indexed.vocab.form) vocab.push(term.form(form));
  return {
    search_rank: indexed.rowid,
    search_terms: tsvectorText(`${indexed.terms} ${rankBandTerms(indexed.rowid)}`),
    search_name: tsvectorText(indexed.name),
    search_vocab: vocab.join(' '),
    vocab,
  };
}
