// Where one database's search is slower than another's: the long-tail queries (bench/lib) asked of
// both at the repository, each the first time (search plans cleared before it), one after the other
// per query so that both see the same machine; the medians and p99s, and the queries slowest on the
// second listed with both times. For working on search, not for docs/benchmarks.md.
//   npx tsx bench/search-slowest.ts --a bench/out/site.db --b postgres://…/site [--queries 1200] [--top 25]
// Queries with more than a service and a place (near me: a point) are left out.
import { parseArgs } from 'node:util';
import { parseDatabaseAddress } from '../db/address.ts';
import type { Store } from '../db/store/store.ts';
import { openStore } from '../server/domain/open-database.ts';
import { clearSearchPlans, searchDirectory } from '../server/domain/search/search.ts';
import { searchContext } from '../server/domain/search/search-context.ts';
import { longTailQueries } from './lib/long-tail-queries.ts';
import { median } from './lib/measure.ts';

const { values } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    queries: { type: 'string', default: '1200' },
    top: { type: 'string', default: '25' },
  },
});
if (!values.a || !values.b) throw new Error('usage: search-slowest.ts --a <database> --b <database>');

const requests = longTailQueries(Number(values.queries)).flatMap((query) => {
  const params = new URLSearchParams(query.path.split('?')[1]);
  if ([...params.keys()].some((key) => key !== 'q' && key !== 'location')) return [];
  return [
    { display: query.display, q: params.get('q') ?? '', location: params.get('location') ?? undefined },
  ];
});

const handles = [
  await openStore(parseDatabaseAddress(values.a)),
  await openStore(parseDatabaseAddress(values.b)),
];
const stores = handles.map((handle) => handle.store) as [Store, Store];
for (const store of stores) await searchContext(store);

async function timed(
  store: Store,
  request: (typeof requests)[number],
): Promise<{ ms: number; total: number }> {
  clearSearchPlans(store);
  const started = process.hrtime.bigint();
  const answer = await searchDirectory(store, { ...request, page: 1, pageSize: 20 });
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, total: answer.totalCount };
}

const rows: { display: string; a: number; b: number; total: number }[] = [];
for (const request of requests) {
  const [a, b] = [await timed(stores[0], request), await timed(stores[1], request)];
  rows.push({ display: request.display, a: a.ms, b: b.ms, total: b.total });
}
for (const handle of handles) await handle.close();

const p99 = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length * 0.99)] ?? 0;
for (const side of ['a', 'b'] as const) {
  const times = rows.map((row) => row[side]);
  console.log(
    `${side} ${values[side]}: ${rows.length} queries, median ${median(times).toFixed(1)} ms, p99 ${p99(times).toFixed(1)} ms, total ${(times.reduce((s, t) => s + t, 0) / 1000).toFixed(1)} s`,
  );
}
console.log(`slowest on b (ms on a, ms on b, matches):`);
for (const row of rows.sort((x, y) => y.b - x.b).slice(0, Number(values.top)))
  console.log(
    `${row.a.toFixed(1).padStart(8)} ${row.b.toFixed(1).padStart(8)} ${String(row.total).padStart(7)}  ${row.display}`,
  );
