// The site's own fields, as this directory's export writes them (id, slug, SEO text, canonical URL,
// dates): read back so that importing an export rebuilds the same pages at the same addresses. Google
// Maps exports have none of these columns; a bad cell is dropped with a warning (the business keeps a
// generated slug, or the import's time), never a reason to lose the row.
import { type CanonicalColumn, type RawRow, SITE_COLUMNS, type SiteFields } from '../normalised-business.ts';
import { type CellValue, cellToString, cleanLine, cleanMultiline, quote } from './text.ts';
import { httpUrl } from './urls.ts';

/** Ids above this would not fit beside the rank in the search index's rowid (db/search/analyzer.ts). */
const MAX_ID = 2 ** 28 - 1;
const MAX_SLUG_LENGTH = 400;
const SLUG = /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N}_-]*$/u;
const LIMITS = { aboutText: 30_000, seoTitle: 500, seoDescription: 2_000 } as const;
/** What toISOString writes, which is how every stored time is kept. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;

type Warn = (column: CanonicalColumn, message: string) => void;

/** The site fields of a row, or null when the row has none of their columns (every Google export). */
export function siteFieldsOf(values: RawRow['values'], warn: Warn): SiteFields | null {
  if (SITE_COLUMNS.every((column) => isBlank(values[column]))) return null;
  return {
    id: idOf(values.id, warn),
    slug: slugOf(values.slug, warn),
    aboutText: textOf(values.about_text, 'about_text', LIMITS.aboutText, true, warn),
    seoTitle: textOf(values.seo_title, 'seo_title', LIMITS.seoTitle, false, warn),
    seoDescription: textOf(values.seo_description, 'seo_description', LIMITS.seoDescription, false, warn),
    canonicalUrl: urlOf(values.canonical_url, warn),
    createdAt: timeOf(values.created_at, 'created_at', warn),
    updatedAt: timeOf(values.updated_at, 'updated_at', warn),
  };
}

function isBlank(value: CellValue): boolean {
  return value === undefined || (typeof value === 'string' && value.trim() === '');
}

function idOf(value: CellValue, warn: Warn): number | null {
  if (isBlank(value)) return null;
  const id = typeof value === 'number' ? value : Number(cellToString(value).trim());
  if (Number.isInteger(id) && id >= 1 && id <= MAX_ID) return id;
  warn('id', `${quote(value)} is not a business id (a whole number from 1 to ${MAX_ID}); a new one is given`);
  return null;
}

/** A slug is kept only when it is made of what the slug rule writes: letters, digits, hyphens and the
 *  underscores of place ids. Anything else (a slash, a dot, a space, a percent sign) could break the
 *  page's address or smuggle a path into it. */
function slugOf(value: CellValue, warn: Warn): string | null {
  if (isBlank(value)) return null;
  const slug = cellToString(value).trim();
  if (slug.length <= MAX_SLUG_LENGTH && SLUG.test(slug)) return slug;
  warn(
    'slug',
    `${quote(value)} is not a valid page address (letters, digits and hyphens); a new one is made`,
  );
  return null;
}

function textOf(
  value: CellValue,
  column: CanonicalColumn,
  max: number,
  multiline: boolean,
  warn: Warn,
): string | null {
  if (isBlank(value)) return null;
  const raw = cellToString(value);
  const text = multiline ? cleanMultiline(raw) : cleanLine(raw);
  if (text.length <= max) return text;
  warn(column, `the text is ${text.length} characters long (at most ${max}); dropped`);
  return null;
}

function urlOf(value: CellValue, warn: Warn): string | null {
  if (isBlank(value)) return null;
  const url = httpUrl(cellToString(value).trim());
  if (url === null) warn('canonical_url', `${quote(value)} is not an http(s) address; dropped`);
  return url;
}

function timeOf(value: CellValue, column: CanonicalColumn, warn: Warn): string | null {
  if (isBlank(value)) return null;
  const text = cellToString(value).trim();
  const time = ISO_TIME.test(text) ? new Date(text) : null;
  if (time !== null && !Number.isNaN(time.getTime())) return time.toISOString();
  warn(column, `${quote(value)} is not a UTC time like 2026-01-31T09:30:00.000Z; the import's time is used`);
  return null;
}
