import { describe, expect, it } from 'vitest';
import {
  listOutcome,
  MAX_PAGE,
  offsetOf,
  pageCount,
  pageHref,
  pageWindow,
  parsePageParam,
  shownRange,
} from './page-number.ts';

describe('parsePageParam', () => {
  it('reads an absent or empty value as page 1', () => {
    expect(parsePageParam(null)).toBe(1);
    expect(parsePageParam(undefined)).toBe(1);
    expect(parsePageParam('')).toBe(1);
  });

  it('reads whole numbers from 1 to MAX_PAGE', () => {
    expect(parsePageParam('1')).toBe(1);
    expect(parsePageParam('37')).toBe(37);
    expect(parsePageParam(String(MAX_PAGE))).toBe(MAX_PAGE);
  });

  it('refuses anything else', () => {
    for (const value of [
      '0',
      '-1',
      '1.5',
      'abc',
      '01',
      ' 2',
      '2 ',
      '1e3',
      String(MAX_PAGE + 1),
      '99999999999',
    ])
      expect(parsePageParam(value), value).toBeNull();
  });
});

describe('paging arithmetic', () => {
  it('counts pages, with one page for an empty list', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(offsetOf(3, 20)).toBe(40);
  });

  it('says which items a page shows', () => {
    expect(shownRange(1, 20, 20, 57)).toBe('1–20 of 57');
    expect(shownRange(3, 20, 17, 57)).toBe('41–57 of 57');
    expect(shownRange(1, 20, 0, 0)).toBe('0 of 0');
    expect(shownRange(2, 20, 20, 12345)).toBe('21–40 of 12,345');
  });

  it('classifies a page as empty, past the end or shown', () => {
    expect(listOutcome(0, 1, 20)).toBe('empty');
    expect(listOutcome(0, 2, 20)).toBe('out-of-range');
    expect(listOutcome(41, 3, 20)).toBe('ok');
    expect(listOutcome(40, 3, 20)).toBe('out-of-range');
  });
});

describe('pageHref', () => {
  it('leaves page 1 without a page parameter and drops empty parameters', () => {
    expect(pageHref('/businesses', { search: '', category: undefined }, 1)).toBe('/businesses');
    expect(pageHref('/businesses', { search: 'pizza', category: '' }, 1)).toBe('/businesses?search=pizza');
    expect(pageHref('/city/New%20York', {}, 3)).toBe('/city/New%20York?page=3');
  });

  it('encodes the values', () => {
    expect(pageHref('/search', { q: 'a&b=c', location: 'São Paulo' }, 2)).toBe(
      '/search?q=a%26b%3Dc&location=S%C3%A3o+Paulo&page=2',
    );
  });
});

describe('pageWindow', () => {
  it('lists every page of a short list', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });

  it('keeps the first and last page and two either side, with gaps marked', () => {
    expect(pageWindow(1, 50)).toEqual([1, 2, 3, null, 50]);
    expect(pageWindow(10, 50)).toEqual([1, null, 8, 9, 10, 11, 12, null, 50]);
    expect(pageWindow(50, 50)).toEqual([1, null, 48, 49, 50]);
    expect(pageWindow(4, 50)).toEqual([1, 2, 3, 4, 5, 6, null, 50]);
  });
});
