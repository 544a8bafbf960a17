import { describe, expect, it } from 'vitest';
import { safeHttpUrl, sitePath } from './safe-url.ts';

describe('safeHttpUrl', () => {
  it('keeps http and https URLs', () => {
    expect(safeHttpUrl('https://example.com/a b')).toBe('https://example.com/a%20b');
    expect(safeHttpUrl('  HTTP://Example.com ')).toBe('http://example.com/');
  });

  it('refuses every other scheme, relative and broken values', () => {
    for (const value of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:image/png;base64,AAAA',
      'vbscript:x',
      '//evil.example/x.png',
      '/images/x.png',
      'https://',
      '',
      null,
      undefined,
    ]) {
      expect(safeHttpUrl(value)).toBeUndefined();
    }
  });
});

describe('sitePath', () => {
  it('keeps paths of this site, with their query', () => {
    expect(sitePath('/category/plumber')).toBe('/category/plumber');
    expect(sitePath('/search?q=plumbr&exact=1')).toBe('/search?q=plumbr&exact=1');
    expect(sitePath('/')).toBe('/');
  });

  it('refuses what would leave the site or is not a path', () => {
    for (const value of [
      '//evil.example/x',
      '/\\evil.example/x',
      '/\t/evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'category/plumber',
      '',
      null,
      undefined,
    ]) {
      expect(sitePath(value), String(value)).toBeUndefined();
    }
  });
});
