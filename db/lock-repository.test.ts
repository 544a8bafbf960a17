import { hostname } from 'node:os';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createImportRun, getImportRun, recoverInterruptedImports } from './import-runs-repository.ts';
import { acquireLock, clearLocksOfThisProcess, releaseLock } from './lock-repository.ts';
import { createTempDatabase, type TempDatabase } from './testing/temp-database.ts';

let database: TempDatabase;
beforeEach(async () => {
  database = await createTempDatabase();
});
afterEach(async () => {
  await database.dispose();
});

// A pid that cannot belong to a live process (above Linux's pid_max).
const DEAD_PID = 2 ** 22 + 1;

describe('application locks', () => {
  it('refuses a second holder while the first is alive, and frees on release', () => {
    const first = acquireLock(database.sqlite, 'import', 'cli');
    expect(first.acquired).toBe(true);
    const second = acquireLock(database.sqlite, 'import', 'http');
    expect(second.acquired).toBe(false);
    if (first.acquired) releaseLock(database.sqlite, 'import', first.owner);
    expect(acquireLock(database.sqlite, 'import', 'http').acquired).toBe(true);
  });

  it('takes over a lock whose holder process died', () => {
    const now = new Date().toISOString();
    database.sqlite
      .prepare('INSERT INTO app_locks VALUES (?, ?, ?, ?, ?, ?)')
      .run('import', 'dead', hostname(), DEAD_PID, now, now);
    expect(acquireLock(database.sqlite, 'import', 'cli').acquired).toBe(true);
  });

  it('clears at boot a lock left by an earlier process with our pid', () => {
    expect(acquireLock(database.sqlite, 'import', 'cli').acquired).toBe(true);
    clearLocksOfThisProcess(database.sqlite);
    expect(acquireLock(database.sqlite, 'import', 'cli').acquired).toBe(true);
  });
});

describe('recoverInterruptedImports', () => {
  it('marks runs of dead processes interrupted and removes their staging rows, leaving live runs alone', async () => {
    const { sqlite } = database;
    const dead = createImportRun(sqlite, {
      fileName: 'a.xlsx',
      startedBy: 'cli',
      updateMode: false,
      dryRun: false,
    });
    sqlite.prepare('UPDATE import_runs SET pid = ? WHERE id = ?').run(DEAD_PID, dead);
    const live = createImportRun(sqlite, {
      fileName: 'b.xlsx',
      startedBy: 'cli',
      updateMode: false,
      dryRun: false,
    });

    expect(recoverInterruptedImports(sqlite)).toBe(1);
    expect((await getImportRun(database.store, dead))?.status).toBe('interrupted');
    expect((await getImportRun(database.store, live))?.status).toBe('running');

    // At boot our own pid's runs are stale too.
    expect(recoverInterruptedImports(sqlite, { atBoot: true })).toBe(1);
    expect((await getImportRun(database.store, live))?.status).toBe('interrupted');
  });
});
