import { describe, expect, it } from 'vitest';
import { businessesPerSitemap, businessFileCount, parseSitemapFileName } from './sitemap-names.ts';

describe('sitemap names', () => {
  it('parses the known names, with or without a leading slash', () => {
    expect(parseSitemapFileName('sitemap.xml')).toEqual({ kind: 'index' });
    expect(parseSitemapFileName('/sitemap-main.xml')).toEqual({ kind: 'main' });
    expect(parseSitemapFileName('sitemap-categories.xml')).toEqual({ kind: 'categories' });
    expect(parseSitemapFileName('sitemap-cities.xml')).toEqual({ kind: 'cities' });
    expect(parseSitemapFileName('sitemap-businesses-12.xml')).toEqual({ kind: 'businesses', number: 12 });
  });

  it('rejects anything else', () => {
    for (const name of [
      'sitemap-businesses-0.xml',
      'sitemap-businesses-01.xml',
      'sitemap-businesses-.xml',
      'sitemap-businesses-1.xml.gz',
      'sitemap-businesses-1e3.xml',
      '../sitemap.xml',
      'robots.txt',
      '',
    ]) {
      expect(parseSitemapFileName(name), name).toBeNull();
    }
  });

  it('counts business files and validates the per-file size', () => {
    expect(businessFileCount(0, 3)).toBe(0);
    expect(businessFileCount(9, 3)).toBe(3);
    expect(businessFileCount(10, 3)).toBe(4);
    expect(businessesPerSitemap({ siteUrl: 'x' })).toBe(45_000);
    expect(() => businessesPerSitemap({ siteUrl: 'x', businessesPerSitemap: 50_001 })).toThrow(RangeError);
    expect(() => businessesPerSitemap({ siteUrl: 'x', businessesPerSitemap: 0 })).toThrow(RangeError);
  });
});
