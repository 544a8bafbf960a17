// The pages' tag on its own: weak, one per data version, code and quarter hour, a 404's apart from
// a 200's, and the comparison If-None-Match uses. The tag on real answers: page-revalidation.test.ts.
import { describe, expect, it } from 'vitest';
import type { SiteConfig } from '../../ui/site-config.ts';
import { CLOCK_WINDOW_MS, pagesKey, pageValidator, sourceVersion } from './page-validator.ts';

const SITE: SiteConfig = {
  siteName: 'Directory',
  siteUrl: 'https://directory.test',
  contactEmail: 'info@directory.test',
  contactPhone: '+1 555 0100',
  headerCities: ['Chicago'],
};
const ASSETS = { styles: ['/assets/a-1.css'], modulePreloads: [], bootstrapModules: ['/assets/entry-1.js'] };
const WINDOW_START = 1_800_000 * CLOCK_WINDOW_MS;

describe('pageValidator', () => {
  it('gives a weak tag that changes with the data version and the quarter hour, and nothing else', () => {
    const tag = pageValidator(7, 'key', WINDOW_START).etag;
    expect(tag).toMatch(/^W\/"[^"]+"$/);
    expect(pageValidator(7, 'key', WINDOW_START + CLOCK_WINDOW_MS - 1).etag).toBe(tag);
    expect(pageValidator(8, 'key', WINDOW_START).etag).not.toBe(tag);
    expect(pageValidator(7, 'other', WINDOW_START).etag).not.toBe(tag);
    expect(pageValidator(7, 'key', WINDOW_START + CLOCK_WINDOW_MS).etag).not.toBe(tag);
  });

  it('tells when the tag ends, so that a stored page never outlives it', () => {
    expect(pageValidator(1, 'key', WINDOW_START).windowEndsAt).toBe(WINDOW_START + CLOCK_WINDOW_MS);
    expect(pageValidator(1, 'key', WINDOW_START + CLOCK_WINDOW_MS - 1).windowEndsAt).toBe(
      WINDOW_START + CLOCK_WINDOW_MS,
    );
  });

  it('tags a 404 apart from a 200, so a held 404 never passes for a page that exists', () => {
    const validator = pageValidator(3, 'key', WINDOW_START);
    expect(validator.etagFor(200)).toBe(validator.etag);
    expect(validator.etagFor(404)).toMatch(/^W\/"[^"]+"$/);
    expect(validator.etagFor(404)).not.toBe(validator.etag);
    expect(validator.confirmedBy(validator.etagFor(404))).toBe(false);
  });

  it('is confirmed by its own tag, weak or not, alone or in a list; not by another, nor by *', () => {
    const validator = pageValidator(3, 'key', WINDOW_START);
    const opaque = validator.etag.slice(2);
    for (const header of [validator.etag, opaque, `"a", ${validator.etag}`, `W/"b",${opaque}`])
      expect([header, validator.confirmedBy(header)]).toEqual([header, true]);
    for (const header of [undefined, '', '*', 'W/"3-other"', pageValidator(4, 'key', WINDOW_START).etag])
      expect([header, validator.confirmedBy(header)]).toEqual([header, false]);
  });
});

describe('pagesKey', () => {
  it('changes with the code, the built client, the site configuration and the environment', () => {
    const base = { site: SITE, assets: ASSETS, production: true, source: 'code-1' };
    const key = pagesKey(base);
    expect(pagesKey({ ...base })).toBe(key);
    expect(pagesKey({ ...base, source: 'code-2' })).not.toBe(key);
    expect(pagesKey({ ...base, assets: { ...ASSETS, bootstrapModules: ['/assets/entry-2.js'] } })).not.toBe(
      key,
    );
    expect(pagesKey({ ...base, assets: undefined })).not.toBe(key);
    expect(pagesKey({ ...base, site: { ...SITE, siteName: 'Other' } })).not.toBe(key);
    expect(pagesKey({ ...base, site: { ...SITE, headerCities: ['Leeds'] } })).not.toBe(key);
    expect(pagesKey({ ...base, production: false })).not.toBe(key);
  });

  it('hashes the code that renders pages once per process, the same each time', () => {
    const first = sourceVersion();
    expect(first).toMatch(/^[\w-]{20,}$/);
    expect(sourceVersion()).toBe(first);
  });
});
