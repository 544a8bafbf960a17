// `directory sitemap` through the real CLI on a SQLite file and on PostgreSQL holding the same rows:
// the same figures and byte-identical files.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refreshAggregatesIn } from '../../db/aggregates.ts';
import { sampleBusinessRow } from '../../server/domain/seo/testing/sample-businesses.ts';
import { insertSampleRowsIn } from '../../server/domain/seo/testing/sample-businesses-in-store.ts';
import { createTestStore, DIALECTS, type TestStore } from '../../server/domain/testing/test-store.ts';
import { runCli } from '../testing/run-cli.ts';

let dir: string;
let stores: TestStore[] = [];
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'directory-sitemap-'));
  stores = await Promise.all(DIALECTS.map((dialect) => createTestStore(dialect)));
  const rows = Array.from({ length: 30 }, (_, k) => ({
    ...sampleBusinessRow(k + 1),
    updated_at: new Date(Date.UTC(2026, 0, 1 + (k % 7))).toISOString(),
  }));
  for (const { store } of stores) {
    await insertSampleRowsIn(store, rows);
    await store.transaction((tx) => refreshAggregatesIn(tx));
  }
});
afterEach(async () => {
  await Promise.all(stores.map((s) => s.dispose()));
  rmSync(dir, { recursive: true, force: true });
});

const SITE_URL = 'https://directory.example';

describe('directory sitemap', () => {
  it('prints the same figures and writes byte-identical files from SQLite and PostgreSQL', async () => {
    const outputs: { figures: Record<string, unknown>; files: Map<string, string> }[] = [];
    for (const [n, test] of stores.entries()) {
      const out = join(dir, `out-${n}`);
      const result = await runCli(['sitemap', '--db', test.address, '--out', out, '--json'], {
        env: { NO_COLOR: '1', LOG_LEVEL: 'silent', SITE_URL },
      });
      expect(result.stderr).toContain('Wrote 5 sitemap files');
      expect(result.exitCode).toBe(0);
      const { files, ...figures } = JSON.parse(String(result.stdout)) as { files: string[] };
      expect(readdirSync(out).sort()).toEqual(files.map((f) => basename(f)).sort());
      outputs.push({ figures, files: new Map(files.map((f) => [basename(f), readFileSync(f, 'utf8')])) });
    }
    const [sqlite, postgres] = outputs as [(typeof outputs)[0], (typeof outputs)[0]];
    expect(sqlite.figures).toMatchObject({ totalBusinesses: 30, totalSitemaps: 4 });
    expect(postgres.figures).toEqual(sqlite.figures);
    expect([...postgres.files.keys()]).toEqual([...sqlite.files.keys()]);
    for (const [name, text] of sqlite.files) expect(postgres.files.get(name), name).toBe(text);
    expect(sqlite.files.get('sitemap-businesses-1.xml')).toContain(`${SITE_URL}/details/`);

    // Without --out: the figures only, in words.
    const words = await runCli(['sitemap', '--db', stores[1]!.address], {
      env: { NO_COLOR: '1', LOG_LEVEL: 'silent', SITE_URL },
    });
    expect(words.exitCode).toBe(0);
    expect(words.stderr).toContain('Businesses:        30');
    expect(String(words.stdout).trim()).toBe(`${SITE_URL}/sitemap.xml`);
  }, 60_000);
});
