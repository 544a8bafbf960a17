// The import on both dialects: the same file gives the same businesses, counts, hours patterns,
// search vocabulary and report on SQLite and on PostgreSQL; update imports follow the same rules; a refused file
// writes nothing; the import lock refuses a second import; progress goes through the same steps; a run
// a killed process left running is marked interrupted. Real files through the real import process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { acquireNamedLock } from '../../../db/locks/named-lock.ts';
import { ftsIndexRows, ftsRemoveRows } from '../../../db/search/fts-index.ts';
import { pgSearchIndex, pgSearchRemove } from '../../../db/search/postgres-search-index.ts';
import { FIXTURE_FILES_DIR } from '../../../fixtures/generate.ts';
import { expectSearchIndexIntact } from '../testing/search-index-check.ts';
import { sqlIn } from '../testing/sql-in.ts';
import { createTestStore, DIALECTS, type TestStore } from '../testing/test-store.ts';
import { ImportError } from './import-error.ts';
import { IMPORT_LOCK } from './import-lock.ts';
import {
  type ImportDatabase,
  type ImportProgress,
  type ImportReport,
  importSpreadsheet,
} from './import-spreadsheet.ts';
import { mapsRow, type SheetRow, writeWorkbook } from './testing/workbook.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'import-dialects-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

let fileNumber = 0;
const workbook = (rows: SheetRow[]) => writeWorkbook(join(dir, `file-${++fileNumber}.xlsx`), rows);

function databaseOf(test: TestStore): ImportDatabase {
  return test.store.dialect === 'sqlite' ? test.store : { store: test.store, url: test.address };
}

/** Raw SQL on either dialect (the tests' own reads and hand edits). */
const sql = <T = Record<string, unknown>>(test: TestStore, text: string, values: unknown[] = []) =>
  sqlIn<T>(test.store, text, values);

const importInto = (
  test: TestStore,
  filePath: string,
  extra: Partial<Parameters<typeof importSpreadsheet>[1]> = {},
) => importSpreadsheet(databaseOf(test), { filePath, startedBy: 'test', priority: 'low', ...extra });

/** What the import wrote, without ids and times (each database numbers and clocks its own). */
async function written(test: TestStore) {
  const businesses = (await sql(test, 'SELECT * FROM businesses')).map(
    ({ id: _id, created_at: _c, updated_at: _u, import_run_id: _r, ...rest }) => rest,
  );
  businesses.sort((a, b) => ((a.place_id as string) < (b.place_id as string) ? -1 : 1));
  const ordered = (rows: Record<string, unknown>[], key: string) =>
    rows.sort((a, b) => (String(a[key]) < String(b[key]) ? -1 : String(a[key]) > String(b[key]) ? 1 : 0));
  return {
    businesses,
    hours: ordered(
      await sql(
        test,
        `SELECT b.place_id, p.hours, p.time_zone FROM business_hours h
         JOIN businesses b ON b.id = h.business_id JOIN hours_patterns p ON p.id = h.pattern_id`,
      ),
      'place_id',
    ),
    cities: ordered(await sql(test, 'SELECT * FROM city_stats'), 'city_key'),
    categories: ordered(await sql(test, 'SELECT * FROM category_stats'), 'category'),
    countries: ordered(await sql(test, 'SELECT * FROM country_stats'), 'country'),
    site: ordered(await sql(test, `SELECT * FROM site_stats WHERE key <> 'data_version'`), 'key'),
    // The search index's vocabulary and rank bins: the written rows were indexed, changed ones again.
    vocabulary: ordered(
      (
        await sql<{ field: string; term: string; docs: number }>(
          test,
          'SELECT field, term, docs FROM search_vocab WHERE docs > 0',
        )
      ).map((row) => ({ key: `${row.field}:${row.term}`, docs: Number(row.docs) })),
      'key',
    ),
    rankBins: ordered(await sql(test, 'SELECT bin, businesses FROM search_rank_bins'), 'bin'),
  };
}

/** What the panel's edit does (db/admin-business-repository.ts): the new name, the field's bit, and
 *  the business's search rows out and in again. */
async function editByHand(test: TestStore, placeId: string, name: string): Promise<void> {
  const [row] = await sql<{ id: number }>(test, 'SELECT id FROM businesses WHERE place_id = ?', [placeId]);
  const ids = [Number(row?.id)];
  const { store } = test;
  if (store.dialect === 'sqlite') ftsRemoveRows(store.sqlite, ids);
  else await pgSearchRemove(store, ids);
  await sql(test, 'UPDATE businesses SET name = ?, edited_mask = 1 WHERE place_id = ?', [name, placeId]);
  if (store.dialect === 'sqlite') ftsIndexRows(store.sqlite, ids);
  else await pgSearchIndex(store, ids);
}

const withoutRun = ({ runId: _runId, ...rest }: ImportReport) => rest;

describe('the same file on SQLite and PostgreSQL', () => {
  let sqlite: TestStore;
  let postgres: TestStore;
  beforeEach(async () => {
    [sqlite, postgres] = await Promise.all([createTestStore('sqlite'), createTestStore('postgres')]);
  });
  afterEach(async () => {
    await Promise.all([sqlite.dispose(), postgres.dispose()]);
  });

  it('writes the same businesses, hours patterns, counts and search vocabulary, and reports the same', async () => {
    const reports = [];
    for (const file of ['google-maps-classic.xlsx', 'bad-rows.xlsx']) {
      const path = join(FIXTURE_FILES_DIR, file);
      const [onSqlite, onPostgres] = [await importInto(sqlite, path), await importInto(postgres, path)];
      expect(withoutRun(onPostgres)).toEqual(withoutRun(onSqlite));
      reports.push(onSqlite);
    }
    // Both files wrote rows, and the second one rejected some with their row and column.
    expect(reports[0]?.stats.imported).toBe(200);
    expect(reports[1]?.stats.totalErrors).toBeGreaterThan(0);
    expect(reports[1]?.errors[0]).toMatchObject({ row: expect.any(Number), column: expect.any(String) });
    const [a, b] = await Promise.all([written(sqlite), written(postgres)]);
    expect(b.businesses).toHaveLength(a.businesses.length);
    expect(b).toEqual(a);
    expect(a.hours.length).toBeGreaterThan(100);
    expect(a.vocabulary.length).toBeGreaterThan(100);
    // PostgreSQL's new rows were indexed from the rows its stager computed: the same as a rebuild.
    await expectSearchIndexIntact(postgres.store);
    // PostgreSQL's imports leave their search entries in the GIN pending lists during the merge and
    // merge them into the trees after the commit: nothing is left pending.
    for (const index of ['search_documents_terms', 'search_documents_name']) {
      const [cleaned] = await sql(postgres, `SELECT gin_clean_pending_list('${index}'::regclass) AS pages`);
      expect(cleaned).toEqual({ pages: 0 });
    }
  }, 120_000);

  it('skips the rows already stored and gives a namesake its own address, the same on both', async () => {
    const first = [mapsRow({ name: 'Stored Dental' }), mapsRow({ name: 'Stored Bakery' })];
    // Another place with a stored business's name: the same first address (slug), which is taken.
    const namesake = mapsRow({ name: 'Stored Bakery' });
    const again = workbook([first[0]!, namesake]);
    const reports: ImportReport[] = [];
    for (const test of [sqlite, postgres]) {
      await importInto(test, workbook(first));
      reports.push(await importInto(test, again));
    }
    const [onSqlite, onPostgres] = reports as [ImportReport, ImportReport];
    expect(onSqlite.stats).toMatchObject({ imported: 1, duplicatesSkipped: 1 });
    expect(withoutRun(onPostgres)).toEqual(withoutRun(onSqlite));
    const [a, b] = await Promise.all([written(sqlite), written(postgres)]);
    expect(b).toEqual(a);
    expect(new Set(a.businesses.map((row) => row.slug)).size).toBe(3);
  }, 120_000);

  it('applies the same update rules: given fields replace, blanks keep, hand edits stay', async () => {
    const first = [
      mapsRow({ name: 'Corner Dental', rating: 4.1, website: 'https://corner.example/' }),
      mapsRow({ name: 'Hand Edited Dental' }),
      mapsRow({ name: 'Unchanged Dental' }),
    ];
    const second = [
      // A changed name and rating; the blank website keeps the stored one.
      { ...first[0], name: 'Corner Dental & Co', rating: 4.8, website: '' },
      // The name was edited by hand in the panel: kept, and said so; the rating changes.
      { ...first[1], name: 'From The File', rating: 3.9 },
      first[2]!,
      mapsRow({ name: 'New Dental' }),
    ];
    const firstFile = workbook(first);
    const secondFile = workbook(second);
    const reports: ImportReport[] = [];
    for (const test of [sqlite, postgres]) {
      await importInto(test, firstFile);
      await editByHand(test, first[1]!.place_id as string, 'Edited By Hand');
      reports.push(await importInto(test, secondFile, { updateExisting: true }));
    }
    const [onSqlite, onPostgres] = reports as [ImportReport, ImportReport];
    expect(onSqlite.stats).toEqual({
      imported: 1,
      updated: 2,
      duplicatesSkipped: 0,
      totalErrors: 0,
      unchanged: 1,
      keptEdits: 1,
    });
    expect(onSqlite.updates?.map((u) => u.changes.map((c) => c.field))).toEqual([
      ['name', 'rating'],
      ['rating'],
    ]);
    expect(onSqlite.warnings).toEqual([
      expect.objectContaining({ column: 'name', message: expect.stringContaining('edited by hand') }),
    ]);
    const sameIds = (report: ImportReport) => ({
      ...withoutRun(report),
      updates: report.updates?.map(({ id: _id, ...rest }) => rest),
    });
    expect(sameIds(onPostgres)).toEqual(sameIds(onSqlite));
    const [a, b] = await Promise.all([written(sqlite), written(postgres)]);
    expect(b).toEqual(a);
    const corner = a.businesses.find((row) => row.place_id === first[0]!.place_id);
    expect(corner).toMatchObject({
      name: 'Corner Dental & Co',
      rating: 4.8,
      website: 'https://corner.example/',
    });
    expect(a.businesses.find((row) => row.place_id === first[1]!.place_id)).toMatchObject({
      name: 'Edited By Hand',
      rating: 3.9,
    });
  }, 120_000);
});

describe.each(DIALECTS)('import on %s', (dialect) => {
  let test: TestStore;
  beforeEach(async () => {
    test = await createTestStore(dialect);
  });
  afterEach(async () => {
    await test.dispose();
  });

  const count = async (table: string) =>
    Number((await sql<{ n: number }>(test, `SELECT COUNT(*) AS n FROM ${table}`))[0]?.n);

  it('refuses a file without a name column, names it, and writes nothing', async () => {
    const file = workbook([{ title: 'No Name Column', place_id: 'ChIJnoName000000000000000' }]);
    const error = await importInto(test, file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportError);
    expect(error).toMatchObject({ kind: 'rejected', code: 'missing_column' });
    expect((error as Error).message).toMatch(/^No sheet has a "name" column/);
    expect(await count('businesses')).toBe(0);
    const runs = await sql<{ status: string; message: string }>(
      test,
      'SELECT status, message FROM import_runs',
    );
    expect(runs).toEqual([{ status: 'failed', message: (error as Error).message }]);
  }, 60_000);

  it('refuses a second import while the lock is held, naming when the first started', async () => {
    const held = await acquireNamedLock(test.store, IMPORT_LOCK, 'other');
    if (!held.acquired) throw new Error('the lock should be free');
    try {
      const error = await importInto(test, workbook([mapsRow()])).catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: 'busy', code: 'import_running' });
      expect((error as Error).message).toMatch(/^Another import is already running \(started \d{4}-/);
    } finally {
      await held.lock.release();
    }
    expect(await count('import_runs')).toBe(0);
    expect((await importInto(test, workbook([mapsRow()]))).stats.imported).toBe(1);
  }, 60_000);

  it('reports the same phases and merge steps, and records the rows read', async () => {
    const progress: ImportProgress[] = [];
    const rows = Array.from({ length: 30 }, () => mapsRow());
    const report = await importInto(test, workbook(rows), { onProgress: (p) => progress.push(p) });
    const steps = [
      ...new Set(progress.map((p) => (p.phase === 'merging' ? `merging/${p.mergeStep ?? ''}` : p.phase))),
    ];
    const shared = [
      'checking',
      'parsing',
      'reading',
      'merging/',
      'merging/matching',
      'merging/writing',
      'merging/indexing',
      'merging/counting',
      'merging/committing',
    ];
    expect(steps.filter((step) => shared.includes(step))).toEqual(shared);
    expect(steps.at(-1)).toBe('done');
    expect(progress.at(-1)).toMatchObject({ phase: 'done', rowsRead: 30, rowsWritten: 30 });
    const [run] = await sql(
      test,
      'SELECT status, rows_read, imported, message FROM import_runs WHERE id = ?',
      [report.runId],
    );
    expect(run).toEqual({ status: 'done', rows_read: 30, imported: 30, message: report.message });
  }, 60_000);

  it('writes nothing in a dry run, and reports what it would do', async () => {
    await importInto(test, workbook([mapsRow()]));
    const versionBefore = await sql(test, `SELECT value FROM site_stats WHERE key = 'data_version'`);
    const report = await importInto(test, workbook([mapsRow(), mapsRow()]), { dryRun: true });
    expect(report.message).toMatch(/^Dry run: 2 businesses would be imported/);
    expect(await count('businesses')).toBe(1);
    expect(await sql(test, `SELECT value FROM site_stats WHERE key = 'data_version'`)).toEqual(versionBefore);
    const [run] = await sql(test, 'SELECT status, dry_run, imported FROM import_runs WHERE id = ?', [
      report.runId,
    ]);
    expect(run).toEqual({ status: 'done', dry_run: 1, imported: 0 });
  }, 60_000);

  it('marks a run that a killed process left running as interrupted at the next import', async () => {
    // A process on this host that no longer exists (pids stay below 2^22 on Linux).
    await sql(
      test,
      `INSERT INTO import_runs (file_name, started_by, host, pid, status, started_at, heartbeat_at)
       VALUES ('killed.xlsx', 'cli', ?, ?, 'running', ?, ?)`,
      [
        (await import('node:os')).hostname(),
        4_194_304,
        '2026-01-01T00:00:00.000Z',
        '2026-01-01T00:00:00.000Z',
      ],
    );
    await importInto(test, workbook([mapsRow()]));
    const [run] = await sql<{ status: string; message: string }>(
      test,
      `SELECT status, message FROM import_runs WHERE file_name = 'killed.xlsx'`,
    );
    expect(run).toEqual({
      status: 'interrupted',
      message: 'The import stopped before it finished (the process ended); nothing from it was kept.',
    });
  }, 60_000);
});
