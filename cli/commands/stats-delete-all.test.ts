// `directory stats` and `directory delete-all` on PostgreSQL through the real CLI: the same figures as
// the SQLite file the site was copied from; delete-all keeps a SQLite copy of the site in ./data/backups
// that `directory copy` puts back, and is refused while an import holds the lock.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseDatabaseAddress } from '../../db/address.ts';
import { acquireNamedLock } from '../../db/locks/named-lock.ts';
import { createPostgresDatabase, type TestPostgresDatabase } from '../../db/testing/postgres-database.ts';
import { isBackupFileName } from '../../server/domain/backup/backup-files.ts';
import { IMPORT_LOCK } from '../../server/domain/import/import-lock.ts';
import { openStore } from '../../server/domain/open-database.ts';
import { insertSiteRows, siteRows } from '../../server/domain/testing/site-rows.ts';
import { runCli } from '../testing/run-cli.ts';

let dir: string;
let postgres: TestPostgresDatabase;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'directory-stats-delete-all-'));
  postgres = await createPostgresDatabase();
});
afterEach(async () => {
  rmSync(dir, { recursive: true, force: true });
  await postgres.drop();
});

const json = (stdout: unknown) => JSON.parse(String(stdout));

function businessesIn(file: string): number {
  const sqlite = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    return sqlite.prepare('SELECT COUNT(*) FROM businesses').pluck().get() as number;
  } finally {
    sqlite.close();
  }
}

/** A site written into a SQLite file (the import's own CLI test is copy.test.ts) and copied to the
 *  test's PostgreSQL database by `directory copy`. */
async function siteOnBoth(): Promise<string> {
  const file = join(dir, 'site.db');
  const handle = await openStore(parseDatabaseAddress(file));
  try {
    await insertSiteRows(handle.store, siteRows(6));
  } finally {
    await handle.close();
  }
  const copied = await runCli(['copy', '--from', file, '--to', postgres.url]);
  expect(copied.exitCode, String(copied.stderr)).toBe(0);
  return file;
}

describe('directory stats and delete-all on PostgreSQL', () => {
  it('prints the same statistics as the SQLite file, as text and as JSON', async () => {
    const file = await siteOnBoth();
    const [sqliteText, postgresText, sqliteJson, postgresJson] = await Promise.all([
      runCli(['stats', '--db', file]),
      runCli(['stats', '--db', postgres.url]),
      runCli(['stats', '--db', file, '--json']),
      runCli(['stats', '--json'], {
        env: { NO_COLOR: '1', LOG_LEVEL: 'silent', DATABASE_URL: postgres.url },
      }),
    ]);
    expect(postgresText.exitCode).toBe(0);
    expect(postgresText.stdout).toBe(sqliteText.stdout);
    expect(postgresText.stdout).toContain('Businesses  6');
    expect(postgresJson.stdout).toBe(sqliteJson.stdout);
    expect(json(postgresJson.stdout)).toEqual({
      totalBusinesses: 6,
      verifiedBusinesses: 3,
      totalReviews: 45,
      categories: 2,
      totalCities: 2,
    });
  }, 60_000);

  it('deletes everything after keeping a SQLite copy that `directory copy` puts back', async () => {
    const file = await siteOnBoth();
    const before = (await runCli(['stats', '--db', file, '--json'])).stdout;

    const noYes = await runCli(['delete-all', '--db', postgres.url]);
    expect(noYes.exitCode).toBe(2);
    expect(noYes.stderr).toMatch(/--yes/);

    // Run from the test's folder: PostgreSQL's backups go to ./data/backups.
    const deleted = await runCli(['delete-all', '--yes', '--db', postgres.url, '--json'], { cwd: dir });
    expect(deleted.exitCode, String(deleted.stderr)).toBe(0);
    const result = json(deleted.stdout);
    const backups = join(dir, 'data', 'backups');
    expect(result).toEqual({
      message: 'All business data deleted (6 businesses). A backup was saved first.',
      deleted: 6,
      backupPath: expect.stringMatching(new RegExp(`^${backups}/`)),
      restoreCommand: `directory copy --from ${result.backupPath} --to ${parseDatabaseAddress(postgres.url).display} --yes`,
    });
    expect(readdirSync(backups).filter((name) => isBackupFileName(name, 'before-delete-all'))).toHaveLength(
      1,
    );
    expect(businessesIn(result.backupPath)).toBe(6);
    expect(json((await runCli(['stats', '--db', postgres.url, '--json'])).stdout)).toEqual({
      totalBusinesses: 0,
      verifiedBusinesses: 0,
      totalReviews: 0,
      categories: 0,
      totalCities: 0,
    });

    // In words: where the backup is and how to put it back; BACKUP_DIR names the folder instead.
    const elsewhere = join(dir, 'elsewhere');
    const again = await runCli(['delete-all', '--yes', '--db', postgres.url], {
      cwd: dir,
      env: { NO_COLOR: '1', LOG_LEVEL: 'silent', BACKUP_DIR: elsewhere },
    });
    expect(again.exitCode).toBe(0);
    expect(again.stderr).toContain('All business data deleted (0 businesses). A backup was saved first.');
    expect(again.stderr).toMatch(new RegExp(`Backup: ${elsewhere}/directory-before-delete-all-`));
    expect(again.stderr).toContain(`Restore it with: directory copy --from ${elsewhere}/`);
    expect(readdirSync(elsewhere).filter((name) => isBackupFileName(name, 'before-delete-all'))).toHaveLength(
      1,
    );

    const restored = await runCli(['copy', '--from', result.backupPath, '--to', postgres.url, '--yes']);
    expect(restored.exitCode, String(restored.stderr)).toBe(0);
    expect((await runCli(['stats', '--db', postgres.url, '--json'])).stdout).toBe(before);
  }, 120_000);

  it('refuses while an import holds the lock, and deletes nothing', async () => {
    await siteOnBoth();
    const handle = await openStore(parseDatabaseAddress(postgres.url));
    try {
      const held = await acquireNamedLock(handle.store, IMPORT_LOCK, 'test-import');
      if (!held.acquired) throw new Error('lock not acquired');
      try {
        const refused = await runCli(['delete-all', '--yes', '--db', postgres.url, '--json'], { cwd: dir });
        expect(refused.exitCode).toBe(1);
        expect(json(refused.stdout)).toEqual({
          error: {
            code: 'import_running',
            message: 'An import is running; delete-all can run when it has finished.',
          },
        });
        expect(refused.stderr).toContain(
          'Error: An import is running; delete-all can run when it has finished.',
        );
      } finally {
        await held.lock.release();
      }
    } finally {
      await handle.close();
    }
    expect(json((await runCli(['stats', '--db', postgres.url, '--json'])).stdout).totalBusinesses).toBe(6);
    expect(readdirSync(dir)).not.toContain('data');
  }, 60_000);
});
