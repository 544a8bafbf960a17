// DELETE /api/admin/delete-all: a backup first, then everything gone; refused while an import runs.
// Each test on a SQLite file and on a PostgreSQL database (one per dialect for the file, given its
// businesses again by each test): SQLite's backup is a copy of its file, PostgreSQL's the site copied
// into a SQLite file (decision 0036), so both are read back the same way.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listRecentActivity } from '../../../db/activity-repository.ts';
import { acquireNamedLock } from '../../../db/locks/named-lock.ts';
import { businessRecord } from '../../domain/businesses/testing/business-records.ts';
import { IMPORT_LOCK } from '../../domain/import/import-lock.ts';
import { countIn, execIn } from '../../domain/testing/sql-in.ts';
import { DIALECTS } from '../../domain/testing/test-store.ts';
import { type AdminTestEnv, createAdminTestEnv } from './testing/admin-test-app.ts';
import { replaceBusinesses } from './testing/replace-businesses.ts';

describe.each(DIALECTS)('DELETE /api/admin/delete-all on %s', (dialect) => {
  let env: AdminTestEnv;
  /** SQLite: the default, backups/ beside the file. PostgreSQL has no file to sit beside (its default
   *  is ./data/backups under the working folder), so the server is given a folder of the test's. */
  let backupDir: string;
  let pgBackupDir: string | undefined;
  beforeAll(async () => {
    pgBackupDir = dialect === 'postgres' ? mkdtempSync(join(tmpdir(), 'delete-all-backups-')) : undefined;
    env = await createAdminTestEnv(pgBackupDir ? { BACKUP_DIR: pgBackupDir } : {}, { dialect });
    backupDir = pgBackupDir ?? join(env.database.dir, 'backups');
  }, 60_000);
  afterAll(async () => {
    await env?.dispose();
    if (pgBackupDir) rmSync(pgBackupDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    // As a new database: no backup taken, nothing in the activity log.
    rmSync(backupDir, { recursive: true, force: true });
    await execIn(env.store, 'DELETE FROM activity_log');
  });

  const deleteAll = () => request(env.app).delete('/api/admin/delete-all').set('Cookie', env.cookie);
  const seed = (count: number) =>
    replaceBusinesses(
      env.store,
      Array.from({ length: count }, (_, i) => businessRecord(i + 1)),
    );

  it('deletes every business after saving a backup that still holds them', async () => {
    await seed(10);
    const answer = await deleteAll();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: expect.stringMatching(/10 businesses.*backup/i), deleted: 10 });
    expect(await countIn(env.store, 'businesses')).toBe(0);

    const backups = readdirSync(backupDir);
    expect(backups).toHaveLength(1);
    // The server's paths are not shown to the browser.
    expect(answer.text).not.toContain(backupDir);
    const backup = new BetterSqlite3(join(backupDir, backups[0]!), { readonly: true });
    try {
      expect(backup.prepare('SELECT COUNT(*) FROM businesses').pluck().get()).toBe(10);
    } finally {
      backup.close();
    }
    expect(await listRecentActivity(env.store, 5)).toMatchObject([
      { kind: 'delete-all', actor: 'admin:admin', count: 10 },
    ]);
    const stats = await request(env.app).get('/api/admin/sitemap-stats').set('Cookie', env.cookie);
    expect(stats.body.totalBusinesses).toBe(0);
  }, 30_000);

  it('answers 409 while another process holds the import lock, and deletes nothing', async () => {
    await seed(4);
    // What a CLI import does; the lock lives in the database (SQLite: an app_locks row; PostgreSQL: an
    // advisory lock on one of this process's connections), the delete-all job runs in a process of its own.
    const lock = await acquireNamedLock(env.store, IMPORT_LOCK, 'cli-import');
    if (!lock.acquired) throw new Error('lock not acquired');
    try {
      const answer = await deleteAll();
      expect(answer.status).toBe(409);
      expect(answer.body.error.code).toBe('import_running');
    } finally {
      await lock.lock.release();
    }
    expect(await countIn(env.store, 'businesses')).toBe(4);
    expect(existsSync(backupDir) ? readdirSync(backupDir) : []).toEqual([]);
  }, 30_000);
});
