// The pages' Content-Security-Policy: the map's tile host is allowed for images, exactly that host
// (not its neighbours by a wildcard of ours), and the photos' https hosts stay allowed.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { pageContentSecurityPolicy } from './content-security-policy.ts';
import { siteConfigOf } from './site-router.ts';

function imgSrc(policy: string): string[] {
  const directive = policy.split('; ').find((d) => d.startsWith('img-src '));
  return directive?.split(' ').slice(1) ?? [];
}

describe('page Content-Security-Policy', () => {
  it("allows the default tile host, OpenStreetMap's, for images", () => {
    const site = siteConfigOf(loadConfig({}));
    const policy = pageContentSecurityPolicy('n0nce', {
      production: true,
      https: true,
      mapTileUrl: site.map?.tileUrl,
    });
    expect(imgSrc(policy)).toContain('https://tile.openstreetmap.org');
    // Photos come from the imported data's hosts; data: is for Leaflet's CSS.
    expect(imgSrc(policy)).toEqual(expect.arrayContaining(["'self'", 'https:', 'data:']));
    // Tiles are <img>s: no connections to the tile host are opened.
    expect(policy).toContain("connect-src 'self';");
  });

  it('allows exactly the configured host (with its port), not a wildcard of its domain', () => {
    const site = siteConfigOf(
      loadConfig({ MAP_TILE_URL: 'https://maps.example.com:8443/tiles/{z}/{x}/{y}.png?key=abc' }),
    );
    const sources = imgSrc(
      pageContentSecurityPolicy(undefined, { production: true, https: false, mapTileUrl: site.map?.tileUrl }),
    );
    expect(sources).toContain('https://maps.example.com:8443');
    expect(sources.filter((s) => s.includes('example.com'))).toEqual(['https://maps.example.com:8443']);
    expect(sources.some((s) => s.includes('*'))).toBe(false);
  });

  it('names no tile host when there is no map configuration', () => {
    expect(imgSrc(pageContentSecurityPolicy(undefined, { production: true, https: false }))).toEqual([
      "'self'",
      'https:',
      'data:',
    ]);
  });
});
