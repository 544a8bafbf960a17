// Crash safety of an import started through the admin panel: the server that started the import's
// process is killed with SIGKILL mid-import. The import's process must notice that its parent is gone
// and stop (the IPC channel's 'disconnect', and a check of its parent before each progress report,
// the last one just before the merge commits), leaving the data as it was.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { hashPassword } from '../server/domain/admin/password-hash.ts';
import { mapsRow, writeWorkbook } from '../server/domain/import/testing/workbook.ts';
import { importProcessesUsing, readOne } from './testing/import-processes.ts';
import { runCli } from './testing/run-cli.ts';
import { serveInChild } from './testing/serve-in-child.ts';

const PASSWORD = 'correct horse battery staple';
let dir: string;
let bigFile: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'directory-server-crash-'));
  bigFile = writeWorkbook(
    join(dir, 'big.xlsx'),
    Array.from({ length: 30_000 }, () => mapsRow()),
  );
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

it('stops the import without committing when the server that started it is killed with SIGKILL', async () => {
  const db = join(dir, 'site.db');
  await runCli(['import', writeWorkbook(join(dir, 'before.xlsx'), [mapsRow(), mapsRow()]), '--db', db]);
  const server = await serveInChild(db, {
    ADMIN_PASSWORD_HASH: await hashPassword(PASSWORD, { N: 1024, r: 8, p: 1 }),
    UPLOAD_DIR: dir,
  });
  const cookie = await server.signIn('admin', PASSWORD);

  const form = new FormData();
  form.append('excelFile', new Blob([readFileSync(bigFile)]), 'big.xlsx');
  // Never answered: the server dies first.
  const upload = fetch(`${server.url}/api/admin/import`, {
    method: 'POST',
    headers: { Cookie: cookie },
    body: form,
  });
  upload.catch(() => undefined);

  // Rows are being read (staged) by the import's process.
  await vi.waitFor(
    () => {
      const run = readOne<{ rows_read: number } | undefined>(
        db,
        `SELECT rows_read FROM import_runs WHERE status = 'running' ORDER BY id DESC LIMIT 1`,
      );
      expect(run?.rows_read).toBeGreaterThan(0);
    },
    { timeout: 60_000, interval: 50 },
  );
  const children = importProcessesUsing(db);
  expect(children).toHaveLength(1);
  server.child.kill('SIGKILL');
  await server.child;

  // A generous bound: this is about stopping at all, not about how fast.
  await vi.waitFor(() => expect(importProcessesUsing(db)).toEqual([]), { timeout: 20_000, interval: 50 });
  expect(readOne(db, 'SELECT COUNT(*) AS n FROM businesses')).toEqual({ n: 2 });
  // The next process to open the database recovers the run and the lock.
  const stats = await runCli(['stats', '--db', db, '--json']);
  expect(JSON.parse(String(stats.stdout)).totalBusinesses).toBe(2);
  expect(readOne(db, `SELECT status FROM import_runs ORDER BY id DESC LIMIT 1`)).toEqual({
    status: 'interrupted',
  });
  expect(readOne(db, 'PRAGMA integrity_check')).toEqual({ integrity_check: 'ok' });
  const after = await runCli(['import', writeWorkbook(join(dir, 'after.xlsx'), [mapsRow()]), '--db', db]);
  expect(after.exitCode).toBe(0);
}, 120_000);
