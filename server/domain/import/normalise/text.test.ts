import { describe, expect, it } from 'vitest';
import { cellToString, cleanLine, cleanMultiline, quote, truncate } from './text.ts';

describe('cleanLine', () => {
  it('trims and keeps RTL, CJK, emoji and combining marks exactly', () => {
    for (const text of [
      'مطعم الشام',
      'שלום',
      '寿司 大和',
      '🍕 Pizza 👨‍👩‍👧',
      'Cafe\u0301',
      'Ресторан «Київ»',
    ]) {
      expect(cleanLine(`  ${text}\t`)).toBe(text);
    }
  });

  it('removes NUL, C0 and C1 control characters', () => {
    expect(cleanLine('Joe\u0000s\u0007 Pizza\u001B[31m\u0085\u009F')).toBe('Joes Pizza[31m');
  });

  it('turns line breaks and tabs into one space', () => {
    expect(cleanLine('Line one\r\nLine two\tend')).toBe('Line one Line two end');
  });

  it('replaces a lone surrogate half and keeps real pairs', () => {
    expect(cleanLine('a\uD83Db 🍕')).toBe('a\uFFFDb 🍕');
    expect(cleanLine('\uDC00x')).toBe('\uFFFDx');
  });
});

describe('cleanMultiline', () => {
  it('keeps line feeds, normalises CR LF and drops other controls', () => {
    expect(cleanMultiline(' First\r\nSecond\rThird\u0000\tend ')).toBe('First\nSecond\nThird end');
  });
});

describe('truncate', () => {
  it('never splits a surrogate pair', () => {
    expect(truncate('ab🍕cd', 3)).toBe('ab');
    expect(truncate('ab🍕cd', 4)).toBe('ab🍕');
    expect(truncate('short', 10)).toBe('short');
  });
});

describe('cellToString and quote', () => {
  it('renders cells as a sheet shows them', () => {
    expect(cellToString(undefined)).toBe('');
    expect(cellToString(4.5)).toBe('4.5');
    expect(cellToString(Number.NaN)).toBe('');
    expect(cellToString(true)).toBe('TRUE');
  });

  it('quotes a bad value briefly for a warning', () => {
    expect(quote('abc')).toBe('"abc"');
    expect(quote('x'.repeat(100))).toBe(`"${'x'.repeat(40)}…"`);
  });
});
