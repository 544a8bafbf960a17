// Delete-all on SQLite and PostgreSQL: a backup that holds the deleted rows first, then everything
// gone, recounted and logged in one transaction; refused while an import holds the lock; and when it
// fails half way (no backup folder, a failure inside the transaction), everything stays in place.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseDatabaseAddress } from '../../db/address.ts';
import { acquireNamedLock } from '../../db/locks/named-lock.ts';
import { preparedQuery } from '../../db/query/prepared-query.ts';
import { ftsRebuild } from '../../db/search/fts-index.ts';
import { pgSearchRebuild } from '../../db/search/postgres-search-index.ts';
import type { Store } from '../../db/store/store.ts';
import { BackupError } from './backup/backup-error.ts';
import { isBackupFileName } from './backup/backup-files.ts';
import { deleteAllBusinesses } from './delete-all.ts';
import { ImportError } from './import/import-error.ts';
import { IMPORT_LOCK } from './import/import-lock.ts';
import { readStatistics } from './statistics.ts';
import { insertSiteRows, siteRows } from './testing/site-rows.ts';
import { createTestStore, DIALECTS, type TestStore } from './testing/test-store.ts';

const insertSubmission = preparedQuery('delete_all_test_insert_submission', (db, args: { placeId: string }) =>
  db.insertInto('business_submissions').values({
    place_id: args.placeId,
    owner_email: 'owner@example.test',
    submitted_at: '2026-11-26T00:00:00.000Z',
  }),
);
const rowCounts = preparedQuery('delete_all_test_row_counts', (db) =>
  db.selectNoFrom((eb) => [
    eb.selectFrom('businesses').select(eb.fn.countAll<number>().as('n')).as('businesses'),
    eb.selectFrom('business_submissions').select(eb.fn.countAll<number>().as('n')).as('submissions'),
    eb.selectFrom('activity_log').select(eb.fn.countAll<number>().as('n')).as('activity'),
    eb.selectFrom('site_stats').select('value').where('key', '=', 'data_version').as('dataVersion'),
  ]),
);
const lastActivity = preparedQuery('delete_all_test_last_activity', (db) =>
  db.selectFrom('activity_log').select(['kind', 'actor', 'detail', 'count']).orderBy('id', 'desc').limit(1),
);

const insertHours = preparedQuery('delete_all_test_insert_hours', (db, args: { placeId: string }) =>
  db
    .insertInto('business_hours')
    .columns(['business_id', 'pattern_id'])
    .expression(db.selectFrom('businesses').select(['id', 'id']).where('place_id', '=', args.placeId)),
);

async function seed(store: Store, businesses: number): Promise<void> {
  await insertSiteRows(store, siteRows(businesses, `seed-${businesses}`));
  await store.transaction(async (tx) => {
    await tx.run(insertSubmission, { placeId: 'place-1' });
    await tx.run(insertHours, { placeId: `seed-${businesses}-1` });
  });
  if (store.dialect === 'sqlite') ftsRebuild(store.sqlite);
  else await pgSearchRebuild(store);
}

/** Rows of the indexes built from the businesses (search vocabulary, hours), on either dialect. */
async function indexRows(store: Store): Promise<number> {
  const sql = 'SELECT (SELECT COUNT(*) FROM search_vocab) + (SELECT COUNT(*) FROM business_hours) AS n';
  if (store.dialect === 'sqlite') return store.sqlite.prepare(sql).pluck().get() as number;
  return Number((await store.query<{ n: number }>(sql)).rows[0]?.n);
}

/** SQL the dialects write differently (a trigger), run as each dialect takes it. */
async function execute(store: Store, sql: { sqlite: string; postgres: string }): Promise<void> {
  if (store.dialect === 'sqlite') store.sqlite.exec(sql.sqlite);
  else await store.query(sql.postgres);
}

function countInBackup(file: string, table: string): number {
  const backup = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    return backup.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;
  } finally {
    backup.close();
  }
}

describe.each(DIALECTS)('delete-all on %s', (dialect) => {
  let test: TestStore;
  let dir: string;
  let backupDir: string;
  const run = (options: { keep?: number; now?: Date; backupDir?: string } = {}) =>
    deleteAllBusinesses(test.store, {
      actor: 'test',
      address: parseDatabaseAddress(test.address),
      backupDir,
      ...options,
    });
  beforeEach(async () => {
    test = await createTestStore(dialect);
    dir = mkdtempSync(join(tmpdir(), 'directory-delete-all-'));
    backupDir = join(dir, 'backups');
  });
  afterEach(async () => {
    await test.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps a backup holding the rows, then deletes everything, recounts to zero and logs it', async () => {
    await seed(test.store, 5);
    const before = await test.store.first(rowCounts, {});
    expect(await indexRows(test.store)).toBeGreaterThan(1);

    const result = await run();
    expect(result.deleted).toBe(5);
    expect(result.message).toBe('All business data deleted (5 businesses). A backup was saved first.');
    expect(readdirSync(backupDir)).toEqual([result.backupPath.slice(backupDir.length + 1)]);
    expect(isBackupFileName(result.backupPath.slice(backupDir.length + 1), 'before-delete-all')).toBe(true);
    expect(countInBackup(result.backupPath, 'businesses')).toBe(5);
    expect(countInBackup(result.backupPath, 'business_submissions')).toBe(1);
    expect(result.restoreCommand).toBe(
      dialect === 'sqlite'
        ? `directory restore ${result.backupPath} --db ${test.address} --yes`
        : `directory copy --from ${result.backupPath} --to ${test.store.display} --yes`,
    );

    expect(await readStatistics(test.store)).toEqual({
      totalBusinesses: 0,
      verifiedBusinesses: 0,
      totalReviews: 0,
      categories: 0,
      totalCities: 0,
    });
    const after = await test.store.first(rowCounts, {});
    expect(after).toMatchObject({ businesses: 0, submissions: 0, activity: (before?.activity ?? 0) + 1 });
    expect(after?.dataVersion).toBeGreaterThan(before?.dataVersion ?? 0);
    expect(await indexRows(test.store)).toBe(0);
    expect(await test.store.first(lastActivity, {})).toEqual({
      kind: 'delete-all',
      actor: 'test',
      detail: `Deleted all business data (backup: ${result.backupPath})`,
      count: 5,
    });
    // The lock was given back.
    const lock = await acquireNamedLock(test.store, IMPORT_LOCK, 'next-import');
    expect(lock.acquired).toBe(true);
    if (lock.acquired) await lock.lock.release();
  }, 60_000);

  it('keeps the newest BACKUP_KEEP backups of delete-all', async () => {
    for (const [index, minute] of ['01', '02', '03'].entries()) {
      await seed(test.store, index + 1);
      await run({ keep: 2, now: new Date(`2026-11-26T10:${minute}:00.000Z`) });
    }
    const kept = readdirSync(backupDir).sort();
    expect(kept).toEqual([
      'directory-before-delete-all-2026-11-26T10-02-00-000Z.db',
      'directory-before-delete-all-2026-11-26T10-03-00-000Z.db',
    ]);
    expect(kept.map((name) => countInBackup(join(backupDir, name), 'businesses'))).toEqual([2, 3]);
  }, 60_000);

  it('refuses while an import holds the lock, and deletes nothing', async () => {
    await seed(test.store, 3);
    const held = await acquireNamedLock(test.store, IMPORT_LOCK, 'test-import');
    if (!held.acquired) throw new Error('lock not acquired');
    try {
      const failure = await run().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ImportError);
      expect(failure).toMatchObject({
        kind: 'busy',
        code: 'import_running',
        message: 'An import is running; delete-all can run when it has finished.',
      });
    } finally {
      await held.lock.release();
    }
    expect(await test.store.first(rowCounts, {})).toMatchObject({ businesses: 3, submissions: 1 });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('deletes nothing when the backup cannot be written', async () => {
    await seed(test.store, 3);
    // A file where the backup folder would go: no backup, so no deletion.
    writeFileSync(join(dir, 'not-a-folder'), 'x');
    const failure = await run({ backupDir: join(dir, 'not-a-folder', 'backups') }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(BackupError);
    expect((failure as Error).message).toMatch(/not-a-folder.*Nothing was deleted\.$/);
    expect(await test.store.first(rowCounts, {})).toMatchObject({ businesses: 3, submissions: 1 });
    expect((await readStatistics(test.store)).totalBusinesses).toBe(3);
  });

  it('leaves everything in place when it fails inside the transaction', async () => {
    await seed(test.store, 4);
    const before = await test.store.first(rowCounts, {});
    // The activity entry is the transaction's last write: refusing it fails the delete half way.
    await execute(test.store, {
      sqlite: `CREATE TRIGGER refuse_activity BEFORE INSERT ON activity_log BEGIN SELECT RAISE(ABORT, 'activity refused'); END`,
      postgres: `CREATE FUNCTION refuse_activity() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'activity refused'; END $$;
        CREATE TRIGGER refuse_activity BEFORE INSERT ON activity_log FOR EACH ROW EXECUTE FUNCTION refuse_activity()`,
    });
    await expect(run()).rejects.toThrow('activity refused');
    expect(await test.store.first(rowCounts, {})).toEqual(before);
    expect((await readStatistics(test.store)).totalBusinesses).toBe(4);
    const lock = await acquireNamedLock(test.store, IMPORT_LOCK, 'next-import');
    expect(lock.acquired).toBe(true);
    if (lock.acquired) await lock.lock.release();
  }, 60_000);
});
