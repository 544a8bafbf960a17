// The import figures of /metrics are read from the database once per scrape — whether the scrape goes
// through render() or, with several server processes, asks the registry directly — and afresh at the
// next one (an import that finished in between shows).
import { expect, it } from 'vitest';
import type { ImportRunTotals } from '../../domain/operations/operations-figures.ts';
import { HotCache } from '../hot-cache/hot-cache.ts';
import { OperationsMetrics } from './metrics.ts';

it('reads the import records once per scrape, and again at the next', async () => {
  let reads = 0;
  const metrics = new OperationsMetrics({
    hotCache: HotCache.disabled(),
    imports: (): ImportRunTotals => {
      reads++;
      return { runsByStatus: { done: reads }, rowsImported: 0, rowsUpdated: 0, lastFinishedAt: undefined };
    },
    databaseFiles: () => ({ main: 1, wal: 0 }),
  });
  const done = (text: string) => /directory_import_runs_total\{outcome="done"\} (\d+)/.exec(text)?.[1];
  expect(done((await metrics.render()).body)).toBe('1');
  expect(done((await metrics.render()).body)).toBe('2');
  // As the primary of several processes asks: the registry itself, each scrape in a later turn.
  await new Promise(setImmediate);
  await metrics.registry.getMetricsAsJSON();
  expect(reads).toBe(3);
  await new Promise(setImmediate);
  await metrics.registry.getMetricsAsJSON();
  expect(reads).toBe(4);
});
