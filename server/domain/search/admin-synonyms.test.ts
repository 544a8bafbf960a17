// The administrator's synonym groups on both dialects: stored once, listed with the shipped table in
// the order they were added, and listed the same by SQLite and PostgreSQL.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { preparedQuery } from '../../../db/query/prepared-query.ts';
import { createTestStore, DIALECTS, type TestStore } from '../testing/test-store.ts';
import { importSynonymGroups, listSynonymGroups } from './admin-synonyms.ts';
import { ensureShippedSynonyms } from './shipped-synonyms.ts';

const dataVersion = preparedQuery('synonyms_test_data_version', (db) =>
  db.selectFrom('site_stats').select('value').where('key', '=', 'data_version'),
);

const OURS = '# our trade words\ntradie, electrician\nsparky, electrician\n';

describe.each(DIALECTS)('administrator synonyms on %s', (dialect) => {
  let test: TestStore;
  beforeEach(async () => {
    test = await createTestStore(dialect);
  });
  afterEach(async () => {
    await test.dispose();
  });

  const version = async () => Number((await test.store.first(dataVersion, {}))?.value ?? 0);

  it('adds a group once, after the shipped ones, and raises the data version', async () => {
    const before = await version();
    expect(await importSynonymGroups(test.store, OURS)).toEqual({ added: 2, alreadyPresent: 0, errors: [] });
    expect(await version()).toBeGreaterThan(before);
    expect(await importSynonymGroups(test.store, 'electrician, sparky\nplumber, drainlayer\n')).toEqual({
      added: 1,
      alreadyPresent: 1,
      errors: [],
    });
    const groups = await listSynonymGroups(test.store);
    const firstAdmin = groups.findIndex((group) => group.source === 'admin');
    expect(groups.slice(0, firstAdmin).every((group) => group.source === 'shipped')).toBe(true);
    expect(firstAdmin).toBeGreaterThan(150);
    expect(groups.slice(firstAdmin)).toEqual([
      { terms: ['tradie', 'electrician'], source: 'admin' },
      { terms: ['sparky', 'electrician'], source: 'admin' },
      { terms: ['plumber', 'drainlayer'], source: 'admin' },
    ]);
  });

  it('replaces the administrator’s groups with --replace, keeping the shipped ones', async () => {
    await importSynonymGroups(test.store, OURS);
    const shipped = (await listSynonymGroups(test.store)).filter((group) => group.source === 'shipped');
    expect(await importSynonymGroups(test.store, 'plumber, drainlayer\n', { replace: true })).toMatchObject({
      added: 1,
      alreadyPresent: 0,
    });
    const groups = await listSynonymGroups(test.store);
    expect(groups.filter((group) => group.source === 'shipped')).toEqual(shipped);
    expect(groups.filter((group) => group.source === 'admin')).toEqual([
      { terms: ['plumber', 'drainlayer'], source: 'admin' },
    ]);
  });

  it('refuses a file with a bad line whole and stores nothing', async () => {
    const before = await listSynonymGroups(test.store);
    const report = await importSynonymGroups(test.store, 'tradie, electrician\nlonely\n');
    expect(report.added).toBe(0);
    expect(report.errors.map((error) => error.line)).toEqual([2]);
    expect(await listSynonymGroups(test.store)).toEqual(before);
  });

  it('leaves the shipped groups alone once they match this version’s file', async () => {
    await listSynonymGroups(test.store);
    const version1 = await version();
    expect(await ensureShippedSynonyms(test.store)).toBe(false);
    expect(await version()).toBe(version1);
  });
});

describe('administrator synonyms on both dialects', () => {
  it('are listed the same by SQLite and PostgreSQL after the same imports', async () => {
    const stores = await Promise.all(DIALECTS.map((dialect) => createTestStore(dialect)));
    try {
      const lists = [];
      for (const { store } of stores) {
        await importSynonymGroups(store, OURS);
        await importSynonymGroups(store, 'garage, mechanic, auto repair\nsparky, electrician\n');
        lists.push(await listSynonymGroups(store));
      }
      expect(lists[1]).toEqual(lists[0]);
    } finally {
      await Promise.all(stores.map((test) => test.dispose()));
    }
  });
});
