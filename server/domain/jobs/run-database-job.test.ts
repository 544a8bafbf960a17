// Long database jobs in a process of their own, on a SQLite file and on a PostgreSQL database, each
// test on both: SEO generation with its progress and activity, delete-all with its backup (a SQLite
// file on either dialect), a busy import lock, a database the job cannot open, and a job whose parent
// is killed. Each dialect's database is made once and given the test's businesses before it.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listRecentActivity } from '../../../db/activity-repository.ts';
import { type DatabaseAddress, parseDatabaseAddress } from '../../../db/address.ts';
import { acquireNamedLock } from '../../../db/locks/named-lock.ts';
import type { Store } from '../../../db/store/store.ts';
import { TEST_POSTGRES_SERVER } from '../../../db/testing/postgres-database.ts';
import { fixtureRowToBusiness } from '../../../fixtures/generator/database-rows.ts';
import { generateRows } from '../../../fixtures/generator/rows.ts';
import { replaceBusinesses } from '../../http/admin-data/testing/replace-businesses.ts';
import { processEntry } from '../../runtime/entry-points.ts';
import { ImportError } from '../import/import-error.ts';
import { IMPORT_LOCK } from '../import/import-lock.ts';
import { execIn, rowsIn } from '../testing/sql-in.ts';
import { DIALECTS } from '../testing/test-store.ts';
import { testStoresForFile } from '../testing/test-stores-for-file.ts';
import { JobFailedError, type JobProgress, runDatabaseJob } from './run-database-job.ts';

/** Each dialect's database, made once for the file. */
const opened = testStoresForFile();

/** A folder of the test's own (backups, a file in the way). */
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'run-database-job-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe.each(DIALECTS)('runDatabaseJob on %s', (dialect) => {
  let store: Store;
  /** Where the job's process connects. */
  let address: DatabaseAddress;
  beforeEach(async () => {
    store = opened[dialect].store;
    address = parseDatabaseAddress(opened[dialect].address);
    await execIn(store, 'DELETE FROM activity_log');
  });

  /** `count` generated businesses, as an import leaves them (and nothing else). */
  async function seed(count: number): Promise<void> {
    const now = '2026-01-01T00:00:00.000Z';
    await replaceBusinesses(
      store,
      [...generateRows({ count, seed: 11 })].map((row, index) => fixtureRowToBusiness(row, index, now)),
    );
  }

  /** One number from the test's database, or (given a path) from a SQLite file such as a backup. */
  const count = async (sql: string, path?: string): Promise<number> => {
    if (!path) return Number(Object.values((await rowsIn(store, sql))[0]!)[0]);
    const other = new BetterSqlite3(path, { readonly: true });
    try {
      return other.prepare(sql).pluck().get() as number;
    } finally {
      other.close();
    }
  };

  it('generates SEO text in a process of its own, reports progress and logs the activity', async () => {
    await seed(30);
    const progress: JobProgress[] = [];
    let pid = 0;
    const result = await runDatabaseJob(
      address,
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
    expect(
      await count('SELECT COUNT(*) FROM businesses WHERE seo_title IS NULL OR canonical_url IS NULL'),
    ).toBe(0);
    expect(
      await count(`SELECT COUNT(*) FROM businesses WHERE canonical_url LIKE 'https://example.test/%'`),
    ).toBe(30);
    expect(progress[0]).toEqual({ phase: 'generating', done: 0, total: 30 });
    expect(progress.at(-1)).toEqual({ phase: 'generating', done: 30, total: 30 });
    expect(progress.length).toBe(1 + Math.ceil(30 / 7));
    expect(await listRecentActivity(store, 5)).toMatchObject([
      { kind: 'seo', actor: 'admin:alice', count: 30 },
    ]);

    // A second run changes nothing and says so.
    expect(
      await runDatabaseJob(address, 'generate-seo', { siteUrl: 'https://example.test', actor: 'x' }),
    ).toEqual({ updated: 0 });
  });

  it('deletes everything after taking a backup that holds the old rows', async () => {
    await seed(12);
    const backupDir = join(dir, 'my-backups');
    const result = await runDatabaseJob(address, 'delete-all', { actor: 'admin:alice', backupDir });
    expect(result.deleted).toBe(12);
    expect(result.message).toMatch(/12 businesses/);
    expect(result.backupPath.startsWith(backupDir)).toBe(true);
    expect(existsSync(result.backupPath)).toBe(true);
    // The backup is a SQLite file on either dialect (PostgreSQL's: the site copied into one).
    expect(await count('SELECT COUNT(*) FROM businesses')).toBe(0);
    expect(await count('SELECT COUNT(*) FROM businesses', result.backupPath)).toBe(12);
    expect(await listRecentActivity(store, 5)).toMatchObject([
      { kind: 'delete-all', actor: 'admin:alice', count: 12 },
    ]);
  });

  it('brings a busy import lock back as an ImportError of kind busy', async () => {
    await seed(3);
    const lock = await acquireNamedLock(store, IMPORT_LOCK, 'test-import');
    if (!lock.acquired) throw new Error('lock not acquired');
    try {
      const failure = await runDatabaseJob(address, 'delete-all', { actor: 'x' }).catch((e) => e);
      expect(failure).toBeInstanceOf(ImportError);
      expect(failure).toMatchObject({ kind: 'busy', code: 'import_running' });
    } finally {
      await lock.lock.release();
    }
    expect(await count('SELECT COUNT(*) FROM businesses')).toBe(3);
  });

  it('rejects with a JobFailedError carrying the message, not a stack, when the job cannot run', async () => {
    // SQLite: a "directory" that is a file, so the job cannot open the database under it.
    // PostgreSQL: a database the server does not have.
    let unopenable: DatabaseAddress;
    let expected: RegExp;
    if (dialect === 'sqlite') {
      const blocker = join(dir, 'not-a-dir');
      writeFileSync(blocker, 'x');
      const path = join(blocker, 'x.db');
      unopenable = { dialect, path, display: path };
      expected = /generate-seo|EEXIST|ENOTDIR|directory/i;
    } else {
      const url = new URL(TEST_POSTGRES_SERVER);
      url.pathname = '/no_such_database_for_jobs';
      unopenable = parseDatabaseAddress(url.href);
      expected = /no_such_database_for_jobs.*does not exist/;
    }
    const failure = await runDatabaseJob(unopenable, 'generate-seo', {
      siteUrl: 'https://example.test',
      actor: 'x',
    }).catch((e) => e);
    expect(failure).toBeInstanceOf(JobFailedError);
    expect(failure.code).toBe('job_failed');
    expect(failure.message).toMatch(expected);
    expect(failure.message).not.toMatch(/\n\s+at /);
  });

  it('stops the job at once when its parent is killed', async () => {
    await seed(3000);
    const parent = execa(
      'node',
      [
        ...processEntry('cli', true).nodeArgs,
        fileURLToPath(new URL('./testing/job-parent.ts', import.meta.url)),
        opened[dialect].address,
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
    const written = await count(`SELECT COUNT(*) FROM businesses WHERE seo_title IS NOT NULL`);
    expect(written).toBeLessThan(3000);
  }, 60_000);
});
