// The CLI's rough edges, through the real command: --version, --json usage errors, missing files in
// words, NO_COLOR, --port bounds, and a terminal that reports 0 columns (the spinner once printed
// 517 MB in 11 minutes there).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mapsRow, writeWorkbook } from '../server/domain/import/testing/workbook.ts';
import { CLI_COMMAND, runCli } from './testing/run-cli.ts';

let dir: string;
let db: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'directory-cli-edges-'));
  db = join(dir, 'directory.db');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const json = (stdout: unknown) => JSON.parse(String(stdout));
const SGR = /\u001b\[[0-9;]*m/;

/** Runs the CLI in a pseudo-terminal (util-linux `script`) of the given width; the output is capped
 *  and the run killed after `timeoutMs`, so a loop fails the test instead of filling the disk. */
async function runInTerminal(args: string[], options: { columns: number; env?: Record<string, string> }) {
  const quoted = [...CLI_COMMAND, ...args].map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(' ');
  const result = await execa(
    'script',
    ['-qec', `stty cols ${options.columns} rows 24; node ${quoted}`, '/dev/null'],
    {
      reject: false,
      timeout: 60_000,
      maxBuffer: 1024 * 1024,
      env: { LOG_LEVEL: 'silent', TERM: 'xterm-256color', ...options.env },
      extendEnv: false,
    },
  );
  return { exitCode: result.exitCode, output: String(result.stdout), timedOut: result.timedOut, result };
}

describe('directory --version', () => {
  it('prints the package version', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    const result = await runCli(['--version']);
    expect(result.exitCode).toBe(0);
    expect(String(result.stdout).trim()).toBe(version);
  });
});

describe('usage errors with --json', () => {
  it('answer {"error": {"code": "usage", …}} on stdout and exit 2', async () => {
    const cases: [string[], RegExp][] = [
      [['stats', '--bogus', '--json'], /unknown option '--bogus'/],
      [['import', '--json', '--db', db], /missing required argument 'files'/],
      [['seed', '--count', 'many', '--json', '--db', db], /--count takes a whole number/],
      [['restore', join(dir, 'x.db'), '--json', '--db', db], /needs --yes/],
    ];
    for (const [args, message] of cases) {
      const result = await runCli(args);
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(json(result.stdout), args.join(' ')).toEqual({
        error: { code: 'usage', message: expect.stringMatching(message) },
      });
    }
  }, 60_000);
});

describe('a missing file', () => {
  it('is named in words, never ENOENT, for import, synonyms import, restore, backup and export', async () => {
    const nope = join(dir, 'nope.xlsx');
    const imported = await runCli(['import', nope, '--db', db]);
    expect(imported.exitCode).toBe(1);
    expect(String(imported.stderr)).toContain(`No such file: ${nope}`);
    const importedJson = await runCli(['import', nope, '--db', db, '--json']);
    expect(json(importedJson.stdout)).toEqual([
      { file: nope, ok: false, error: { code: 'not_found', message: `No such file: ${nope}` } },
    ]);

    const checks: [string[], string][] = [
      [['synonyms', 'import', join(dir, 'nope.txt'), '--db', db], `No such file: ${join(dir, 'nope.txt')}`],
      [['restore', join(dir, 'nope.db'), '--yes', '--db', db], `No such file: ${join(dir, 'nope.db')}`],
      [['backup', '--db', join(dir, 'absent.db')], `No such file: ${join(dir, 'absent.db')}`],
      [
        ['backup', '--db', db, '--out', join(dir, 'no', 'such', 'b.db')],
        `No such folder: ${join(dir, 'no', 'such')}`,
      ],
      [['export', '--db', db, '--out', join(dir, 'no', 'x.xlsx')], `No such folder: ${join(dir, 'no')}`],
    ];
    for (const [args, message] of checks) {
      const result = await runCli(args);
      expect(result.exitCode, args.join(' ')).toBe(1);
      expect(String(result.stderr), args.join(' ')).toContain(message);
      expect(String(result.stdout) + String(result.stderr)).not.toMatch(/ENOENT/);
    }
  }, 60_000);
});

describe('directory serve --port', () => {
  it('is a usage error outside 1…65535 or when not a whole number', async () => {
    for (const port of ['99999', '0', '-1', '3000.5', 'http']) {
      const result = await runCli(['serve', '--db', db, '--port', port, '--json']);
      expect(result.exitCode, port).toBe(2);
      expect(json(result.stdout).error).toMatchObject({
        code: 'usage',
        message: expect.stringMatching(/--port/),
      });
    }
  }, 60_000);
});

describe('on a terminal', () => {
  it('NO_COLOR removes every colour code (and without it the same run has colours)', async () => {
    const file = writeWorkbook(join(dir, 'good.xlsx'), [mapsRow(), mapsRow({ name: '' })]);
    const plain = await runInTerminal(['import', file, '--db', db], { columns: 100, env: { NO_COLOR: '1' } });
    expect(plain.exitCode).toBe(0);
    expect(plain.output).toMatch(/Import completed/);
    expect(plain.output).not.toMatch(SGR);

    const coloured = await runInTerminal(['import', file, '--db', db], { columns: 100 });
    expect(coloured.exitCode).toBe(0);
    expect(coloured.output).toMatch(SGR);
  }, 120_000);

  it('reporting 0 columns, the progress ends and prints little', async () => {
    const file = writeWorkbook(
      join(dir, 'rows.xlsx'),
      Array.from({ length: 300 }, () => mapsRow()),
    );
    const run = await runInTerminal(['import', file, '--db', db], { columns: 0 });
    expect(run.timedOut).toBe(false);
    expect(run.exitCode).toBe(0);
    expect(run.output).toMatch(/Import completed/);
    expect(run.output.length).toBeLessThan(20_000);
  }, 120_000);
});
