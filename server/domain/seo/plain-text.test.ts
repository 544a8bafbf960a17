import { describe, expect, it } from 'vitest';
import { charLength, countWords, plainText, truncateWords } from './plain-text.ts';

describe('plainText', () => {
  it('removes tags, controls and direction overrides and collapses whitespace', () => {
    expect(plainText('  <b>Joe’s</b>\n\tPlace<script>alert(1)</script> \u202eevil\u0000 ')).toBe(
      'Joe’s Place alert(1) evil',
    );
  });

  it('keeps a lone "<" and "&" as text', () => {
    expect(plainText('A < B & C')).toBe('A < B & C');
  });

  it('returns "" for non-strings', () => {
    expect(plainText(null)).toBe('');
    expect(plainText(undefined)).toBe('');
  });

  it('truncates at a word boundary with an ellipsis, counting code points', () => {
    expect(truncateWords('alpha beta gamma delta', 12)).toBe('alpha beta…');
    expect(charLength(truncateWords('żółć '.repeat(20), 30))).toBeLessThanOrEqual(30);
    expect(truncateWords('short', 10)).toBe('short');
  });

  it('counts words', () => {
    expect(countWords(' one  two\nthree ')).toBe(3);
    expect(countWords('')).toBe(0);
  });
});
