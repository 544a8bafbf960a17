import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listRecentActivity } from '../../../db/activity-repository.ts';
import { acquireLock, releaseLock } from '../../../db/lock-repository.ts';
import { refreshAggregates } from '../../../db/stats-repository.ts';
import { createTempDatabase, type TempDatabase } from '../../../db/testing/temp-database.ts';
import { fixtureRowToBusiness, insertBusinesses } from '../../../fixtures/generator/database-rows.ts';
import { generateRows } from '../../../fixtures/generator/rows.ts';
import { processEntry } from '../../runtime/entry-points.ts';
import { IMPORT_LOCK } from '../import/import-lock.ts';
import { ImportError } from '../import/import-spreadsheet.ts';
import { JobFailedError, type JobProgress, runDatabaseJob } from './run-database-job.ts';

let database: TempDatabase;
beforeEach(async () => {
  database = await createTempDatabase();
});
afterEach(async () => {
  await database.dispose();
});

function seed(count: number): void {
  const now = '2026-01-01T00:00:00.000Z';
  insertBusinesses(
    database.sqlite,
    [...generateRows({ count, seed: 11 })].map((row, index) => fixtureRowToBusiness(row, index, now)),
  );
  refreshAggregates(database.sqlite);
}

const count = (sql: string, path?: string): number => {
  if (!path) return database.sqlite.prepare(sql).pluck().get() as number;
  const other = new BetterSqlite3(path, { readonly: true });
  try {
    return other.prepare(sql).pluck().get() as number;
  } finally {
    other.close();
  }
};

describe('runDatabaseJob', () => {
  it('generates SEO text in a process of its own, reports progress and logs the activity', async () => {
    seed(30);
    const progress: JobProgress[] = [];
    let pid = 0;
    const result = await runDatabaseJob(
      database.path,
      'generate-seo',
      { siteUrl: 'https://example.test', actor: 'admin:alice', batchSize: 7 },
      { onProgress: (p) => progress.push(p), onStart: (started) => (pid = started) },
    );
    expect(result).toEqual({ updated: 30 });
    // Another process, gone once the job answered: its memory went back with it.
    expect(pid).toBeGreaterThan(0);
    expect(pid).not.toBe(process.pid);
    await vi.waitFor(() => expect(() => process.kill(pid, 0)).toThrow(/ESRCH/), { timeout: 5000 });
    // Written through the job's own connection, read back through ours.
    expect(count('SELECT COUNT(*) FROM businesses WHERE seo_title IS NULL OR canonical_url IS NULL')).toBe(0);
    expect(count(`SELECT COUNT(*) FROM businesses WHERE canonical_url LIKE 'https://example.test/%'`)).toBe(
      30,
    );
    expect(progress[0]).toEqual({ phase: 'generating', done: 0, total: 30 });
    expect(progress.at(-1)).toEqual({ phase: 'generating', done: 30, total: 30 });
    expect(progress.length).toBe(1 + Math.ceil(30 / 7));
    expect(await listRecentActivity(database.store, 5)).toMatchObject([
      { kind: 'seo', actor: 'admin:alice', count: 30 },
    ]);

    // A second run changes nothing and says so.
    expect(
      await runDatabaseJob(database.path, 'generate-seo', { siteUrl: 'https://example.test', actor: 'x' }),
    ).toEqual({ updated: 0 });
  });

  it('deletes everything after taking a backup that holds the old rows', async () => {
    seed(12);
    const backupDir = join(database.dir, 'my-backups');
    const result = await runDatabaseJob(database.path, 'delete-all', { actor: 'admin:alice', backupDir });
    expect(result.deleted).toBe(12);
    expect(result.message).toMatch(/12 businesses/);
    expect(result.backupPath.startsWith(backupDir)).toBe(true);
    expect(existsSync(result.backupPath)).toBe(true);
    expect(count('SELECT COUNT(*) FROM businesses')).toBe(0);
    expect(count('SELECT COUNT(*) FROM businesses', result.backupPath)).toBe(12);
    expect(await listRecentActivity(database.store, 5)).toMatchObject([
      { kind: 'delete-all', actor: 'admin:alice', count: 12 },
    ]);
  });

  it('brings a busy import lock back as an ImportError of kind busy', async () => {
    seed(3);
    const lock = acquireLock(database.sqlite, IMPORT_LOCK, 'test-import');
    if (!lock.acquired) throw new Error('lock not acquired');
    try {
      const failure = await runDatabaseJob(database.path, 'delete-all', { actor: 'x' }).catch((e) => e);
      expect(failure).toBeInstanceOf(ImportError);
      expect(failure).toMatchObject({ kind: 'busy', code: 'import_running' });
    } finally {
      releaseLock(database.sqlite, IMPORT_LOCK, lock.owner);
    }
    expect(count('SELECT COUNT(*) FROM businesses')).toBe(3);
  });

  it('rejects with a JobFailedError carrying the message, not a stack, when the job cannot run', async () => {
    // A "directory" that is a file: the job cannot open the database under it.
    const blocker = join(database.dir, 'not-a-dir');
    writeFileSync(blocker, 'x');
    const failure = await runDatabaseJob(join(blocker, 'x.db'), 'generate-seo', {
      siteUrl: 'https://example.test',
      actor: 'x',
    }).catch((e) => e);
    expect(failure).toBeInstanceOf(JobFailedError);
    expect(failure.code).toBe('job_failed');
    expect(failure.message).toMatch(/generate-seo|EEXIST|ENOTDIR|directory/i);
    expect(failure.message).not.toMatch(/\n\s+at /);
  });

  it('stops the job at once when its parent is killed', async () => {
    seed(3000);
    const parent = execa(
      'node',
      [
        ...processEntry('cli', true).nodeArgs,
        fileURLToPath(new URL('./testing/job-parent.ts', import.meta.url)),
        database.path,
      ],
      {
        reject: false,
      },
    );
    let jobPid = 0;
    await new Promise<void>((resolve, reject) => {
      parent.stdout?.on('data', (chunk: Buffer) => {
        const text = chunk.toString();
        jobPid ||= Number(/job (\d+)/.exec(text)?.[1] ?? 0);
        if (jobPid && /progress [1-9]/.test(text)) resolve();
      });
      void parent.then(() => reject(new Error('the parent ended before the job made progress')));
    });
    parent.kill('SIGKILL');
    await parent;
    // The job notices its parent is gone and exits, rather than working on as an orphan.
    await vi.waitFor(() => expect(() => process.kill(jobPid, 0)).toThrow(/ESRCH/), { timeout: 3000 });
    const written = count(`SELECT COUNT(*) FROM businesses WHERE seo_title IS NOT NULL`);
    expect(written).toBeLessThan(3000);
  }, 60_000);
});
