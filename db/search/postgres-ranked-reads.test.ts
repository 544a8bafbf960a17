// Pages of matches read band by band on PostgreSQL (rank-bands.ts) are SQLite's pages, whichever step
// finds them: a few thousand generated businesses, their commonest and rarer terms, pages at several
// offsets, with the first read's bands and the bounds moved so that each plan answers some.
import { describe, expect, it } from 'vitest';
import { seededStoresForTests } from '../../server/domain/testing/seeded-stores.ts';
import type { Store } from '../store/store.ts';
import type { Match } from './match.ts';
import { pgMatchingRowids, pgReadVocabulary, type RankedReadOptions } from './postgres-search-index.ts';
import { bandsUpTo } from './rank-bands.ts';
import { countMatching, matchingRowids } from './search-reads.ts';
import { toTsquery } from './tsquery.ts';

const stores = seededStoresForTests({ businesses: 3_000, seed: 11 });

function sides(): { sqlite: Store & { dialect: 'sqlite' }; postgres: Store & { dialect: 'postgres' } } {
  const sqlite = stores.storeOf('sqlite');
  const postgres = stores.storeOf('postgres');
  if (sqlite.dialect !== 'sqlite' || postgres.dialect !== 'postgres') throw new Error('unreachable');
  return { sqlite, postgres };
}

async function bandedMatches(match: Match, last: number): Promise<number> {
  const { rows } = await sides().postgres.query<{ n: string }>(
    'SELECT COUNT(*) AS n FROM search_documents WHERE terms @@ $1::tsquery',
    [toTsquery({ all: [match, bandsUpTo(last)] })],
  );
  return Number(rows[0]!.n);
}

describe('pages of matches read band by band on PostgreSQL', () => {
  it('are the pages SQLite reads, for common and rare conditions alike', async () => {
    const { sqlite, postgres } = sides();
    const words = (await pgReadVocabulary(postgres, 'word')).sort((a, b) => b.docs - a.docs);
    const common = words.slice(0, 6).map(({ term }) => ({ term: `w_${term}` }));
    const middling = words.filter((word) => word.docs >= 20 && word.docs <= 60).slice(0, 4);
    const rare = words.filter((word) => word.docs <= 3).slice(0, 3);
    const matches: Match[] = [
      ...common,
      ...[...middling, ...rare].map(({ term }) => ({ term: `w_${term}` })),
      { any: [common[1]!, common[2]!] },
      { but: common[0]!, not: common[1]! },
      { term: 'w_nothing_by_this_name' },
    ];
    // The commonest word fills pages within the best 1/16 of the bands (the banded reads answer it),
    // and is past every probe's bound.
    expect(await bandedMatches(common[0]!, 255)).toBeGreaterThanOrEqual(30);
    expect(words[0]!.docs).toBeGreaterThan(4 * 101);
    const plans: RankedReadOptions[] = [
      {},
      // A small first read: the pages of common conditions come from the probe's bands.
      { firstBands: 0, probeMatches: 40 },
      { firstBands: -1, probeMatches: 40 },
      { firstBands: 255 },
      // A small bound: reads with as many matches walk the rank order instead.
      { firstBands: 1023, sparseMatches: 40 },
      { firstBands: -1, probeMatches: 40, sparseMatches: 40 },
    ];
    for (const match of matches) {
      const all = matchingRowids(sqlite.sqlite, match, 3_000);
      expect(all.length).toBe(countMatching(sqlite.sqlite, match, 3_000));
      for (const options of plans)
        for (const [limit, offset] of [
          [10, 0],
          [30, 0],
          [5, 20],
          [20, 35],
          [101, 0],
        ] as const)
          expect(
            await pgMatchingRowids(postgres, match, limit, offset, options),
            `${JSON.stringify(match)} ${JSON.stringify(options)} ${limit}+${offset}`,
          ).toEqual(all.slice(offset, offset + limit));
    }
  });
});
