// PostgreSQL's merge where it differs from SQLite's: an import that at least doubles the businesses
// table writes them with its secondary indexes dropped and builds them again before the commit (and
// does without when readers hold the table); the new rows' search index rows and vocabulary come from
// the rows the stager computed, right even when another process added one of the place ids meanwhile.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pgSearchIndex } from '../../../db/search/postgres-search-index.ts';
import type { PostgresStore } from '../../../db/store/store.ts';
import { expectSearchIndexIntact } from '../testing/search-index-check.ts';
import { createTestStore, type TestStore } from '../testing/test-store.ts';
import { importSpreadsheet } from './import-spreadsheet.ts';
import { mapsRow, writeWorkbook } from './testing/workbook.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'postgres-merge-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

let test: TestStore;
let store: PostgresStore;
/** Another session on the same database: the reader, the other process. */
let other: pg.Client;
beforeEach(async () => {
  test = await createTestStore('postgres');
  store = test.store as PostgresStore;
  other = new pg.Client({ connectionString: test.address });
  await other.connect();
});
afterEach(async () => {
  await other.end().catch(() => {});
  await test.dispose();
});

let fileNumber = 0;
const fileOf = (rows: ReturnType<typeof mapsRow>[]) =>
  writeWorkbook(join(dir, `file-${++fileNumber}.xlsx`), rows);
const rowsOf = (count: number) => Array.from({ length: count }, () => mapsRow());
const importFile = (path: string) =>
  importSpreadsheet({ store, url: test.address }, { filePath: path, startedBy: 'test', priority: 'low' });

/** The businesses table's indexes, as the catalog prints them. */
async function indexDefinitions(): Promise<string[]> {
  const { rows } = await other.query<{ indexdef: string }>(
    `SELECT indexdef FROM pg_indexes WHERE tablename = 'businesses' ORDER BY indexname`,
  );
  return rows.map((row) => row.indexdef);
}

/** Waits until the import's session waits for a lock on `table` (held by `other`). */
async function untilWaitingOn(table: string): Promise<void> {
  for (let tries = 0; tries < 600; tries++) {
    const { rows } = await other.query(
      `SELECT 1 FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
       WHERE NOT l.granted AND c.relname = $1 AND l.pid <> pg_backend_pid()`,
      [table],
    );
    if (rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the import never waited on ${table}`);
}

describe('the PostgreSQL merge', () => {
  it('writes a first import without the secondary indexes and builds them again before its commit', async () => {
    const before = await indexDefinitions();
    expect(before.length).toBeGreaterThan(10);
    // Hold a table the merge recounts after writing: it stops there, its rows written, uncommitted.
    await other.query('BEGIN');
    await other.query('LOCK TABLE city_stats IN ACCESS EXCLUSIVE MODE');
    // Ratings and review counts that vary along the file, so that its order is not the rank order.
    const rows = Array.from({ length: 1_500 }, (_, i) =>
      mapsRow({ rating: 3 + ((i * 7) % 21) / 10, reviews: (i * 37) % 500 }),
    );
    const importing = importFile(fileOf(rows));
    await untilWaitingOn('city_stats');
    // The catalog as the merge's own transaction sees it is not visible here; its lock is.
    const { rows: locks } = await other.query(
      `SELECT mode FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
       WHERE c.relname = 'businesses' AND l.granted AND l.pid <> pg_backend_pid()`,
    );
    expect(locks.map((lock) => lock.mode)).toContain('AccessExclusiveLock');
    await other.query('COMMIT');
    expect((await importing).stats.imported).toBe(1_500);
    expect(await indexDefinitions()).toEqual(before);
    await expectSearchIndexIntact(store);
    // Its search rows lie in the table in rank order, as a rebuild lays them (decision 0039).
    const { rows: laid } = await other.query<{ rowid: string }>(
      'SELECT rowid FROM search_documents ORDER BY ctid',
    );
    const rowids = laid.map((row) => BigInt(row.rowid));
    expect(rowids).toHaveLength(1_500);
    expect(rowids).toEqual([...rowids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  }, 120_000);

  it("makes the planner's statistics after a large import, not after a small one", async () => {
    const analysed = async () =>
      (
        await other.query<{ relname: string; last_analyze: Date | null }>(
          `SELECT relname, last_analyze FROM pg_stat_user_tables
           WHERE relname IN ('businesses', 'search_documents') ORDER BY relname`,
        )
      ).rows;
    await importFile(fileOf(rowsOf(200)));
    const first = await analysed();
    // Made by the import itself (autovacuum's own runs are recorded as last_autoanalyze).
    expect(first.map((row) => row.relname)).toEqual(['businesses', 'search_documents']);
    for (const row of first) expect(row.last_analyze).not.toBeNull();
    const { rows: stats } = await other.query(
      `SELECT 1 FROM pg_stats WHERE tablename = 'businesses' AND attname = 'city_key'`,
    );
    expect(stats).toHaveLength(1);
    // 10 more to 200: under a tenth of the table, left to autovacuum.
    await importFile(fileOf(rowsOf(10)));
    expect(await analysed()).toEqual(first);
  }, 120_000);

  it('writes with the indexes in place when readers hold the table, rather than wait for them', async () => {
    await importFile(fileOf(rowsOf(10)));
    const before = await indexDefinitions();
    // A reader's open transaction keeps its lock on the table until it ends (and its snapshot).
    await other.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    await other.query('SELECT COUNT(*) FROM businesses');
    const report = await importFile(fileOf(rowsOf(1_500)));
    expect(report.stats.imported).toBe(1_500);
    // Done while the reader still holds the table: the import never took it.
    const { rows } = await other.query('SELECT COUNT(*)::integer AS n FROM businesses');
    expect(rows[0].n).toBe(10);
    await other.query('COMMIT');
    expect(await indexDefinitions()).toEqual(before);
    expect(Number((await other.query('SELECT COUNT(*) AS n FROM businesses')).rows[0].n)).toBe(1_510);
    await expectSearchIndexIntact(store);
  }, 120_000);

  it('counts the vocabulary of the rows it inserted only, when another process added one of their place ids', async () => {
    const rows = ['Alpha', 'Beta', 'Gamma'].map((word) => mapsRow({ name: `Raced Bakery ${word}` }));
    // The merge inserts the hours patterns between matching and writing: held there, the place id of
    // the second row is added by "another process" before the merge writes.
    await other.query('BEGIN');
    await other.query('LOCK TABLE hours_patterns IN ACCESS EXCLUSIVE MODE');
    const importing = importFile(fileOf(rows));
    await untilWaitingOn('hours_patterns');
    const { rows: added } = await other.query<{ id: string }>(
      `INSERT INTO businesses (place_id, slug, name, category, category_group, created_at, updated_at)
       VALUES ($1, 'raced-elsewhere', 'Raced Elsewhere Florist', 'Florist', 'Shopping', $2, $2) RETURNING id`,
      [rows[1]!.place_id, new Date().toISOString()],
    );
    await other.query('COMMIT');
    const report = await importing;
    expect(report.stats.imported).toBe(2);
    // The other process indexes its own business, as every writer does.
    await pgSearchIndex(store, [Number(added[0]!.id)]);
    const { rows: names } = await other.query('SELECT name FROM businesses ORDER BY name');
    expect(names.map((row) => row.name)).toEqual([
      'Raced Bakery Alpha',
      'Raced Bakery Gamma',
      'Raced Elsewhere Florist',
    ]);
    await expectSearchIndexIntact(store);
  }, 120_000);
});
