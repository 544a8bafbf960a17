import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getImportRun } from '../../../db/import-runs-repository.ts';
import { ftsIntegrityCheck } from '../../../db/search/fts-index.ts';
import { createTempDatabase, type TempDatabase } from '../../../db/testing/temp-database.ts';
import { IMPORT_PROCESS_SCRIPT } from '../../runtime/entry-points.ts';
import { ImportError } from './import-error.ts';
import { type ImportProgress, importSpreadsheet } from './import-spreadsheet.ts';
import { mapsRow, writeWorkbook } from './testing/workbook.ts';

let database: TempDatabase;
beforeEach(async () => {
  database = await createTempDatabase();
});
afterEach(async () => {
  await database.dispose();
});

const businessCount = () =>
  database.sqlite.prepare('SELECT COUNT(*) FROM businesses').pluck().get() as number;
const file = (name: string) => join(database.dir, name);
const run = (path: string, extra: Partial<Parameters<typeof importSpreadsheet>[1]> = {}) =>
  importSpreadsheet(database, { filePath: path, startedBy: 'test', ...extra });

describe('importSpreadsheet', () => {
  it('imports a real-shape export: normalised fields, hours, slug, search index, counts, run record', async () => {
    const rows = [mapsRow({ name: 'Café Lumière' }), mapsRow(), mapsRow()];
    const progress: ImportProgress[] = [];
    const report = await run(writeWorkbook(file('a.xlsx'), rows), { onProgress: (p) => progress.push(p) });

    expect(report.stats).toEqual({ imported: 3, updated: 0, duplicatesSkipped: 0, totalErrors: 0 });
    expect(report.errors).toEqual([]);
    expect(report.message).toMatch(/3 businesses were imported/);
    expect(progress.map((p) => p.phase)).toContain('merging');
    expect(progress.at(-1)).toMatchObject({ phase: 'done', rowsRead: 3, rowsWritten: 3 });

    const cafe = database.sqlite
      .prepare('SELECT * FROM businesses WHERE name = ?')
      .get('Café Lumière') as Record<string, unknown>;
    expect(cafe).toMatchObject({
      city: 'Chicago',
      state: 'IL',
      zip_code: '60602',
      rating: 4.6,
      review_count: 120,
    });
    expect(cafe.slug).toMatch(/^cafe-lumiere-ChIJtes/);
    expect(JSON.parse(cafe.hours as string).monday).toEqual([{ open: '09:00', close: '17:00' }]);
    expect(JSON.parse(cafe.hours as string).saturday).toEqual([]);
    expect(cafe.latitude).toBeCloseTo(41.8819, 4);
    expect(cafe.time_zone).toBe('America/Chicago');
    ftsIntegrityCheck(database.sqlite);
    expect(await getImportRun(database.store, report.runId)).toMatchObject({
      status: 'done',
      imported: 3,
      rows_read: 3,
    });
  });

  it('rejects rows without name or place_id with row and column, and imports the rest', async () => {
    const rows = [mapsRow(), mapsRow({ name: '' }), mapsRow({ place_id: '' }), mapsRow({ rating: 'abc' })];
    const report = await run(writeWorkbook(file('bad.xlsx'), rows));
    expect(report.stats).toMatchObject({ imported: 2, totalErrors: 2 });
    expect(report.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 3, column: 'name' }),
        expect.objectContaining({ row: 4, column: 'place_id' }),
      ]),
    );
    expect(report.warnings).toEqual(
      expect.arrayContaining([expect.objectContaining({ row: 5, column: 'rating' })]),
    );
    expect(businessCount()).toBe(2);
  });

  it('counts a place_id repeated in the file, and one already imported, as duplicates', async () => {
    const first = mapsRow({ name: 'First' });
    const report = await run(
      writeWorkbook(file('dup.xlsx'), [first, mapsRow({ name: 'Second', place_id: first.place_id })]),
    );
    expect(report.stats).toMatchObject({ imported: 1, duplicatesSkipped: 1 });
    expect(database.sqlite.prepare('SELECT name FROM businesses').pluck().all()).toEqual(['First']);

    const again = await run(
      writeWorkbook(file('again.xlsx'), [mapsRow({ name: 'Other', place_id: first.place_id })]),
    );
    expect(again.stats).toMatchObject({ imported: 0, duplicatesSkipped: 1 });
    expect(database.sqlite.prepare('SELECT name FROM businesses').pluck().all()).toEqual(['First']);
  });

  it('updates existing businesses in update mode without changing their slug', async () => {
    const row = mapsRow({ name: 'Old Name' });
    await run(writeWorkbook(file('one.xlsx'), [row]));
    const slug = database.sqlite.prepare('SELECT slug FROM businesses').pluck().get();
    const report = await run(writeWorkbook(file('two.xlsx'), [{ ...row, name: 'New Name', rating: 4.9 }]), {
      updateExisting: true,
    });
    expect(report.stats).toMatchObject({ imported: 0, updated: 1 });
    expect(database.sqlite.prepare('SELECT name, slug, rating FROM businesses').get()).toEqual({
      name: 'New Name',
      slug,
      rating: 4.9,
    });
  });

  /** Imports 500 rows and looks at the import's process while it reads them. */
  const importChildWhileReading = async (
    name: string,
    extra: Partial<Parameters<typeof importSpreadsheet>[1]> = {},
  ): Promise<ImportChild | undefined> => {
    let seen: ImportChild | undefined;
    const rows = Array.from({ length: 500 }, () => mapsRow());
    await run(writeWorkbook(file(name), rows), {
      ...extra,
      onProgress: (p) => {
        if (!seen && p.phase === 'reading') seen = importChildOfThisProcess();
      },
    });
    return seen;
  };

  it.runIf(process.platform === 'linux')(
    'runs in a process of its own, every thread of it under SCHED_IDLE and at a lower nice value',
    async () => {
      const seen = await importChildWhileReading('nice.xlsx');
      expect(seen?.pid).toBeGreaterThan(0);
      expect(seen?.pid).not.toBe(process.pid);
      expect(new Set(seen?.nices)).toEqual(new Set([Math.max(10, getPriority())]));
      expect(new Set(seen?.policies)).toEqual(new Set([SCHED_IDLE]));
      // The import's own entry (from the sources under the tests; dist/ in production).
      expect(seen?.command).toContainEqual(expect.stringMatching(IMPORT_PROCESS_SCRIPT));
    },
  );

  it.runIf(process.platform === 'linux')(
    'with priority low, runs its process at nice 10 under the normal policy',
    async () => {
      const seen = await importChildWhileReading('low.xlsx', { priority: 'low' });
      expect(new Set(seen?.nices)).toEqual(new Set([Math.max(10, getPriority())]));
      expect(new Set(seen?.policies)).toEqual(new Set([SCHED_OTHER]));
    },
  );

  it('fails with a clear message, not a crash, when the import reaches its heap cap', async () => {
    const error = await run(writeWorkbook(file('heap.xlsx'), [mapsRow()]), { heapMb: 4 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImportError);
    expect(error).toMatchObject({ kind: 'rejected', code: 'too_large' });
    expect(businessCount()).toBe(0);
  });

  it('checkpoints in its own process after saying so, leaving the server an empty WAL', async () => {
    // An earlier import: its rows are a segment of the search index of their own (FTS5's automatic
    // merging, which folds small segments together at once, off: at 1M businesses imports leave
    // several large segments).
    for (const table of ['search_fts', 'search_names'])
      database.sqlite.exec(`INSERT INTO ${table}(${table}, rank) VALUES ('automerge', 0)`);
    await run(
      writeWorkbook(
        file('earlier.xlsx'),
        Array.from({ length: 200 }, () => mapsRow()),
      ),
    );
    const rows = Array.from({ length: 3000 }, () => mapsRow());
    const progress: ImportProgress[] = [];
    await run(writeWorkbook(file('many.xlsx'), rows), { onProgress: (p) => progress.push(p) });
    const steps = [...new Set(progress.map((p) => p.mergeStep).filter(Boolean))];
    expect(steps.slice(-3)).toEqual(['committing', 'compacting', 'checkpointing']);
    expect(progress.at(-1)?.phase).toBe('done');
    // The search index was merged into one segment per table after the commit, with its progress.
    const compacting = progress.filter((p) => p.mergeStep === 'compacting');
    expect(compacting.at(-1)?.pagesCompacted).toBeGreaterThan(0);
    expect(compacting.every((p) => (p.pagesCompacted ?? 0) <= (p.indexPages ?? 0))).toBe(true);
    for (const table of ['search_fts', 'search_names'])
      expect(database.sqlite.prepare(`SELECT COUNT(DISTINCT segid) FROM ${table}_idx`).pluck().get()).toBe(1);
    // The import's process emptied the WAL: it holds only the server's own small write since (the lock's
    // release), not the import's megabytes for the server's connection to cut down.
    expect(statSync(`${database.path}-wal`).size).toBeLessThan(64 * 1024);
    expect(businessCount()).toBe(3200);
    // The staged rows never went through the file: the only pages left free are the search index's
    // old segments, which the compaction replaced (3,000 staged rows would be hundreds).
    expect(database.sqlite.pragma('freelist_count', { simple: true })).toBeLessThanOrEqual(
      compacting[0]!.indexPages!,
    );
  });

  it('writes nothing in a dry run', async () => {
    const report = await run(writeWorkbook(file('dry.xlsx'), [mapsRow(), mapsRow()]), { dryRun: true });
    expect(report.stats.imported).toBe(2);
    expect(report.message).toMatch(/^Dry run/);
    expect(businessCount()).toBe(0);
  });

  it('reads an old .xls workbook', async () => {
    const report = await run(writeWorkbook(file('legacy.xls'), [mapsRow(), mapsRow()], 'biff8'));
    expect(report.stats.imported).toBe(2);
  });

  it('refuses a renamed non-spreadsheet with a clear message and writes nothing', async () => {
    const path = file('fake.xlsx');
    writeFileSync(path, 'name,place_id\nA,B\n');
    const error = await run(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).kind).toBe('rejected');
    expect((error as ImportError).message).toMatch(/xlsx|spreadsheet|zip/i);
    expect(businessCount()).toBe(0);
    expect((await getImportRun(database.store, (error as ImportError).runId!))?.status).toBe('failed');
  });

  it('refuses a file with more rows than the cap before writing anything', async () => {
    const path = writeWorkbook(file('big.xlsx'), [mapsRow(), mapsRow(), mapsRow()]);
    const error = await run(path, { limits: { maxRows: 2 } }).catch((e: unknown) => e);
    expect((error as ImportError).kind).toBe('rejected');
    expect((error as ImportError).code).toBe('too_many_rows');
    expect(businessCount()).toBe(0);
  });

  it('fails cleanly when the disk (here: the database size limit) fills up, keeping the old data', async () => {
    await run(writeWorkbook(file('first.xlsx'), [mapsRow(), mapsRow()]));
    database.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    const size = (database.sqlite.pragma('page_count', { simple: true }) as number) * 4096;
    const rows = Array.from({ length: 2000 }, () => mapsRow());
    const error = await run(writeWorkbook(file('full.xlsx'), rows), {
      maxDatabaseBytes: size + 64 * 1024,
    }).catch((e: unknown) => e);
    expect((error as ImportError).code).toBe('storage_full');
    expect((error as ImportError).message).toMatch(/full: nothing from this file was kept/);
    expect(businessCount()).toBe(2);
    expect(database.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    ftsIntegrityCheck(database.sqlite);
  });

  it('refuses a second import while one is running', async () => {
    const rows = Array.from({ length: 3000 }, () => mapsRow());
    const path = writeWorkbook(file('slow.xlsx'), rows);
    const first = run(path);
    const second = await run(writeWorkbook(file('small.xlsx'), [mapsRow()])).catch((e: unknown) => e);
    expect((second as ImportError).kind).toBe('busy');
    expect((await first).stats.imported).toBe(3000);
  });
});

/** Linux's numbers for the policy in /proc/<pid>/stat (field 41). */
const SCHED_OTHER = 0;
const SCHED_IDLE = 5;

interface ImportChild {
  pid: number;
  /** Its command line's words. */
  command: string[];
  nices: number[];
  policies: number[];
}

/** The import process started by this one: its pid, the nice value and policy of each of its threads. */
function importChildOfThisProcess(): ImportChild | undefined {
  const statFields = (path: string) => readFileSync(path, 'utf8').split(') ')[1]!.split(' ');
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (Number(statFields(`/proc/${pid}/stat`)[1]) !== process.pid) continue;
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (!command.some((word) => IMPORT_PROCESS_SCRIPT.test(word))) continue;
      const threads = readdirSync(`/proc/${pid}/task`).map((tid) =>
        statFields(`/proc/${pid}/task/${tid}/stat`),
      );
      // Fields 19 (nice) and 41 (policy), counted from the state (field 3).
      return {
        pid: Number(pid),
        command,
        nices: threads.map((fields) => Number(fields[16])),
        policies: threads.map((fields) => Number(fields[38])),
      };
    } catch {
      // the process ended meanwhile
    }
  }
  return undefined;
}
