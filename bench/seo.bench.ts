// SEO text generation for 100,000 businesses: time, rows per second, the longest batch, how long
// one batch's write transaction holds the write lock, // each write transaction holds the lock), a re-run over unchanged data, and the variety of the text.
// Run: npx tsx bench/seo.bench.ts [rows]   (results also go to docs/benchmarks.md)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSeo } from '../server/domain/seo/generate-seo.ts';
import {
  insertSampleRows,
  openMigratedDatabase,
  sampleBusinessRow,
} from '../server/domain/seo/testing/sample-businesses.ts';
import { deriveFacts } from '../server/domain/seo/seo-facts.ts';
import { seoSourceFromRow } from '../server/domain/seo/seo-source.ts';
import { businessValues, measureVariety } from '../server/domain/seo/testing/sentence-variety.ts';
import { countWords } from '../server/domain/seo/plain-text.ts';
import { immediateTransaction } from '../db/connection.ts';
import { createSqliteStore } from '../db/store/sqlite-store.ts';
import { readSeoBatch, type SeoRow, type SeoUpdate, writeSeoUpdates } from '../db/seo-repository.ts';
import { buildSeoContent } from '../server/domain/seo/build-seo-content.ts';
import { median } from './lib/measure.ts';
import { machineLine, writeResultSection } from './lib/results.ts';

const ROWS = Number(process.argv[2] ?? 100_000);
const SITE = 'https://directory.example';

function* rows(n: number) {
  for (let i = 1; i <= n; i++) yield sampleBusinessRow(i);
}

const out: string[] = [];
const say = (line: string) => {
  console.log(line);
  out.push(line);
};

const dir = mkdtempSync(join(tmpdir(), 'seo-bench-'));
const handle = await openMigratedDatabase(join(dir, 'bench.db'));
try {
  let t = performance.now();
  insertSampleRows(handle.sqlite, rows(ROWS));
  say(`built ${ROWS.toLocaleString('en-US')} rows in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  let last = performance.now();
  let longestBatchMs = 0;
  t = performance.now();
  const store = createSqliteStore(handle.sqlite);
  const first = await generateSeo(store, {
    siteUrl: SITE,
    onProgress: (done) => {
      const now = performance.now();
      if (done > 0) longestBatchMs = Math.max(longestBatchMs, now - last);
      last = now;
    },
  });
  const firstS = (performance.now() - t) / 1000;
  say(
    `generateSeo: ${first.updated.toLocaleString('en-US')} rows updated in ${firstS.toFixed(1)} s ` +
      `(${Math.round(ROWS / firstS).toLocaleString('en-US')} rows/s), longest 2,000-row batch (generate + write) ${longestBatchMs.toFixed(0)} ms`,
  );

  t = performance.now();
  const second = await generateSeo(store, { siteUrl: SITE });
  say(
    `re-run, same data: ${second.updated} rows updated in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  // The write lock is held only while a batch's changed rows are written: time that part alone, for
  // ten batches whose every row changes (another site URL changes every canonical URL).
  const lockMs: number[] = [];
  for (let b = 0; b < 10; b++) {
    const changes: SeoUpdate[] = readSeoBatch(handle.sqlite, b * 2_000, 2_000).map((row) => ({
      id: row.id,
      readUpdatedAt: row.updated_at,
      ...buildSeoContent(seoSourceFromRow(row), `${SITE}/lock-test`),
    }));
    const started = performance.now();
    immediateTransaction(handle.sqlite, () =>
      writeSeoUpdates(handle.sqlite, changes, new Date().toISOString()),
    );
    lockMs.push(performance.now() - started);
  }
  say(
    `write transaction of a 2,000-row batch (the time the lock is held): median ${median(lockMs).toFixed(0)} ms, max ${Math.max(...lockMs).toFixed(0)} ms`,
  );

  const sample = handle.sqlite.prepare('SELECT * FROM businesses ORDER BY id LIMIT 1000').all() as (SeoRow & {
    about: string;
  })[];
  const report = measureVariety(
    sample.map((row) => ({ text: row.about, values: businessValues(deriveFacts(seoSourceFromRow(row))) })),
  );
  const words = sample.map((row) => countWords(row.about));
  say(
    `first 1,000: distinct sentences ${report.distinctSentences.toLocaleString('en-US')} / ${report.totalSentences.toLocaleString('en-US')} = ${report.share.toFixed(3)}; ` +
      `masked skeletons ${report.distinctSkeletons} (${report.skeletonShare.toFixed(3)}); ` +
      `distinct page skeletons ${report.distinctTextSkeletonShare.toFixed(3)}; mean pairwise overlap ${report.meanPairwiseOverlap.toFixed(3)}; ` +
      `words min ${Math.min(...words)} max ${Math.max(...words)}`,
  );
  const size = handle.sqlite.prepare('SELECT AVG(LENGTH(about)) AS a FROM businesses').get() as { a: number };
  say(`average about text: ${Math.round(size.a)} characters`);
  writeResultSection(
    'seo',
    [
      `### SEO text, ${ROWS.toLocaleString('en-US')} businesses`,
      '',
      machineLine(),
      '',
      ...out.map((l) => `- ${l}`),
    ].join('\n'),
  );
} finally {
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
}
