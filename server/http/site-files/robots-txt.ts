// /robots.txt: every crawler may read the public site; the admin area and the JSON API are not for
// indexing; the sitemap index is named by its absolute URL, as the protocol requires. Search result
// pages are not disallowed: they carry "noindex, follow", which a crawler can only see if it may fetch them.
import { absoluteUrl } from '../../contract/paths.ts';
import { SITEMAP_INDEX_FILE } from '../../domain/sitemap/sitemap-names.ts';

export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /admin-login',
    'Disallow: /admin-panel',
    'Disallow: /api/',
    '',
    `Sitemap: ${absoluteUrl(siteUrl, `/${SITEMAP_INDEX_FILE}`)}`,
    '',
  ].join('\n');
}
