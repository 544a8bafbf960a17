import { describe, expect, it } from 'vitest';
import { filterHref, filterText, MAX_FILTER_LENGTH } from './filter-text.ts';

describe('filterText', () => {
  it('trims, drops control characters and cuts long text', () => {
    expect(filterText(null)).toBe('');
    expect(filterText('  pizza  ')).toBe('pizza');
    expect(filterText('a\u0000b\nc')).toBe('a b c');
    expect(filterText('x'.repeat(500))).toHaveLength(MAX_FILTER_LENGTH);
  });
});

describe('filterHref', () => {
  it('keeps only non-empty values, encoded', () => {
    expect(filterHref('/businesses', { search: ' ', category: '' })).toBe('/businesses');
    expect(filterHref('/businesses', { search: 'fish & chips', category: 'Restaurants' })).toBe(
      '/businesses?search=fish+%26+chips&category=Restaurants',
    );
  });
});
