// directory copy through the real CLI: a site imported from a spreadsheet into SQLite, copied to
// PostgreSQL and back into a new file that answers `stats` as the first; refusals in words.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type TestPostgresDatabase } from '../../db/testing/postgres-database.ts';
import { mapsRow, writeWorkbook } from '../../server/domain/import/testing/workbook.ts';
import { runCli } from '../testing/run-cli.ts';

let dir: string;
let postgres: TestPostgresDatabase;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'directory-copy-'));
  postgres = await createPostgresDatabase();
});
afterEach(async () => {
  rmSync(dir, { recursive: true, force: true });
  await postgres.drop();
});

describe('directory copy', () => {
  it('copies SQLite to PostgreSQL and back, verified, and refuses to overwrite without --yes', async () => {
    const first = join(dir, 'first.db');
    const workbook = writeWorkbook(join(dir, 'site.xlsx'), [
      mapsRow({ name: 'Volt & Co', category: 'Electrician', city: 'Leeds' }),
      mapsRow({ name: 'Pipe Dreams', category: 'Plumber', city: 'York' }),
      mapsRow({ name: 'Crust', category: 'Bakery', city: 'York' }),
    ]);
    expect((await runCli(['import', workbook, '--db', first])).exitCode).toBe(0);

    const there = await runCli(['copy', '--from', first, '--to', postgres.url, '--json']);
    expect(there.stderr).toMatch(/copied \d+ rows in 13 tables to postgres:\/\/.*verified/);
    expect(there.exitCode).toBe(0);
    const report = JSON.parse(String(there.stdout)) as {
      tables: { table: string; rows: number; checksum: string }[];
    };
    expect(report.tables.find((t) => t.table === 'businesses')?.rows).toBe(3);
    expect(report.tables.find((t) => t.table === 'import_runs')?.rows).toBe(1);

    const again = await runCli(['copy', '--from', first, '--to', postgres.url]);
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toContain(
      'already holds a site (businesses: 3, import_runs: 1); pass --yes to replace it.',
    );
    expect(again.stderr).toContain('copy failed; the target is as it was');

    const second = join(dir, 'second.db');
    const back = await runCli(['copy', '--from', postgres.url, '--to', second, '--json']);
    expect(back.exitCode).toBe(0);
    // The same rows came back (site_stats differs by the data version the first copy raised).
    const others = (tables: { table: string }[]) => tables.filter((t) => t.table !== 'site_stats');
    expect(others(JSON.parse(String(back.stdout)).tables)).toEqual(others(report.tables));
    const stats = await Promise.all(
      [first, postgres.url, second].map((db) => runCli(['stats', '--db', db, '--json'])),
    );
    expect(String(stats[1]?.stdout)).toBe(String(stats[0]?.stdout));
    expect(JSON.parse(String(stats[2]?.stdout))).toEqual(JSON.parse(String(stats[0]?.stdout)));
    // The copy is searchable: its index was built from the copied rows.
    const { stdout } = await runCli(['stats', '--db', second]);
    expect(stdout).toContain('Businesses  3');
  }, 60_000);

  it('names a bad address, a missing source and an unreachable server', async () => {
    const bad = await runCli(['copy', '--from', 'mysql://root@localhost/site', '--to', join(dir, 'x.db')]);
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toContain('Unsupported database address "mysql://…"');

    const missing = await runCli(['copy', '--from', join(dir, 'nothing.db'), '--to', postgres.url]);
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toContain(`No such file: ${join(dir, 'nothing.db')}`);

    const first = join(dir, 'first.db');
    expect((await runCli(['migrate', '--db', first])).exitCode).toBe(0);
    const down = await runCli(['copy', '--from', first, '--to', 'postgres://someone:pw@127.0.0.1:1/none']);
    expect(down.exitCode).toBe(1);
    expect(down.stderr).toContain(
      'Cannot reach the PostgreSQL database postgres://someone:***@127.0.0.1:1/none',
    );
    expect(down.stderr).not.toContain(':pw@');
  }, 60_000);

  it('migrates a PostgreSQL database; stats reads it; backup says it is not for it', async () => {
    const migrated = await runCli(['migrate', '--db', postgres.url, '--json']);
    expect(migrated.exitCode).toBe(0);
    expect(JSON.parse(String(migrated.stdout))).toMatchObject({
      migrated: true,
      applied: [
        '2026-11-28T0000-initial',
        '2026-11-29T0000-data-version-notify',
        '2026-11-29T0100-search-index',
        '2026-11-29T0200-business-location',
        '2026-11-30T0000-bytewise-text',
        '2026-12-01T0000-bytewise-keys',
      ],
    });
    const again = await runCli(['migrate', '--db', postgres.url]);
    expect(again.stderr).toContain('is at the latest schema.');

    // stats runs on PostgreSQL (cli/commands/stats-delete-all.test.ts compares it with SQLite's).
    const stats = await runCli(['stats'], { env: { NO_COLOR: '1', DATABASE_URL: postgres.url } });
    expect(stats.exitCode).toBe(0);
    expect(stats.stdout).toBe('Businesses  0\nVerified    0\nCategories  0\nCities      0\nReviews     0');
    // `serve` runs on PostgreSQL too: server/runtime/several-instances.test.ts.

    // PostgreSQL has its own backups: the command names them.
    const backup = await runCli(['backup', '--db', postgres.url]);
    expect(backup.exitCode).toBe(1);
    expect(backup.stderr).toContain('is PostgreSQL, which has its own tools.');
    expect(backup.stderr).toContain('pg_dump --format=custom');

    // DATABASE_URL naming a file is the SQLite database.
    const file = join(dir, 'by-url.db');
    const byUrl = await runCli(['migrate', '--json'], { env: { NO_COLOR: '1', DATABASE_URL: file } });
    expect(JSON.parse(String(byUrl.stdout))).toEqual({ database: file, migrated: true });
  }, 60_000);
});
