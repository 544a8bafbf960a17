// directory backup / restore through the real CLI: a round trip while `directory serve` serves the
// same file, the refusals of restore, rotation, an interrupted backup.
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isBackupFileName } from '../../server/domain/backup/backup-files.ts';
import { CLI_COMMAND, runCli } from '../testing/run-cli.ts';
import { serveInChild } from '../testing/serve-in-child.ts';

let dir: string;
let db: string;
let backups: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'directory-backup-cli-'));
  db = join(dir, 'directory.db');
  backups = join(dir, 'backups');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const json = (stdout: unknown) => JSON.parse(String(stdout));

function withSqlite<T>(path: string, fn: (sqlite: BetterSqlite3.Database) => T): T {
  const sqlite = new BetterSqlite3(path);
  try {
    return fn(sqlite);
  } finally {
    sqlite.close();
  }
}

const dataVersion = (path: string) =>
  withSqlite(path, (s) => s.prepare(`SELECT value FROM site_stats WHERE key = 'data_version'`).pluck().get());

async function seed(count: number) {
  const seeded = await runCli(['seed', '--count', String(count), '--db', db]);
  expect(seeded.exitCode).toBe(0);
}

async function backupTo(out: string) {
  const result = await runCli(['backup', '--db', db, '--out', out, '--json']);
  expect(result.exitCode, String(result.stderr)).toBe(0);
  return out;
}

describe('directory backup and restore while the server serves the same file', () => {
  it('backs up, and a restore brings the data back to the API, the pages and the search', async () => {
    await seed(30);
    const [first] = withSqlite(db, (s) =>
      s.prepare('SELECT name, slug FROM businesses ORDER BY id LIMIT 1').all(),
    ) as {
      name: string;
      slug: string;
    }[];
    const server = await serveInChild(db);
    try {
      type Stats = { totalBusinesses: number };
      expect((await server.getJson<Stats>('/api/statistics')).totalBusinesses).toBe(30);
      const search = `/api/businesses?limit=5&offset=0&search=${encodeURIComponent(first!.name)}`;
      expect(JSON.stringify(await server.getJson(search))).toContain(first!.slug);
      // Twice, so that the answer cache holds them.
      await server.getJson('/api/statistics');
      await server.getJson(search);

      const backedUp = await runCli(['backup', '--db', db, '--json']);
      expect(backedUp.exitCode, String(backedUp.stderr)).toBe(0);
      const { file, bytes } = json(backedUp.stdout);
      expect(file.startsWith(backups)).toBe(true);
      expect(isBackupFileName(file.slice(backups.length + 1), 'backup')).toBe(true);
      expect(bytes).toBeGreaterThan(0);

      const deleted = await runCli(['delete-all', '--yes', '--db', db]);
      expect(deleted.exitCode).toBe(0);
      expect((await server.getJson<Stats>('/api/statistics')).totalBusinesses).toBe(0);
      expect(JSON.stringify(await server.getJson(search))).not.toContain(first!.slug);
      const versionBefore = dataVersion(db) as number;
      // A backup whose data version equals the live one (another installation's, or counters that
      // met): without the restore raising it, the caches would keep the emptied site's answers.
      withSqlite(file, (s) =>
        s.prepare(`UPDATE site_stats SET value = ? WHERE key = 'data_version'`).run(versionBefore),
      );

      const restored = await runCli(['restore', file, '--yes', '--db', db, '--json']);
      expect(restored.exitCode, String(restored.stderr)).toBe(0);
      const result = json(restored.stdout);
      expect(result.restoredFrom).toBe(file);
      expect(existsSync(result.replacedBackup)).toBe(true);
      expect(result.dataVersion).toBeGreaterThan(versionBefore);

      // The server's open connection and every cache see the restored data.
      expect((await server.getJson<Stats>('/api/statistics')).totalBusinesses).toBe(30);
      expect(JSON.stringify(await server.getJson(search))).toContain(first!.slug);
      expect((await fetch(`${server.url}/details/${first!.slug}`)).status).toBe(200);
      // The database stays in WAL mode and sound.
      withSqlite(db, (s) => {
        expect(s.pragma('journal_mode', { simple: true })).toBe('wal');
        expect(s.pragma('integrity_check', { simple: true })).toBe('ok');
      });
      // The backup of what was replaced holds the emptied database.
      withSqlite(result.replacedBackup, (s) =>
        expect(s.prepare('SELECT COUNT(*) FROM businesses').pluck().get()).toBe(0),
      );
    } finally {
      await server.stop();
    }
  }, 120_000);
});

describe('directory restore refuses', () => {
  it('without --yes (usage error), and a missing, foreign, corrupt or newer file, changing nothing', async () => {
    await seed(5);
    const good = await backupTo(join(dir, 'good.db'));
    const before = withSqlite(db, (s) => s.prepare('SELECT COUNT(*) FROM businesses').pluck().get());

    const noYes = await runCli(['restore', good, '--db', db]);
    expect(noYes.exitCode).toBe(2);
    expect(String(noYes.stderr)).toMatch(/--yes/);

    const refuse = async (file: string, code: string, message: RegExp) => {
      const result = await runCli(['restore', file, '--yes', '--db', db, '--json']);
      expect(result.exitCode, file).toBe(1);
      expect(json(result.stdout).error).toMatchObject({ code, message: expect.stringMatching(message) });
      // The same words for a person on stderr, without error codes or a stack trace.
      expect(String(result.stderr)).toMatch(message);
      expect(String(result.stderr)).not.toMatch(/ENOENT|SQLITE_|\n\s+at /);
    };

    await refuse(join(dir, 'nope.db'), 'not_found', /No such file: .*nope\.db/);

    const text = join(dir, 'notes.db');
    writeFileSync(text, 'these are not the rows you are looking for\n'.repeat(200));
    await refuse(text, 'not_sqlite', /is not a SQLite database/);

    const foreign = join(dir, 'foreign.db');
    withSqlite(foreign, (s) => s.exec('CREATE TABLE things (x)'));
    await refuse(foreign, 'not_directory_database', /not this directory's \(it has no businesses/);

    // Pages in the middle overwritten: a file that opens but fails the integrity check.
    const corrupt = join(dir, 'corrupt.db');
    copyFileSync(good, corrupt);
    const fd = openSync(corrupt, 'r+');
    for (let page = 3; page < 12; page += 2) writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, page * 4096);
    closeSync(fd);
    await refuse(corrupt, 'corrupt', /is damaged/);

    const newer = join(dir, 'newer.db');
    copyFileSync(good, newer);
    withSqlite(newer, (s) =>
      s
        .prepare('INSERT INTO kysely_migration (name, timestamp) VALUES (?, ?)')
        .run('2999-01-01T0000-future', 'x'),
    );
    await refuse(newer, 'newer_schema', /newer version of the directory .*2999-01-01T0000-future/);

    expect(withSqlite(db, (s) => s.prepare('SELECT COUNT(*) FROM businesses').pluck().get())).toBe(before);
    // Nothing was replaced, so nothing was backed up.
    expect(
      readdirSync(dir).includes('backups')
        ? readdirSync(backups).filter((n) => n.includes('before-restore'))
        : [],
    ).toEqual([]);
  }, 120_000);

  it('while an import runs', async () => {
    await seed(5);
    const good = await backupTo(join(dir, 'good.db'));
    // The import lock as a running import holds it: this host, a live process.
    withSqlite(db, (s) =>
      s
        .prepare(
          `INSERT INTO app_locks (name, owner, host, pid, acquired_at, heartbeat_at) VALUES ('import', 'test', ?, ?, ?, ?)`,
        )
        .run(hostname(), process.pid, new Date().toISOString(), new Date().toISOString()),
    );
    withSqlite(db, (s) => s.exec('DELETE FROM businesses WHERE id > 2'));
    const result = await runCli(['restore', good, '--yes', '--db', db, '--json']);
    expect(result.exitCode).toBe(1);
    expect(json(result.stdout).error).toMatchObject({ code: 'import_running', message: /import is running/ });
    expect(withSqlite(db, (s) => s.prepare('SELECT COUNT(*) FROM businesses').pluck().get())).toBe(2);
  }, 60_000);
});

describe('backup rotation (BACKUP_KEEP)', () => {
  it('keeps the newest N of each kind and never touches files not named as ours', async () => {
    await seed(3);
    const env = { NO_COLOR: '1', LOG_LEVEL: 'silent', BACKUP_KEEP: '2' };
    await runCli(['backup', '--db', db], { env });
    const foreign = ['notes.db', 'directory-backup-mine.db', 'directory-backup-2020-01-01.db'];
    for (const name of foreign) writeFileSync(join(backups, name), 'keep me');
    const names: string[] = [];
    for (let i = 0; i < 3; i++) {
      const result = await runCli(['backup', '--db', db, '--json'], { env });
      expect(result.exitCode).toBe(0);
      names.push(json(result.stdout).file.slice(backups.length + 1));
    }
    for (let i = 0; i < 3; i++)
      expect((await runCli(['delete-all', '--yes', '--db', db], { env })).exitCode).toBe(0);

    const left = readdirSync(backups).sort();
    expect(left.filter((n) => isBackupFileName(n, 'backup'))).toEqual(names.slice(1));
    expect(left.filter((n) => isBackupFileName(n, 'before-delete-all'))).toHaveLength(2);
    for (const name of foreign) expect(left).toContain(name);
  }, 120_000);

  it('refuses a bad BACKUP_KEEP naming it', async () => {
    const result = await runCli(['backup', '--db', db], { env: { NO_COLOR: '1', BACKUP_KEEP: '0' } });
    expect(result.exitCode).toBe(1);
    expect(String(result.stderr)).toMatch(/BACKUP_KEEP: must be a whole number from 1 to 1000/);
  });
});

describe('an interrupted backup', () => {
  it('leaves no file under a backup name, and the next backup removes what it left', async () => {
    expect((await runCli(['migrate', '--db', db])).exitCode).toBe(0);
    // ~150 MB, so that the copy and its check take long enough to be killed in the middle.
    withSqlite(db, (s) =>
      s.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 150000)
              INSERT INTO activity_log (kind, actor, detail, count, created_at)
              SELECT 'export', 'test', hex(randomblob(500)), NULL, '2026-01-01' FROM n`),
    );
    const child = execa('node', [...CLI_COMMAND, 'backup', '--db', db], {
      env: { NO_COLOR: '1', LOG_LEVEL: 'silent' },
      reject: false,
    });
    let partial: string | undefined;
    for (let wait = 0; wait < 6000 && !partial; wait++) {
      partial = (existsSync(backups) ? readdirSync(backups) : []).find((name) => name.endsWith('.partial'));
      if (!partial) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(partial, 'the backup never started writing').toBeDefined();
    child.kill('SIGKILL');
    await child;
    const afterKill = readdirSync(backups);
    expect(afterKill.filter((name) => isBackupFileName(name))).toEqual([]);
    expect(afterKill).toContain(partial);

    const next = await runCli(['backup', '--db', db, '--json']);
    expect(next.exitCode, String(next.stderr)).toBe(0);
    const left = readdirSync(backups);
    expect(left.filter((name) => name.includes('.partial'))).toEqual([]);
    expect(left.filter((name) => isBackupFileName(name))).toHaveLength(1);
  }, 120_000);
});
