// Sitemap generation at 1,000,000 businesses: every file written to a folder (the cron/CLI path),
// timed, with the peak RSS of the process that does it (targets: < 30 s, < 256 MB), plus the
// per-request costs of the HTTP path (stats, index, first and last business file, cities, categories).
// The database (rows inserted directly, each with a ~2,000-character about text as after SEO
// generation) is built once and kept at bench/out/sitemap-bench-<rows>.db (--rebuild to remake it).
// Each measurement runs in a fresh child process, so building the data does not count toward RSS.
// --proposed-indexes adds the indexes suggested in docs/decisions/0005 (not in the schema); without
// it they are dropped, so the figures are those of the schema as it stands.
// Run: npx tsx bench/sitemap.bench.ts [--rows N] [--rebuild] [--proposed-indexes]
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/connection.ts';
import { refreshAggregates } from '../db/stats-repository.ts';
import { createSqliteStore } from '../db/store/sqlite-store.ts';
import {
  insertSampleRows,
  openMigratedDatabase,
  sampleBusinessRow,
} from '../server/domain/seo/testing/sample-businesses.ts';
import { writeAllSitemaps } from '../server/domain/sitemap/sitemap-files.ts';
import { getSitemapStats } from '../server/domain/sitemap/sitemap-stats.ts';
import { writeSitemapFile } from '../server/domain/sitemap/sitemap-writer.ts';
import { maxRssMb, runChild, type Sample } from './lib/measure.ts';
import { machineLine, writeResultSection } from './lib/results.ts';

const SITE = 'https://directory.example';
// The measured average about text is ~2,000 characters (bench/seo.bench.ts); row size decides how
// fast the table can be scanned, so the rows carry text of that length.
const ABOUT = 'Generated text about the business, as long as the real one. '.repeat(34);
const PROPOSED_INDEXES = {
  bench_sitemap_businesses: 'businesses (id, slug, updated_at)',
  bench_sitemap_cities: 'businesses (city_key, updated_at)',
  bench_sitemap_categories: 'businesses (category, updated_at)',
};

async function build(path: string, rows: number): Promise<void> {
  for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
  const handle = await openMigratedDatabase(path);
  handle.sqlite.pragma('synchronous = OFF');
  const started = performance.now();
  for (let from = 1; from <= rows; from += 50_000) {
    const chunk = [];
    for (let i = from; i < Math.min(from + 50_000, rows + 1); i++)
      chunk.push({ ...sampleBusinessRow(i), about: ABOUT });
    insertSampleRows(handle.sqlite, chunk);
  }
  refreshAggregates(handle.sqlite);
  await handle.close();
  console.error(
    `built ${rows.toLocaleString('en-US')} rows in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

function setProposedIndexes(path: string, present: boolean): void {
  const handle = openDatabase(path);
  for (const [name, on] of Object.entries(PROPOSED_INDEXES)) {
    handle.sqlite.exec(
      present ? `CREATE INDEX IF NOT EXISTS ${name} ON ${on}` : `DROP INDEX IF EXISTS ${name}`,
    );
  }
  handle.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  handle.sqlite.close();
}

class Discard extends Writable {
  override _write(_chunk: Buffer | string, _e: BufferEncoding, done: () => void): void {
    done();
  }
}

/** Child: one measurement, printed as the last line of JSON. */
async function child(kind: string, dbPath: string, outDir: string): Promise<void> {
  const handle = openDatabase(dbPath);
  const { sqlite } = handle;
  const store = createSqliteStore(sqlite);
  const options = { siteUrl: SITE };
  const sample: Sample = { ms: 0, maxRssMb: 0 };
  const started = performance.now();
  if (kind === 'all') {
    const { files } = await writeAllSitemaps(store, options, outDir);
    sample.files = files.length;
    sample.largestFileMb = Math.max(...files.map((f) => statSync(f).size)) / 1e6;
  } else if (kind === 'stats') {
    await getSitemapStats(store, options);
  } else {
    const last = (await getSitemapStats(store, options)).sitemapUrls.businesses.length;
    const name = kind === 'last' ? `sitemap-businesses-${last}.xml` : kind;
    await writeSitemapFile(sqlite, name, options, new Discard());
  }
  sample.ms = performance.now() - started;
  sample.maxRssMb = maxRssMb();
  await handle.close();
  console.log(JSON.stringify(sample));
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rows: { type: 'string', default: '1000000' },
    rebuild: { type: 'boolean', default: false },
    'proposed-indexes': { type: 'boolean', default: false },
    child: { type: 'string' },
  },
});

if (values.child) {
  await child(values.child, positionals[0] as string, positionals[1] as string);
} else {
  const rows = Number(values.rows);
  const outRoot = join('bench', 'out');
  mkdirSync(outRoot, { recursive: true });
  const dbPath = join(outRoot, `sitemap-bench-${rows}.db`);
  if (values.rebuild || !existsSync(dbPath)) await build(dbPath, rows);
  const indexes = values['proposed-indexes'];
  setProposedIndexes(dbPath, indexes);
  const outDir = mkdtempSync(join(outRoot, 'sitemap-out-'));
  try {
    const run = (kind: string) => runChild('sitemap.bench.ts', ['--child', kind, dbPath, outDir]);
    const all = run('all');
    const http: [string, Sample][] = [
      ['stats (admin panel)', run('stats')],
      ['sitemap.xml', run('sitemap.xml')],
      ['first business file', run('sitemap-businesses-1.xml')],
      ['last business file', run('last')],
      ['sitemap-cities.xml', run('sitemap-cities.xml')],
      ['sitemap-categories.xml', run('sitemap-categories.xml')],
    ];
    const schema = indexes ? 'schema + proposed indexes' : 'schema as it stands';
    const lines = [
      `### Sitemaps, ${rows.toLocaleString('en-US')} businesses (${schema})`,
      '',
      machineLine(),
      '',
      `All files (\`writeAllSitemaps\`, the CLI's \`sitemap --out\`): **${(all.ms / 1000).toFixed(1)} s**, peak RSS **${all.maxRssMb} MB**, ${all.files} files, largest ${all.largestFileMb?.toFixed(1)} MB (targets < 30 s, < 256 MB).`,
      '',
      '| one HTTP request | time | peak RSS |',
      '|---|---|---|',
      ...http.map(
        ([name, s]) =>
          `| ${name} | ${s.ms < 10 ? s.ms.toFixed(2) : Math.round(s.ms)} ms | ${s.maxRssMb} MB |`,
      ),
    ];
    const markdown = lines.join('\n');
    console.log(markdown);
    writeResultSection(indexes ? 'sitemap-proposed-indexes' : 'sitemap', markdown);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
