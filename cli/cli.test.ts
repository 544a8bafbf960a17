// The `directory` CLI's commands through the real command, in a child process: those that touch the
// database run on SQLite and on PostgreSQL (--db postgres://…); the usage errors, decided before any
// database is opened, on SQLite alone.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mapsRow, writeWorkbook } from '../server/domain/import/testing/workbook.ts';
import { DIALECTS } from '../server/domain/testing/test-store.ts';
import { type CliTestDatabase, createCliTestDatabase, sqliteRows } from './testing/cli-database.ts';
import { runCli } from './testing/run-cli.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'directory-cli-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const json = (stdout: unknown) => JSON.parse(String(stdout));

describe('directory CLI usage errors', () => {
  it('exits 2 on a usage error', async () => {
    const db = join(dir, 'directory.db');
    expect((await runCli(['import', '--db', db])).exitCode).toBe(2);
    expect((await runCli(['frobnicate'])).exitCode).toBe(2);
    const noYes = await runCli(['delete-all', '--db', db]);
    expect(noYes.exitCode).toBe(2);
    expect(noYes.stderr).toMatch(/--yes/);
  });
});

// Several commands per test, each a process of its own, on a machine that may be busy.
describe.each(DIALECTS)('directory CLI on %s', { timeout: 180_000 }, (dialect) => {
  /** The test's databases (the first is `db`'s), dropped after it. */
  const databases: CliTestDatabase[] = [];
  let database: CliTestDatabase;
  let db: string;
  const newDatabase = async (name?: string) => {
    const made = await createCliTestDatabase(dialect, dir, name);
    databases.push(made);
    return made;
  };
  beforeEach(async () => {
    database = await newDatabase();
    db = database.address;
  });
  afterEach(async () => {
    for (const made of databases.splice(0)) await made.dispose();
  });

  it('prints the statistics of an empty database as JSON', async () => {
    const result = await runCli(['stats', '--db', db, '--json']);
    expect(result.exitCode).toBe(0);
    expect(json(result.stdout)).toEqual({
      totalBusinesses: 0,
      verifiedBusinesses: 0,
      categories: 0,
      totalCities: 0,
      totalReviews: 0,
    });
  });

  it('imports files one after another and answers with each report; exit codes follow the outcome', async () => {
    const good = writeWorkbook(join(dir, 'good.xlsx'), [mapsRow(), mapsRow()]);
    const bad = writeWorkbook(join(dir, 'bad.xlsx'), [mapsRow(), mapsRow({ name: '' })]);
    const result = await runCli(['import', good, bad, '--db', db, '--json']);
    expect(result.exitCode).toBe(0);
    const reports = json(result.stdout);
    expect(reports).toHaveLength(2);
    expect(reports[0].report.stats).toMatchObject({ imported: 2, totalErrors: 0 });
    expect(reports[1].report.stats).toMatchObject({ imported: 1, totalErrors: 1 });
    expect(reports[1].report.errors[0]).toMatchObject({ row: 3, column: 'name' });

    const strict = await runCli(['import', bad, '--db', db, '--strict']);
    expect(strict.exitCode).toBe(1);
    expect(strict.stderr).toMatch(/row 3, name/);
  });

  it('exits 1 naming the problem when a file is refused or a setting is wrong, recording no run', async () => {
    const fake = join(dir, 'fake.xlsx');
    writeFileSync(fake, '<html><body>not a spreadsheet</body></html>');
    const refused = await runCli(['import', fake, '--db', db]);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toMatch(/fake\.xlsx/);
    expect(refused.stderr).not.toMatch(/\n\s+at /); // no stack trace

    const good = writeWorkbook(join(dir, 'good.xlsx'), [mapsRow()]);
    const runsBefore = (await database.rows('SELECT id FROM import_runs')).length;
    const badSetting = await runCli(['import', good, '--db', db], {
      env: { NO_COLOR: '1', LOG_LEVEL: 'silent', IMPORT_PRIORITY: 'high' },
    });
    expect(badSetting.exitCode).toBe(1);
    expect(badSetting.stderr).toMatch(/IMPORT_PRIORITY: must be idle or low/);
    expect(await database.rows('SELECT id FROM import_runs')).toHaveLength(runsBefore);
  });

  it('exports to an .xlsx that re-imports to the same data', async () => {
    const rows = [
      mapsRow({ name: 'Zoë’s Bakery', rating: 4.2 }),
      mapsRow({ name: '=HYPERLINK("x")' }),
      mapsRow(),
    ];
    await runCli(['import', writeWorkbook(join(dir, 'in.xlsx'), rows), '--db', db]);
    const out = join(dir, 'out.xlsx');
    const exported = await runCli(['export', '--db', db, '--out', out, '--json']);
    expect(exported.exitCode).toBe(0);
    expect(json(exported.stdout)).toMatchObject({ file: out, rows: 3 });

    const copy = await newDatabase('copy');
    const reimport = await runCli(['import', out, '--db', copy.address, '--json']);
    expect(json(reimport.stdout)[0].report.stats).toMatchObject({ imported: 3, totalErrors: 0 });
    const columns = `place_id, slug, name, category, description, address, city, state, country, country_code, zip_code,
      phone, phone_international, email, website, rating, review_count, is_verified, photos, location_link, latitude,
      longitude, time_zone, hours, attributes, business_status`;
    const original = await database.rows(`SELECT ${columns} FROM businesses ORDER BY place_id`);
    expect(original).toHaveLength(3);
    expect(await copy.rows(`SELECT ${columns} FROM businesses ORDER BY place_id`)).toEqual(original);
  });

  it('names the export file after the country and date, and an unknown country exports no rows', async () => {
    await runCli(['import', writeWorkbook(join(dir, 'in.xlsx'), [mapsRow()]), '--db', db]);
    const result = await runCli(['export', '--db', db, '--country', 'Atlantis', '--json'], { cwd: dir });
    expect(result.exitCode).toBe(0);
    const { file, rows } = json(result.stdout);
    expect(rows).toBe(0);
    expect(file).toMatch(/^businesses_Atlantis_\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(existsSync(join(dir, file))).toBe(true);
  });

  it('seeds exactly N demo businesses, generates SEO text and writes the sitemaps', async () => {
    const seeded = await runCli(['seed', '--count', '25', '--db', db]);
    expect(seeded.exitCode).toBe(0);
    const stats = json((await runCli(['stats', '--db', db, '--json'])).stdout);
    expect(stats.totalBusinesses).toBe(25);

    const seo = await runCli(['seo', '--db', db, '--json']);
    expect(json(seo.stdout)).toMatchObject({ updated: 25 });
    // CAST: PostgreSQL's COUNT is a bigint, which its driver gives as text.
    expect(
      await database.rows('SELECT CAST(COUNT(*) AS INTEGER) AS n FROM businesses WHERE about IS NULL'),
    ).toEqual([{ n: 0 }]);

    const out = join(dir, 'sitemaps');
    const sitemap = await runCli(['sitemap', '--db', db, '--out', out, '--json']);
    expect(sitemap.exitCode).toBe(0);
    const figures = json(sitemap.stdout);
    expect(figures).toMatchObject({ totalBusinesses: 25, totalSitemaps: 4 });
    expect(readdirSync(out)).toEqual(
      expect.arrayContaining([
        'sitemap.xml',
        'sitemap-main.xml',
        'sitemap-categories.xml',
        'sitemap-cities.xml',
      ]),
    );
  });

  it('deletes everything with --yes after taking a backup', async () => {
    await runCli(['import', writeWorkbook(join(dir, 'in.xlsx'), [mapsRow(), mapsRow()]), '--db', db]);
    // Run from the test's folder: PostgreSQL's backups go to ./data/backups (SQLite's beside its file).
    const result = await runCli(['delete-all', '--yes', '--db', db, '--json'], { cwd: dir });
    expect(result.exitCode).toBe(0);
    const { backupPath, deleted } = json(result.stdout);
    expect(deleted).toBe(2);
    // The backup is a SQLite file on both dialects.
    expect(sqliteRows(backupPath, 'SELECT COUNT(*) AS n FROM businesses')).toEqual([{ n: 2 }]);
    expect(json((await runCli(['stats', '--db', db, '--json'])).stdout).totalBusinesses).toBe(0);
  });
});
