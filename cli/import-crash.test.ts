// Crash safety and mutual exclusion of imports across processes (cases 31 and 33 of the reference).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mapsRow, writeWorkbook } from '../server/domain/import/testing/workbook.ts';
import { importProcessesUsing, readOne } from './testing/import-processes.ts';
import { runCli } from './testing/run-cli.ts';

let dir: string;
let bigFile: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'directory-crash-'));
  bigFile = writeWorkbook(
    join(dir, 'big.xlsx'),
    Array.from({ length: 30_000 }, () => mapsRow()),
  );
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Polls until the running import has read some rows (it is then staging). */
async function waitForRunningImport(db: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    try {
      const run = readOne<{ rows_read: number } | undefined>(
        db,
        `SELECT rows_read FROM import_runs WHERE status = 'running' ORDER BY id DESC LIMIT 1`,
      );
      if (run && run.rows_read > 0) return;
    } catch {
      // the database may not exist yet
    }
  }
  throw new Error('the import never started');
}

describe('import across processes', () => {
  it('keeps the old data intact when the importing process is killed, and marks the run interrupted', async () => {
    const db = join(dir, 'killed.db');
    await runCli(['import', writeWorkbook(join(dir, 'before.xlsx'), [mapsRow(), mapsRow()]), '--db', db]);

    const child = runCli(['import', bigFile, '--db', db]);
    await waitForRunningImport(db);
    expect(importProcessesUsing(db)).toHaveLength(1);
    child.kill('SIGKILL');
    await child;
    // The import's own process notices and stops too, instead of finishing the import unwatched.
    await vi.waitFor(() => expect(importProcessesUsing(db)).toEqual([]), { timeout: 10_000, interval: 50 });

    // The next process to open the database (any command) recovers.
    const stats = await runCli(['stats', '--db', db, '--json']);
    expect(JSON.parse(String(stats.stdout)).totalBusinesses).toBe(2);
    expect(readOne(db, 'SELECT COUNT(*) AS n FROM businesses')).toEqual({ n: 2 });
    // Its staged rows were in the killed process's TEMP table, never in the file.
    expect(readOne(db, `SELECT COUNT(*) AS n FROM sqlite_schema WHERE name LIKE 'import_staging%'`)).toEqual({
      n: 0,
    });
    expect(readOne(db, `SELECT status FROM import_runs ORDER BY id DESC LIMIT 1`)).toEqual({
      status: 'interrupted',
    });
    expect(readOne(db, 'PRAGMA integrity_check')).toEqual({ integrity_check: 'ok' });

    // And the lock of the dead process does not block the next import.
    const after = await runCli(['import', writeWorkbook(join(dir, 'after.xlsx'), [mapsRow()]), '--db', db]);
    expect(after.exitCode).toBe(0);
  });

  it('refuses a second import at once while another process imports', async () => {
    const db = join(dir, 'busy.db');
    await runCli(['migrate', '--db', db]);
    const first = runCli(['import', bigFile, '--db', db, '--json']);
    await waitForRunningImport(db);
    const second = await runCli(['import', writeWorkbook(join(dir, 'small.xlsx'), [mapsRow()]), '--db', db]);
    expect(second.exitCode).toBe(1);
    expect(second.stderr).toMatch(/already running/);
    const done = await first;
    expect(done.exitCode).toBe(0);
    expect(JSON.parse(String(done.stdout))[0].report.stats.imported).toBe(30_000);
  });
});
