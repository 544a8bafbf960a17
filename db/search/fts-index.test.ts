import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stageAndMerge, stagedRow } from '../testing/staged-row.ts';
import { createTempDatabase, type TempDatabase } from '../testing/temp-database.ts';
import { businessIdOf, searchRowid } from './analyzer.ts';
import {
  ftsCompact,
  ftsIndexRows,
  ftsIntegrityCheck,
  ftsRebuild,
  ftsRemoveRows,
  ftsRowCount,
} from './fts-index.ts';
import { idsWithWords, matchingIds, readVocabulary } from './search-reads.ts';
import { term } from './terms.ts';

let database: TempDatabase;
beforeEach(async () => {
  database = await createTempDatabase();
  stageAndMerge(
    database.sqlite,
    [
      stagedRow(2, { name: 'Café Lumière', category: 'Coffee shop', city: 'Montréal', city_key: 'montréal' }),
      stagedRow(3, {
        name: 'Bright Smile',
        category: 'Dentist',
        description: 'Family dentistry and implants',
      }),
      stagedRow(4, { name: 'Dentons Legal', category: 'Lawyer', rating: 4.9, review_count: 900 }),
    ],
    { resolveSlug: (row) => `${row.slug}-x` },
  );
});
afterEach(async () => {
  await database.dispose();
});

const names = (text: string) =>
  idsWithWords(database.sqlite, text, 10).map(
    (id) => database.sqlite.prepare('SELECT name FROM businesses WHERE id = ?').pluck().get(id) as string,
  );
const vocab = (field: 'word' | 'form') =>
  new Map(readVocabulary(database.sqlite, field).map((row) => [row.term, row.docs]));

describe('the search index', () => {
  it('folds diacritics both ways', () => {
    expect(names('cafe lumiere')).toEqual(['Café Lumière']);
    expect(names('Café')).toEqual(['Café Lumière']);
    expect(matchingIds(database.sqlite, { term: term.city('montréal') }, 5)).toHaveLength(1);
  });

  it('indexes word forms of names and categories (dentists, dentistry → dentist)', () => {
    const forms = matchingIds(database.sqlite, { term: term.categoryForm('dentist') }, 5);
    expect(forms).toHaveLength(1);
    expect(vocab('form').get('dentist')).toBe(1);
    expect(vocab('word').get('dentons')).toBe(1);
    expect(idsWithWords(database.sqlite, 'implants', 5)).toHaveLength(1);
  });

  it('orders rowids by rank, best first, and keeps the business id inside', () => {
    const all = matchingIds(database.sqlite, { term: 'cat_', prefix: true }, 10);
    expect(all[0]).toBe(
      database.sqlite.prepare(`SELECT id FROM businesses WHERE name = 'Dentons Legal'`).pluck().get(),
    );
    expect(searchRowid(4.5, 7)).toBeLessThan(searchRowid(4.4, 3));
    expect(businessIdOf(searchRowid(3.25, 123_456))).toBe(123_456);
    expect(Number.isSafeInteger(searchRowid(0, 2 ** 28 - 1))).toBe(true);
  });

  it('removes a row by its old rank and counts, and indexes the new one', () => {
    const id = database.sqlite
      .prepare(`SELECT id FROM businesses WHERE name = 'Bright Smile'`)
      .pluck()
      .get() as number;
    ftsRemoveRows(database.sqlite, [id]);
    database.sqlite
      .prepare(`UPDATE businesses SET name = 'Shiny Teeth', rating = 5, review_count = 50 WHERE id = ?`)
      .run(id);
    ftsIndexRows(database.sqlite, [id]);
    expect(names('bright')).toEqual([]);
    expect(names('shiny')).toEqual(['Shiny Teeth']);
    expect(vocab('word').get('bright')).toBeUndefined();
    expect(vocab('word').get('shiny')).toBe(1);
    expect(ftsRowCount(database.sqlite)).toBe(3);
    ftsIntegrityCheck(database.sqlite);
  });

  it('a rebuild gives the same rows and counts', () => {
    const before = { rows: ftsRowCount(database.sqlite), words: vocab('word') };
    ftsRebuild(database.sqlite, 1);
    expect(ftsRowCount(database.sqlite)).toBe(before.rows);
    expect(vocab('word')).toEqual(before.words);
    ftsIntegrityCheck(database.sqlite);
  });

  it('compacts the segments that separate writes leave into one per table, in steps', () => {
    const { sqlite } = database;
    // No automatic merging: each import below leaves a segment of its own.
    sqlite.exec(`INSERT INTO search_fts(search_fts, rank) VALUES ('automerge', 0)`);
    sqlite.exec(`INSERT INTO search_names(search_names, rank) VALUES ('automerge', 0)`);
    for (let batch = 0; batch < 4; batch++)
      stageAndMerge(
        sqlite,
        Array.from({ length: 30 }, (_, i) =>
          stagedRow(100 + batch * 30 + i, { name: `Dental Care ${batch}-${i}`, category: 'Dentist' }),
        ),
        { resolveSlug: (row) => `${row.slug}-${batch}` },
      );
    const segments = (table: string) =>
      sqlite.prepare(`SELECT COUNT(DISTINCT segid) FROM ${table}_idx`).pluck().get() as number;
    const found = () => idsWithWords(sqlite, 'dental care', 200);
    const before = found();
    expect(segments('search_fts')).toBeGreaterThan(1);
    expect(segments('search_names')).toBeGreaterThan(1);

    let steps = 0;
    ftsCompact(sqlite, () => steps++, 1);
    expect(segments('search_fts')).toBe(1);
    expect(segments('search_names')).toBe(1);
    expect(steps).toBeGreaterThanOrEqual(2); // a step at least per table
    expect(found()).toEqual(before);
    expect(before).toHaveLength(120);
    ftsIntegrityCheck(sqlite);
  });

  it('treats operators and quotes in the input as plain words', () => {
    expect(() => names('") OR 1=1 --')).not.toThrow();
    expect(names('smile (bright)')).toEqual(['Bright Smile']);
    expect(names('NEAR(smile bright)')).toEqual([]);
  });
});
