// Search without the answer cache, at the repository: what a first-time query costs, and what paging
// or repeating it costs once its plan (count and ordered ids, per data version) is kept. Medians of
// several rounds over the API benchmark's words and cities. api.bench.ts reports these figures too;
// run alone while working on search:
//   npx tsx bench/search-cold.ts [--db bench/out/million.db] [--rounds 5]
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
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

function ms(fn: () => unknown): number {
  const started = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

export function measureColdSearch(
  dbPath: string,
  cities: readonly string[],
  rounds: number,
): ColdSearchFigures[] {
  const sqlite = new BetterSqlite3(dbPath, { readonly: true });
  // The search context (vocabulary, places, synonyms) is built once per data version, not per query.
  searchContext(sqlite);
  const cases: { name: string; filters: { text: string; location?: string }[] }[] = [
    { name: 'text only', filters: SEARCH_WORDS.map((text) => ({ text })) },
    {
      name: 'text + location',
      filters: cities.map((location, i) => ({ text: SEARCH_WORDS[i % SEARCH_WORDS.length]!, location })),
    },
  ];
  const search = (filter: { text: string; location?: string }, page: number) =>
    searchDirectory(sqlite, { q: filter.text, location: filter.location, page, pageSize: 20 });
  const figures = cases.map(({ name, filters }) => {
    const first: number[] = [];
    const next: number[] = [];
    const again: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const filter of filters) {
        clearSearchPlans(sqlite);
        first.push(ms(() => search(filter, 1)));
        next.push(ms(() => search(filter, 2)));
        again.push(ms(() => search(filter, 1)));
      }
    }
    return {
      name,
      queries: filters.length,
      firstMedian: median(first),
      firstMax: Math.max(...first),
      nextMedian: median(next),
      againMedian: median(again),
    };
  });
  sqlite.close();
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: join('bench', 'out', 'million.db') },
      rounds: { type: 'string', default: '5' },
    },
  });
  const { cities } = sampleInputs(values.db!);
  for (const f of measureColdSearch(values.db!, cities, Number(values.rounds))) {
    console.log(
      `${f.name} (${f.queries} queries): page 1 first time ${f.firstMedian.toFixed(1)} ms median, ` +
        `${f.firstMax.toFixed(1)} ms max; page 2 after it ${f.nextMedian.toFixed(1)} ms; page 1 again ${f.againMedian.toFixed(1)} ms`,
    );
  }
}
