import { describe, expect, it } from 'vitest';
import { safeHttpUrl } from './safe-url.ts';

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
