// `directory import --update` through the real CLI: a sparse correction file changes only what it
// gives, and the JSON report lists each change with its old and new value. On SQLite and on PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mapsRow, writeWorkbook } from '../server/domain/import/testing/workbook.ts';
import { DIALECTS } from '../server/domain/testing/test-store.ts';
import { type CliTestDatabase, createCliTestDatabase } from './testing/cli-database.ts';
import { runCli } from './testing/run-cli.ts';

describe.each(DIALECTS)('directory import --update on %s', (dialect) => {
  let dir: string;
  let database: CliTestDatabase;
  let db: string;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'directory-cli-update-'));
    database = await createCliTestDatabase(dialect, dir);
    db = database.address;
  });
  afterEach(async () => {
    await database?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  async function storedRow(placeId: string): Promise<Record<string, unknown>> {
    const [row] = await database.rows('SELECT * FROM businesses WHERE place_id = ?', [placeId]);
    return row!;
  }

  it('writes only what a correction file gives and reports it old → new', async () => {
    const row = mapsRow({ name: 'Lakeview Dental', website: 'https://lakeview.example/', verified: true });
    const first = await runCli(['import', writeWorkbook(join(dir, 'a.xlsx'), [row]), '--db', db]);
    expect(first.exitCode).toBe(0);
    const before = await storedRow(row.place_id as string);

    const correction = writeWorkbook(join(dir, 'fix.xlsx'), [
      { place_id: row.place_id, name: 'Lakeview Dental', website: 'https://lakeviewdental.example/' },
    ]);
    const result = await runCli(['import', correction, '--update', '--db', db, '--json']);
    expect(result.exitCode).toBe(0);
    const [{ report }] = JSON.parse(String(result.stdout));
    expect(report.stats).toMatchObject({ imported: 0, updated: 1, unchanged: 0, duplicatesSkipped: 0 });
    expect(report.updates).toEqual([
      expect.objectContaining({
        placeId: row.place_id,
        changes: [
          { field: 'website', old: 'https://lakeview.example/', new: 'https://lakeviewdental.example/' },
        ],
      }),
    ]);

    const after = await storedRow(row.place_id as string);
    const { website: _w, updated_at: _u, import_run_id: _r, ...rest } = after;
    const { website: _w0, updated_at: _u0, import_run_id: _r0, ...restBefore } = before;
    expect(rest).toEqual(restBefore);
    expect(after.website).toBe('https://lakeviewdental.example/');
  });
});
