// XML pieces of sitemaps and the sitemap index (sitemaps.org protocol 0.9). Everything put into the
// XML is escaped; URLs too long for the protocol are left out rather than breaking the size limit.
import { MAX_SITEMAP_BYTES, MAX_URLS_PER_SITEMAP } from './sitemap-names.ts';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
export const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="${NS}">\n`;
export const URLSET_CLOSE = '</urlset>\n';
export const SITEMAPINDEX_OPEN = `${XML_DECLARATION}<sitemapindex xmlns="${NS}">\n`;
export const SITEMAPINDEX_CLOSE = '</sitemapindex>\n';

// Characters XML 1.0 forbids even when escaped.
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function xmlEscape(text: string): string {
  return text.replace(INVALID_XML, '').replace(/[&<>"']/g, (c) => ENTITIES[c] as string);
}

// Per-entry budget that keeps even a full file of 50,000 entries under 50 MB: the wrappers of an
// entry with lastmod take 66 bytes, the declaration and urlset tags ~110 bytes per file.
const ENTRY_OVERHEAD = 66;
export const MAX_LOC_BYTES = Math.floor((MAX_SITEMAP_BYTES - 200) / MAX_URLS_PER_SITEMAP) - ENTRY_OVERHEAD;

/** W3C datetime (YYYY-MM-DD with optional time and zone), as updated_at is stored. */
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

export function isW3cDatetime(value: string | null | undefined): value is string {
  return typeof value === 'string' && W3C_DATETIME.test(value) && !Number.isNaN(Date.parse(value));
}

/** One <url> entry, or '' when the URL is too long for the protocol's size limits. */
export function urlEntry(loc: string, lastmod?: string | null): string {
  const escaped = xmlEscape(loc);
  if (Buffer.byteLength(escaped) > MAX_LOC_BYTES) return '';
  const mod = isW3cDatetime(lastmod) ? `<lastmod>${lastmod}</lastmod>` : '';
  return `<url><loc>${escaped}</loc>${mod}</url>\n`;
}

export function sitemapEntry(loc: string): string {
  return `<sitemap><loc>${xmlEscape(loc)}</loc></sitemap>\n`;
}
