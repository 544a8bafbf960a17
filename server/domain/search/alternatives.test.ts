// What a search that finds nothing offers instead (counts up to a cap, read once), and how an
// unfinished last word is completed (the commonest words it starts, named).
import { describe, expect, it } from 'vitest';
import { stageAndMerge, stagedRow } from '../../../db/testing/staged-row.ts';
import { createTempDatabase } from '../../../db/testing/temp-database.ts';
import { DIALECTS } from '../testing/test-store.ts';
import { ALTERNATIVE_COUNT_CAP } from './alternatives.ts';
import { searchDirectory } from './search.ts';
import { PREFIX_WORDS, searchContext } from './search-context.ts';
import { ensureSearchIndex } from './search-index-state.ts';
import { LONDON } from './testing/search-directory.ts';
import { useSearchStore } from './testing/search-store.ts';

async function createAlternativesDatabase() {
  const database = await createTempDatabase();
  ensureSearchIndex(database.sqlite);
  // Chicago: more dentists than the cap and a few opticians; London: one bakery.
  const rows = [
    ...Array.from({ length: ALTERNATIVE_COUNT_CAP + 5 }, (_, i) =>
      stagedRow(i + 2, { name: `Tooth Care ${i}` }),
    ),
    ...Array.from({ length: 3 }, (_, i) =>
      stagedRow(i + 500, { name: `Clear View ${i}`, category: 'Optician' }),
    ),
    stagedRow(600, { name: 'Crumb Bakery', category: 'Bakery', ...LONDON }),
    // Words starting with "zeph": one common, many rare (one business each).
    ...Array.from({ length: 6 }, (_, i) =>
      stagedRow(700 + i, { name: `Zephyrine ${i}`, category: 'Bakery' }),
    ),
    ...Array.from({ length: PREFIX_WORDS + 6 }, (_, i) =>
      stagedRow(800 + i, { name: `Zeph${String.fromCharCode(97 + (i % 26))}${i} Shop`, category: 'Bakery' }),
    ),
  ];
  stageAndMerge(database.sqlite, rows, { resolveSlug: (row) => `${row.slug}-a` });
  return database;
}

describe.each(DIALECTS)('on %s', (dialect) => {
  const database = useSearchStore(dialect, createAlternativesDatabase);

  const search = (q: string, location?: string) =>
    searchDirectory(database().store, { q, location, page: 1, pageSize: 20 });

  describe('alternatives when nothing matches', () => {
    it('counts the places where the service exists up to the cap, then says "more"', async () => {
      const answer = await search('dentist', 'London');
      expect(answer.totalCount).toBe(0);
      const chicago = answer.alternatives?.places.find((p) => p.label.startsWith('Chicago'));
      expect(chicago).toMatchObject({ count: ALTERNATIVE_COUNT_CAP, countCapped: true });
    });

    it('gives exact counts under the cap', async () => {
      const answer = await search('cinema', 'Chicago');
      expect(answer.totalCount).toBe(0);
      const inChicago = answer.alternatives?.categories.find((c) => c.label === 'Optician');
      expect(inChicago).toEqual(expect.objectContaining({ count: 3 }));
      expect(inChicago?.countCapped).toBeUndefined();
    });
  });

  describe('completing an unfinished last word', () => {
    it('stands for the commonest words it starts, at most PREFIX_WORDS', async () => {
      const completions = (await searchContext(database().store)).wordsStartingWith('zeph');
      expect(completions).toHaveLength(PREFIX_WORDS);
      expect(completions[0]).toBe('zephyrine');
      expect((await searchContext(database().store)).wordsStartingWith('tooth')).toEqual(['tooth']);
    });

    it('finds businesses from a prefix when the words find nothing', async () => {
      expect((await search('zephyri')).businesses.map((b) => b.name)).toHaveLength(6);
    });
  });
});
