import { describe, expect, it } from 'vitest';
import { groupByLetter, letterOf } from './category-index.ts';

describe('groupByLetter', () => {
  it('sorts categories by name under their first letter, signs and digits last', () => {
    const groups = groupByLetter([
      { category: 'Pizza restaurant', businessCount: 3 },
      { category: 'bakery', businessCount: 1 },
      { category: 'Auto repair shop', businessCount: 9 },
      { category: '24 hour pharmacy', businessCount: 2 },
      { category: 'Barber shop', businessCount: 4 },
      { category: 'Éclair shop', businessCount: 1 },
    ]);
    expect(groups.map((g) => [g.letter, g.categories.map((c) => c.category)])).toEqual([
      ['A', ['Auto repair shop']],
      ['B', ['bakery', 'Barber shop']],
      ['E', ['Éclair shop']],
      ['P', ['Pizza restaurant']],
      ['#', ['24 hour pharmacy']],
    ]);
  });

  it('leaves out names that make no URL', () => {
    expect(groupByLetter([{ category: '—', businessCount: 1 }])).toEqual([]);
  });

  it('reads the first letter without accents', () => {
    expect(letterOf('éclair')).toBe('E');
    expect(letterOf('  zoo')).toBe('Z');
    expect(letterOf('&co')).toBe('#');
  });
});
