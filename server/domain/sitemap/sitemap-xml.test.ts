import { describe, expect, it } from 'vitest';
import { assertWellFormedXml } from './testing/sitemap-test-support.ts';
import {
  isW3cDatetime,
  MAX_LOC_BYTES,
  URLSET_CLOSE,
  URLSET_OPEN,
  urlEntry,
  xmlEscape,
} from './sitemap-xml.ts';

describe('sitemap XML pieces', () => {
  it('escapes the five XML specials and drops characters XML forbids', () => {
    expect(xmlEscape(`a&b<c>d"e'f\u0001g`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;fg');
  });

  it('writes lastmod only for a W3C datetime', () => {
    expect(urlEntry('https://x.example/a', '2026-01-02T03:04:05.678Z')).toBe(
      '<url><loc>https://x.example/a</loc><lastmod>2026-01-02T03:04:05.678Z</lastmod></url>\n',
    );
    expect(urlEntry('https://x.example/a', 'yesterday')).toBe('<url><loc>https://x.example/a</loc></url>\n');
    expect(isW3cDatetime('2026-01-02')).toBe(true);
    expect(isW3cDatetime('2026-13-45T00:00:00Z')).toBe(false);
  });

  it('leaves out a URL so long that 50,000 of them would pass 50 MB', () => {
    expect(urlEntry(`https://x.example/${'a'.repeat(MAX_LOC_BYTES)}`, null)).toBe('');
    expect(50_000 * (MAX_LOC_BYTES + 66) + 200).toBeLessThanOrEqual(52_428_800);
  });

  it('the checker rejects malformed XML (so that passing it means something)', () => {
    const ok = `${URLSET_OPEN}${urlEntry('https://x.example/?a=1&b=2')}${URLSET_CLOSE}`;
    expect(() => assertWellFormedXml(ok)).not.toThrow();
    expect(() => assertWellFormedXml(ok.replace('&amp;', '&'))).toThrow(/bare &/);
    expect(() => assertWellFormedXml(ok.replace('</loc>', ''))).toThrow();
    expect(() => assertWellFormedXml(`${ok}<url></url>`)).toThrow(/one root/);
  });
});
