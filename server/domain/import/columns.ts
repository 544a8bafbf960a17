// Maps a sheet's header cells onto the canonical columns the importer reads. Real exports name the
// same column several ways (Outscraper renamed full_address → address and site → website), so the
// match ignores case, spaces, hyphens and underscores, and knows the aliases those exports use.
// Header text is hostile: lookups go through a Map, never a plain object, so a header called
// "__proto__" or "constructor" can neither match nor reach Object.prototype.
import { CANONICAL_COLUMNS, type CanonicalColumn } from './normalised-business.ts';
import { quoteFromFile, SpreadsheetRejected } from './spreadsheet-error.ts';

/** Without these a row cannot become a business, so a sheet lacking either is refused whole. */
export const REQUIRED_COLUMNS: readonly CanonicalColumn[] = ['name', 'place_id'];

export interface HeaderMapping {
  /** 0-based column index → canonical column; each canonical column appears at most once. */
  columns: Map<number, CanonicalColumn>;
  /** Required columns (name, place_id) the header row lacks. */
  missing: CanonicalColumn[];
}

/** Lower priority numbers win when two headers map to the same column: the canonical name beats an
 *  alias (full_address beats address), and the fallbacks (us_state, type) apply only when nothing
 *  better is there. Among equals, the leftmost header wins. */
const EXACT = 0;
const ALIAS = 1;
const FALLBACK = 2;

const ALIASES: ReadonlyArray<readonly [string, CanonicalColumn, number]> = [
  ['address', 'full_address', ALIAS],
  ['site', 'website', ALIAS],
  ['postal code', 'postal_code', ALIAS],
  ['postcode', 'postal_code', ALIAS],
  ['zip', 'postal_code', ALIAS],
  ['zip_code', 'postal_code', ALIAS],
  ['zipcode', 'postal_code', ALIAS],
  ['reviews_count', 'reviews', ALIAS],
  ['review count', 'reviews', ALIAS],
  ['photo_url', 'photo', ALIAS],
  ['main_photo', 'photo', ALIAS],
  ['lat', 'latitude', ALIAS],
  ['lng', 'longitude', ALIAS],
  ['lon', 'longitude', ALIAS],
  ['timezone', 'time_zone', ALIAS],
  ['phone_number', 'phone', ALIAS],
  ['us_state', 'state', FALLBACK],
  ['type', 'category', FALLBACK],
];

/** Headers that name JavaScript internals: never matched, whatever aliases are added later. */
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

/** A header longer than this is no column name we know; skip it without normalising megabytes. */
const MAX_HEADER_LENGTH = 100;

const HEADER_LOOKUP: ReadonlyMap<string, { column: CanonicalColumn; priority: number }> = (() => {
  const lookup = new Map<string, { column: CanonicalColumn; priority: number }>();
  for (const column of CANONICAL_COLUMNS) lookup.set(normaliseHeader(column), { column, priority: EXACT });
  for (const [alias, column, priority] of ALIASES) {
    // An alias that normalises to a canonical name ("postal code") must not demote it.
    const key = normaliseHeader(alias);
    if (!lookup.has(key)) lookup.set(key, { column, priority });
  }
  return lookup;
})();

/** "  Postal-Code " → "postal_code": lower case, runs of whitespace, hyphens and underscores become
 *  one underscore, none at either end. JS \s also covers NBSP and the BOM a CSV round trip leaves. */
export function normaliseHeader(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\s\-_]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

export function mapHeaders(headerCells: unknown[]): HeaderMapping {
  const best = new Map<CanonicalColumn, { index: number; priority: number }>();
  for (let index = 0; index < headerCells.length; index++) {
    const cell = headerCells[index];
    if (typeof cell !== 'string' && typeof cell !== 'number') continue;
    const text = String(cell);
    if (text.length > MAX_HEADER_LENGTH) continue;
    const key = normaliseHeader(text);
    if (key === '' || FORBIDDEN.has(key)) continue;
    const match = HEADER_LOOKUP.get(key);
    if (!match) continue; // unknown columns are normal in real exports: ignored, never an error
    const current = best.get(match.column);
    if (!current || match.priority < current.priority)
      best.set(match.column, { index, priority: match.priority });
  }
  const columns = new Map<number, CanonicalColumn>();
  for (const [column, { index }] of best) columns.set(index, column);
  const missing = REQUIRED_COLUMNS.filter((column) => !best.has(column));
  return { columns, missing };
}

/** Refuses the sheet when the header row lacks name or place_id, naming the first missing one. */
export function requireColumns(mapping: HeaderMapping, sheetName: string): void {
  const [first] = mapping.missing;
  if (first === undefined) return;
  const why = first === 'place_id' ? 'every business needs a unique place_id' : 'every business needs a name';
  throw new SpreadsheetRejected(
    'missing_column',
    `The sheet "${quoteFromFile(sheetName, 31)}" has no "${first}" column (${why}); add it to the header row.`,
  );
}
