import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import BetterSqlite3 from 'better-sqlite3';
import { Command } from 'commander';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getAdminCredentials, recentLoginFailureTimes } from '../../db/admin-repository.ts';
import { preparedQuery } from '../../db/query/prepared-query.ts';
import { attemptLogin, LOGIN_THROTTLE } from '../../server/domain/admin/login.ts';
import { verifyPassword } from '../../server/domain/admin/password-hash.ts';
import { createTestStore, DIALECTS, type TestStore } from '../../server/domain/testing/test-store.ts';
import { buildProgram, withCommonOptions } from '../main.ts';
import { CliError, EXIT_USAGE } from '../output.ts';
import { runCli } from '../testing/run-cli.ts';
import { registerAdmin } from './admin.ts';

let dir: string;
let db: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'directory-admin-cli-'));
  db = join(dir, 'directory.db');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const generations = preparedQuery('admin_cli_test_generations', (db) =>
  db.selectFrom('admin_session_generations').select(['username', 'generation']).orderBy('username'),
);

const query = (sql: string) => {
  const sqlite = new BetterSqlite3(db, { readonly: true });
  try {
    return sqlite.prepare(sql).all();
  } finally {
    sqlite.close();
  }
};

/** Runs `directory admin …` in this process with the given stdin, the way main.ts wires it. */
async function runAdmin(args: string[], input: string) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: string[] = [];
  const err: string[] = [];
  stdout.on('data', (chunk) => out.push(String(chunk)));
  stderr.on('data', (chunk) => err.push(String(chunk)));
  const program = new Command('directory').exitOverride();
  withCommonOptions(registerAdmin(program, { stdin: Readable.from([input]), stdout, stderr })).exitOverride();
  await program.parseAsync(['admin', ...args], { from: 'user' });
  return { stdout: out.join(''), stderr: err.join('') };
}

describe('directory admin (in process)', () => {
  it('hash-password prints a hash of the password read from stdin, without its final newline', async () => {
    const { stdout, stderr } = await runAdmin(['hash-password'], 'a good long password\n');
    const hash = stdout.trim();
    expect(hash).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(await verifyPassword('a good long password', hash)).toBe(true);
    expect(stderr).toMatch(/ADMIN_PASSWORD_HASH/);
    expect(stdout + stderr).not.toContain('a good long password');

    const json = await runAdmin(['hash-password', '--password-stdin', '--json'], 'another password!');
    expect(await verifyPassword('another password!', JSON.parse(json.stdout).hash)).toBe(true);
  });

  it('refuses a short password with a usage error', async () => {
    const failure = await runAdmin(['hash-password'], 'short\n').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CliError);
    expect(failure).toMatchObject({ exitCode: EXIT_USAGE, message: expect.stringMatching(/at least 12/) });
  });

  it('set-password stores the hash in the database and ends earlier sessions', async () => {
    const first = await runAdmin(['set-password', '--db', db, '--json'], 'first long password\n');
    expect(JSON.parse(first.stdout)).toEqual({ username: 'admin', passwordSet: true, sessionsEnded: true });
    await runAdmin(['set-password', '--db', db, '--username', 'owner'], 'second long password\n');
    const [row] = query('SELECT username, password_hash, origin FROM admin_credentials') as {
      username: string;
      password_hash: string;
      origin: string;
    }[];
    expect(row).toMatchObject({ username: 'owner', origin: 'cli' });
    expect(await verifyPassword('second long password', row!.password_hash)).toBe(true);
    expect(query('SELECT username, generation FROM admin_session_generations ORDER BY username')).toEqual([
      { username: 'admin', generation: 2 },
      { username: 'owner', generation: 1 },
    ]);

    // Without --username the current administrator keeps their name.
    await runAdmin(['set-password', '--db', db], 'third long password!\n');
    expect(query('SELECT username FROM admin_credentials')).toEqual([{ username: 'owner' }]);
  });

  it('set-password refuses a username with spaces before touching the database', async () => {
    const failure = await runAdmin(
      ['set-password', '--db', db, '--username', 'two words'],
      'a long password\n',
    ).catch((error: unknown) => error);
    expect(failure).toMatchObject({ exitCode: EXIT_USAGE });
  });
});

// Runs once cli/main.ts registers the command (the lead wires registerAdmin into buildProgram).
const registered = buildProgram().commands.some((command) => command.name() === 'admin');

describe.skipIf(!registered)('directory admin (real process)', () => {
  it('hash-password prints a usable hash; set-password stores one; exit codes follow the outcome', async () => {
    const hashed = await runCli(['admin', 'hash-password'], { input: 'piped password 123\n' });
    expect(hashed.exitCode).toBe(0);
    expect(await verifyPassword('piped password 123', String(hashed.stdout).trim())).toBe(true);

    const set = await runCli(['admin', 'set-password', '--db', db, '--json'], {
      input: 'piped password 123\n',
    });
    expect(set.exitCode).toBe(0);
    expect(JSON.parse(String(set.stdout))).toMatchObject({ username: 'admin', passwordSet: true });
    expect(query('SELECT username, origin FROM admin_credentials')).toEqual([
      { username: 'admin', origin: 'cli' },
    ]);

    const weak = await runCli(['admin', 'set-password', '--db', db], { input: 'weak\n' });
    expect(weak.exitCode).toBe(2);
    expect(String(weak.stderr)).toMatch(/at least 12/);
  });
});

describe.each(DIALECTS)('directory admin on %s', (dialect) => {
  let test: TestStore;
  beforeEach(async () => {
    test = await createTestStore(dialect);
  });
  afterEach(async () => {
    await test.dispose();
  });

  it('set-password stores the password, ends earlier sessions and keeps the name without --username', async () => {
    const first = await runCli(['admin', 'set-password', '--db', test.address, '--json'], {
      input: 'first long password\n',
    });
    expect(first.exitCode).toBe(0);
    expect(JSON.parse(String(first.stdout))).toEqual({
      username: 'admin',
      passwordSet: true,
      sessionsEnded: true,
    });
    const renamed = await runCli(['admin', 'set-password', '--db', test.address, '--username', 'owner'], {
      input: 'second long password\n',
    });
    expect(renamed.exitCode).toBe(0);
    expect(String(renamed.stderr)).toContain(
      'Password set for owner. Every earlier admin session has ended.',
    );
    const stored = (await getAdminCredentials(test.store))!;
    expect(stored).toMatchObject({ username: 'owner', origin: 'cli' });
    expect(await verifyPassword('second long password', stored.password_hash)).toBe(true);
    expect(await test.store.all(generations, {})).toEqual([
      { username: 'admin', generation: 2 },
      { username: 'owner', generation: 1 },
    ]);
    const kept = await runCli(['admin', 'set-password', '--db', test.address], {
      input: 'third long password!\n',
    });
    expect(kept.exitCode).toBe(0);
    expect((await getAdminCredentials(test.store))?.username).toBe('owner');

    const weak = await runCli(['admin', 'set-password', '--db', test.address], { input: 'weak\n' });
    expect(weak.exitCode).toBe(2);
    expect(String(weak.stderr)).toMatch(/at least 12/);
  }, 60_000);

  it('unlock ends a lock-out made by failed logins, for the right password and the same address', async () => {
    const set = await runCli(['admin', 'set-password', '--db', test.address], {
      input: 'the right password 1\n',
    });
    expect(set.exitCode).toBe(0);
    const config = { NODE_ENV: 'test', ADMIN_USERNAME: 'admin', ADMIN_PASSWORD_HASH: undefined } as const;
    const attempt = async (password: string) =>
      (await attemptLogin(test.store, config, { username: 'admin', password, ip: '203.0.113.7' })).outcome;
    for (let i = 0; i < LOGIN_THROTTLE.maxEvents; i++) expect(await attempt('wrong guess')).toBe('invalid');
    // Locked out: even the right password is refused.
    expect(await attempt('the right password 1')).toBe('throttled');

    const unlocked = await runCli(['admin', 'unlock', '--db', test.address, '--json']);
    expect(unlocked.exitCode).toBe(0);
    expect(JSON.parse(String(unlocked.stdout))).toEqual({
      unlocked: true,
      failedLoginsCleared: LOGIN_THROTTLE.maxEvents,
    });
    expect(await recentLoginFailureTimes(test.store, 'ip', '203.0.113.7', 0, 10)).toEqual([]);
    expect(await attempt('the right password 1')).toBe('success');

    const again = await runCli(['admin', 'unlock', '--db', test.address]);
    expect(again.exitCode).toBe(0);
    expect(String(again.stderr)).toMatch(/Login unlocked \(0 failed attempts forgotten\)/);
  }, 60_000);
});

describe('directory admin on an unreachable PostgreSQL server', () => {
  it('says so in words, with the password hidden', async () => {
    const down = await runCli(['admin', 'unlock', '--db', 'postgres://someone:pw@127.0.0.1:1/none']);
    expect(down.exitCode).toBe(1);
    expect(String(down.stderr)).toContain(
      'Cannot reach the PostgreSQL database postgres://someone:***@127.0.0.1:1/none',
    );
    expect(String(down.stderr)).not.toContain(':pw@');
    expect(String(down.stderr)).not.toMatch(/\n\s+at /);
  });
});
