// Search without the answer cache, at the repository: what a first-time query costs, and what paging
// or repeating it costs once its plan (count and ordered ids, per data version) is kept. Medians of
// several rounds over the API benchmark's words and cities. api.bench.ts reports these figures too;
// run alone while working on search:
//   npx tsx bench/search-cold.ts [--db bench/out/million.db] [--rounds 5]
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import { parseDatabaseAddress } from '../db/address.ts';
import { createSqliteStore } from '../db/store/sqlite-store.ts';
import type { Store } from '../db/store/store.ts';
import { openStore } from '../server/domain/open-database.ts';
import { clearSearchPlans, searchDirectory } from '../server/domain/search/search.ts';
import { searchContext } from '../server/domain/search/search-context.ts';
import { median } from './lib/measure.ts';
import { sampleInputs } from './lib/sample-inputs.ts';

/** The words the API benchmark searches for: popular ones ("restaurant": 235k of 1M) and rarer ones. */
export const SEARCH_WORDS = [
  'dentist',
  'plumber',
  'restaurant',
  'hair',
  'lawyer',
  'auto',
  'coffee',
  'school',
  'cleaning',
  'pizza',
];

export interface ColdSearchFigures {
  name: string;
  queries: number;
  /** Page 1 of a query never seen at this data version: count, ranking and rows. */
  firstMedian: number;
  firstMax: number;
  /** Page 2 right after, and page 1 asked again: served from the plan. */
  nextMedian: number;
  againMedian: number;
}

async function ms(fn: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

export async function measureColdSearch(
  dbPath: string,
  cities: readonly string[],
  rounds: number,
): Promise<ColdSearchFigures[]> {
  const sqlite = new BetterSqlite3(dbPath, { readonly: true });
  try {
    return await measureColdSearchIn(createSqliteStore(sqlite, dbPath), cities, rounds);
  } finally {
    sqlite.close();
  }
}

/** The same on any store (a PostgreSQL copy of the database: --pg). */
export async function measureColdSearchIn(
  store: Store,
  cities: readonly string[],
  rounds: number,
): Promise<ColdSearchFigures[]> {
  // The search context (vocabulary, places, synonyms) is built once per data version, not per query.
  await searchContext(store);
  const cases: { name: string; filters: { text: string; location?: string }[] }[] = [
    { name: 'text only', filters: SEARCH_WORDS.map((text) => ({ text })) },
    {
      name: 'text + location',
      filters: cities.map((location, i) => ({ text: SEARCH_WORDS[i % SEARCH_WORDS.length]!, location })),
    },
  ];
  const search = (filter: { text: string; location?: string }, page: number) =>
    searchDirectory(store, { q: filter.text, location: filter.location, page, pageSize: 20 });
  const figures: ColdSearchFigures[] = [];
  for (const { name, filters } of cases) {
    const first: number[] = [];
    const next: number[] = [];
    const again: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const filter of filters) {
        clearSearchPlans(store);
        first.push(await ms(() => search(filter, 1)));
        next.push(await ms(() => search(filter, 2)));
        again.push(await ms(() => search(filter, 1)));
      }
    }
    figures.push({
      name,
      queries: filters.length,
      firstMedian: median(first),
      firstMax: Math.max(...first),
      nextMedian: median(next),
      againMedian: median(again),
    });
  }
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: join('bench', 'out', 'million.db') },
      rounds: { type: 'string', default: '5' },
      // A postgres:// URL of a copy of --db (directory copy): the same queries on PostgreSQL.
      pg: { type: 'string' },
    },
  });
  const { cities } = sampleInputs(values.db!);
  const rounds = Number(values.rounds);
  let figures: ColdSearchFigures[];
  if (values.pg) {
    const handle = await openStore(parseDatabaseAddress(values.pg));
    try {
      figures = await measureColdSearchIn(handle.store, cities, rounds);
    } finally {
      await handle.close();
    }
  } else figures = await measureColdSearch(values.db!, cities, rounds);
  for (const f of figures) {
    console.log(
      `${f.name} (${f.queries} queries): page 1 first time ${f.firstMedian.toFixed(1)} ms median, ` +
        `${f.firstMax.toFixed(1)} ms max; page 2 after it ${f.nextMedian.toFixed(1)} ms; page 1 again ${f.againMedian.toFixed(1)} ms`,
    );
  }
}
