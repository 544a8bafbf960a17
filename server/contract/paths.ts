// Canonical public paths, shared by the server (sitemaps, SEO, redirects) and the UI (links).
// Pure functions: imported by the browser bundle.

export function businessPath(slug: string): string {
  return `/details/${encodeURIComponent(slug)}`;
}

export function cityPath(cityName: string): string {
  return `/city/${encodeURIComponent(cityName)}`;
}

/** The specification's category URL: name lowercased, runs of spaces to one hyphen
 *  ("Beauty & Wellness" → "beauty-&-wellness" would be ugly, so "&" and other punctuation go too). */
export function categorySlug(categoryName: string): string {
  return categoryName
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/\s+/g, '-');
}

export function categoryPath(categoryName: string): string {
  return `/category/${encodeURIComponent(categorySlug(categoryName))}`;
}

/** Joins the configured site URL (no trailing slash needed) and a path into an absolute URL. */
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${path}`;
}
