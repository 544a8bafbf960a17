// A typed word and the start of the next are read from the names' pairs (SQLite's search_names,
// decision 0055): the same businesses as the word and the prefix as two conditions, including a
// name whose one word is both ("pizza pi": "Pizza"), other word orders and a third letter; a
// database whose names' table was built before the pairs gets them at its next start.
import { describe, expect, it } from 'vitest';
import { words } from '../../../db/search/analyzer.ts';
import { type IndexedBusiness, indexRow, namePairs, SOURCE_COLUMNS } from '../../../db/search/index-row.ts';
import type { Match } from '../../../db/search/match.ts';
import { searchIndexOf } from '../../../db/search/search-index.ts';
import { writeSearchState } from '../../../db/search/search-state.ts';
import { suggestSearches } from './search.ts';
import { ensureSearchIndex } from './search-index-state.ts';
import { directoryOf, LEEDS, YORK } from './testing/search-directory.ts';
import { useSearchStore } from './testing/search-store.ts';

const NAMES = [
  'Pizza Republic',
  'Republic Pizza',
  'Pizza Rex Repairs',
  'Pizza',
  'Pizza Pizza',
  'Pizza Pie',
  'Pizzeria Rex',
  'Restaurant Rex',
  'Restaurant Bar',
  'Café Restaurant',
  'Joe’s Pizza Repairs',
  'A Pizza Rapido',
  // Nine distinct words: too many for pairs.
  'The Best Little Pizza Shop In The Whole Wide Republic',
];
const placeOf = (i: number) => (i % 3 === 2 ? YORK : LEEDS);

const directory = directoryOf(
  NAMES.map((name, i) => ({ name, category: 'Shop', ...placeOf(i), rating: 4, review_count: 10 + i })),
);

/** The names with the word `word` and a word that starts with `prefix` (in `city`, when given). */
function expected(word: string, prefix: string, city?: string): string[] {
  return NAMES.filter((name, i) => {
    const nameWords = words(name);
    return (
      nameWords.includes(word) &&
      nameWords.some((w) => w.startsWith(prefix)) &&
      (city === undefined || placeOf(i).city === city)
    );
  }).sort();
}

/** Every term a condition names. */
function termsOf(match: Match): string[] {
  if ('term' in match) return [match.term];
  if ('but' in match) return [...termsOf(match.but), ...termsOf(match.not)];
  return ('all' in match ? match.all : match.any).flatMap(termsOf);
}

describe('suggestions of a word and the start of the next', () => {
  const store = useSearchStore('sqlite', directory);
  const reads: Match[] = [];
  const businesses = async (q: string, location?: string) => {
    // The conditions the names are read with: alone, or among a keystroke before's (decision 0053).
    const index = searchIndexOf(store().store);
    const { nameMatchingRowids: read, nameRowidsAmong: readAmong } = index;
    reads.length = 0;
    index.nameMatchingRowids = (match, limit, place) => {
      reads.push(match);
      return read(match, limit, place);
    };
    index.nameRowidsAmong = (match, among, limit) => {
      reads.push(match);
      return readAmong(match, among, limit);
    };
    try {
      const { suggestions } = await suggestSearches(store().store, { q, location });
      return suggestions
        .filter((s) => s.type === 'business')
        .map((s) => s.label.replace(/, (Leeds|York)$/, ''))
        .sort();
    } finally {
      index.nameMatchingRowids = read;
      index.nameRowidsAmong = readAmong;
    }
  };

  it('finds the names of both, in any order, through the pair', async () => {
    for (const [q, word, prefix] of [
      ['pizza re', 'pizza', 're'],
      ['republic pi', 'republic', 'pi'],
      ['pizza rep', 'pizza', 'rep'],
      ['pizza ra', 'pizza', 'ra'],
      ['rex pi', 'rex', 'pi'],
      ['cafe re', 'cafe', 're'],
    ] as const) {
      expect(await businesses(q), q).toEqual(expected(word, prefix));
      expect(reads.flatMap(termsOf), q).toContain(`x_${word}_${prefix.slice(0, 2)}`);
    }
    expect(await businesses('pizza re')).toEqual([
      'Joe’s Pizza Repairs',
      'Pizza Republic',
      'Pizza Rex Repairs',
      'Republic Pizza',
      'The Best Little Pizza Shop In The Whole Wide Republic',
    ]);
  });

  it('counts the word itself as the one the prefix starts', async () => {
    expect(await businesses('pizza pi')).toEqual(expected('pizza', 'pi'));
    expect(await businesses('pizza pi')).toContain('Pizza');
    expect(await businesses('restaurant res')).toEqual([
      'Café Restaurant',
      'Restaurant Bar',
      'Restaurant Rex',
    ]);
  });

  it('keeps to the place typed', async () => {
    expect(await businesses('pizza re', 'York')).toEqual(expected('pizza', 're', 'York'));
    expect(await businesses('pizza re', 'Leeds')).toEqual(expected('pizza', 're', 'Leeds'));
  });

  it('finds nothing when no name has both', async () => {
    expect(await businesses('pizzeria ba')).toEqual([]);
    expect(await businesses('bar pi')).toEqual([]);
  });

  it('writes the pairs of a name’s distinct words with the first two letters of each other', () => {
    expect(namePairs(words('Joe’s Pizza Pizza Go'))).toEqual([
      'x_joe_pi',
      'x_joe_go',
      'x_s_jo',
      'x_s_pi',
      'x_s_go',
      'x_pizza_jo',
      'x_pizza_go',
      'x_go_jo',
      'x_go_pi',
    ]);
    expect(namePairs(words('The Best Little Pizza Shop In The Whole Wide Republic'))).toEqual(['x__long']);
  });

  it('gives a names’ table built before the pairs its pairs at the next start', async () => {
    const { sqlite } = store().source;
    const pairRows = () =>
      sqlite.prepare("SELECT COUNT(*) FROM search_names WHERE search_names MATCH 'x_pizza_re'").pluck().get();
    expect(pairRows()).toBe(4);
    // As a database indexed by the code before: the names' words and places only.
    const rows = (sqlite.prepare(`SELECT ${SOURCE_COLUMNS} FROM businesses`).all() as IndexedBusiness[]).map(
      indexRow,
    );
    sqlite.exec('DELETE FROM search_names');
    const insert = sqlite.prepare('INSERT INTO search_names (rowid, name) VALUES (?, ?)');
    for (const row of rows.sort((a, b) => a.rowid - b.rowid)) insert.run(row.rowid, row.name);
    writeSearchState(sqlite, 'names_version', '1');
    expect(pairRows()).toBe(0);
    expect(ensureSearchIndex(sqlite).rebuilt).toBe(true);
    expect(pairRows()).toBe(4);
    expect(ensureSearchIndex(sqlite).rebuilt).toBe(false);
  });
});
