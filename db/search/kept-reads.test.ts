// The index's short reads kept per condition and data version, on both dialects: a counting layer over
// each dialect's own reads of a real index tells which reads reached the database.
import { describe, expect, it } from 'vitest';
import { createSearchDirectory } from '../../server/domain/search/testing/search-directory.ts';
import { useSearchStore } from '../../server/domain/search/testing/search-store.ts';
import { settledDataVersion } from '../../server/domain/testing/settled-data-version.ts';
import { DIALECTS } from '../../server/domain/testing/test-store.ts';
import { bumpDataVersionQuery } from '../stats-repository.ts';
import type { Store } from '../store/store.ts';
import { businessIdOf } from './analyzer.ts';
import { type IndexReads, forgetKeptReads, KEPT_READ_ROWS, keepingReads } from './kept-reads.ts';
import type { Match } from './match.ts';
import { toFts5 } from './match.ts';
import { pgCountMatching, pgMatchingRowids } from './postgres-search-index.ts';
import { countMatching, matchingRowids } from './search-reads.ts';
import { term } from './terms.ts';
import { toTsquery } from './tsquery.ts';

/** The dialect's reads, uncached, counting the calls that reach the database. */
function countedReads(store: Store): IndexReads & { calls: number } {
  const reads = {
    calls: 0,
    matchingRowids: async (match: Match, limit: number, offset = 0) => {
      reads.calls++;
      return store.dialect === 'sqlite'
        ? matchingRowids(store.sqlite, match, limit, offset)
        : pgMatchingRowids(store, match, limit, offset);
    },
    matchingIds: async () => {
      throw new Error('read through matchingRowids');
    },
    countMatching: async (match: Match, cap: number) => {
      reads.calls++;
      return store.dialect === 'sqlite'
        ? countMatching(store.sqlite, match, cap)
        : pgCountMatching(store, match, cap);
    },
    queryText: (match: Match) => (store.dialect === 'sqlite' ? toFts5(match) : toTsquery(match)),
  };
  return reads;
}

describe.each(DIALECTS)('kept index reads on %s', (dialect) => {
  const database = useSearchStore(dialect, createSearchDirectory);
  const plumber: Match = { term: term.categoryForm('plumber') };
  const chicago: Match = { all: [plumber, { term: term.city('chicago') }] };

  it('keeps a window and a count per condition until the data version moves', async () => {
    const { store } = database();
    forgetKeptReads(store);
    const inner = countedReads(store);
    const index = keepingReads(store, inner);

    const first = await index.matchingRowids(plumber, KEPT_READ_ROWS);
    expect(first.length).toBeGreaterThan(0);
    first.push(-1); // a caller's own copy
    expect(await index.matchingRowids(plumber, KEPT_READ_ROWS)).toEqual(first.slice(0, -1));
    expect(await index.matchingIds(plumber, KEPT_READ_ROWS)).toEqual(first.slice(0, -1).map(businessIdOf));
    expect(inner.calls).toBe(1);
    // Another window, offset or condition is another read.
    await index.matchingRowids(plumber, 20);
    await index.matchingRowids(plumber, 20, 1);
    await index.matchingRowids(chicago, 20);
    expect(inner.calls).toBe(4);
    expect(await index.countMatching(plumber, 10)).toBe(first.length - 1);
    expect(await index.countMatching(plumber, 10)).toBe(first.length - 1);
    expect(await index.countMatching(plumber, 1)).toBe(1);
    expect(inner.calls).toBe(6);

    // A longer read is never kept.
    await index.matchingRowids(plumber, KEPT_READ_ROWS + 1);
    await index.matchingRowids(plumber, KEPT_READ_ROWS, 1);
    await index.matchingRowids(plumber, KEPT_READ_ROWS, 1);
    expect(inner.calls).toBe(9);

    // Any write moves the data version: every kept read is read again.
    await store.transaction((tx) => tx.run(bumpDataVersionQuery, {}));
    await settledDataVersion(store);
    expect(await index.matchingRowids(plumber, KEPT_READ_ROWS)).toEqual(first.slice(0, -1));
    await index.countMatching(plumber, 10);
    expect(inner.calls).toBe(11);
    forgetKeptReads(store);
    await index.countMatching(plumber, 10);
    expect(inner.calls).toBe(12);
  });
});
