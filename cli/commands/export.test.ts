// directory export through the real CLI on PostgreSQL: a site imported into SQLite and copied to
// PostgreSQL exports the same cells from both; the country filter and the activity entry hold there.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { createPostgresDatabase, type TestPostgresDatabase } from '../../db/testing/postgres-database.ts';
import { mapsRow, writeWorkbook } from '../../server/domain/import/testing/workbook.ts';
import { runCli } from '../testing/run-cli.ts';

let dir: string;
let postgres: TestPostgresDatabase;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'directory-export-'));
  postgres = await createPostgresDatabase();
});
afterEach(async () => {
  rmSync(dir, { recursive: true, force: true });
  await postgres.drop();
});

const json = (stdout: unknown) => JSON.parse(String(stdout));

function cells(path: string): unknown[][] {
  const book = XLSX.read(readFileSync(path), { type: 'buffer' });
  return XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: true, defval: null });
}

async function onPostgres<R extends pg.QueryResultRow>(sql: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    return (await client.query<R>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('directory export --db postgres://…', () => {
  it('exports the same cells as the SQLite site it was copied from, one country too, and logs it', async () => {
    const site = join(dir, 'site.db');
    const workbook = writeWorkbook(join(dir, 'in.xlsx'), [
      mapsRow({
        name: 'Zoë’s Bakery',
        rating: 4.2,
        country: 'United Kingdom',
        country_code: 'GB',
        city: 'York',
      }),
      mapsRow({ name: '=HYPERLINK("x")' }),
      mapsRow({ name: 'Crust', country: 'United Kingdom', country_code: 'GB', city: 'Leeds' }),
      mapsRow(),
    ]);
    expect((await runCli(['import', workbook, '--db', site])).exitCode).toBe(0);
    expect((await runCli(['copy', '--from', site, '--to', postgres.url])).exitCode).toBe(0);

    const fromSqlite = join(dir, 'sqlite.xlsx');
    const fromPostgres = join(dir, 'postgres.xlsx');
    expect((await runCli(['export', '--db', site, '--out', fromSqlite])).exitCode).toBe(0);
    const exported = await runCli(['export', '--db', postgres.url, '--out', fromPostgres, '--json']);
    expect(exported.stderr).toContain(`Exported 4 businesses to ${fromPostgres}`);
    expect(exported.exitCode).toBe(0);
    expect(json(exported.stdout)).toEqual({ file: fromPostgres, rows: 4 });
    expect(cells(fromPostgres)).toHaveLength(5);
    expect(cells(fromPostgres)).toEqual(cells(fromSqlite));

    const uk = await runCli(['export', '--db', postgres.url, '--country', 'united kingdom', '--json'], {
      cwd: dir,
    });
    expect(uk.exitCode).toBe(0);
    const { file, rows } = json(uk.stdout) as { file: string; rows: number };
    expect(rows).toBe(2);
    expect(file).toMatch(/^businesses_united-kingdom_\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(cells(join(dir, file)).map((row) => row[0])).toEqual(['name', 'Zoë’s Bakery', 'Crust']);
    expect(readdirSync(dir).filter((name) => name.endsWith('.partial'))).toEqual([]);

    expect(
      await onPostgres("SELECT actor, detail, count FROM activity_log WHERE kind = 'export' ORDER BY id"),
    ).toEqual([
      { actor: 'cli', detail: `Exported all countries to ${fromPostgres}`, count: 4 },
      { actor: 'cli', detail: `Exported united kingdom to ${file}`, count: 2 },
    ]);
  }, 120_000);

  it('names an unreachable server and leaves no file behind', async () => {
    const out = join(dir, 'never.xlsx');
    const result = await runCli([
      'export',
      '--db',
      'postgres://postgres:secret@127.0.0.1:1/directory',
      '--out',
      out,
    ]);
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toContain(
      'Cannot reach the PostgreSQL database postgres://postgres:***@127.0.0.1:1/directory',
    );
    expect(result.stderr).not.toContain('secret');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });
});
