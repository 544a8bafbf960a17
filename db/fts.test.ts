import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ftsIntegrityCheck, ftsSearchIds, toFtsQuery } from './fts.ts';
import { stageAndMerge, stagedRow } from './testing/staged-row.ts';
import { createTempDatabase, type TempDatabase } from './testing/temp-database.ts';

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
      stagedRow(4, { name: 'Dentons Legal', category: 'Lawyer' }),
    ],
    { resolveSlug: (row) => `${row.slug}-x` },
  );
});
afterEach(async () => {
  await database.dispose();
});

const names = (text: string) =>
  ftsSearchIds(database.sqlite, text, 10).map(
    (id) => database.sqlite.prepare('SELECT name FROM businesses WHERE id = ?').pluck().get(id) as string,
  );

describe('full-text search', () => {
  it('folds diacritics both ways', () => {
    expect(names('cafe lumiere')).toEqual(['Café Lumière']);
    expect(names('montreal')).toEqual(['Café Lumière']);
    expect(names('Café')).toEqual(['Café Lumière']);
  });

  it('matches prefixes and ranks a name match above a description match', () => {
    expect(names('dent')).toEqual(['Dentons Legal', 'Bright Smile']);
    expect(names('implant')).toEqual(['Bright Smile']);
  });

  it('treats operators and quotes in the input as plain words', () => {
    expect(toFtsQuery('dentist" OR name:*')).toBe('"dentist"* "OR"* "name"*');
    expect(toFtsQuery('  ...  ')).toBeNull();
    // A place: earlier words exact, the last one a prefix (it may still be being typed).
    expect(toFtsQuery('San Dieg', 8, 'last')).toBe('"San" "Dieg"*');
    expect(toFtsQuery('NW1', 8, 'last')).toBe('"NW1"*');
    expect(() => names('") OR 1=1 --')).not.toThrow();
    expect(names('smile (bright)')).toEqual(['Bright Smile']);
    expect(names('NEAR(smile bright)')).toEqual([]); // every word must match, NEAR included
  });

  it('keeps the index consistent with the table', () => {
    ftsIntegrityCheck(database.sqlite);
  });
});
