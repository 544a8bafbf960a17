// How every command talks: data (or --json) on stdout, human messages and progress on stderr.
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ora, { type Ora } from 'ora';

export interface CommonOptions {
  db?: string;
  json?: boolean;
}

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** A failure the user can act on: printed as the message and the hint, without a stack trace (with
 *  --json, as {"error": {code, message}} on stdout). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT_FAILURE,
    readonly hint?: string,
    readonly code: string = exitCode === EXIT_USAGE ? 'usage' : 'failed',
  ) {
    super(message);
  }
}

/** Why a file argument cannot be read, in words ("No such file: …"), or null when it can. */
export function inputFileProblem(path: string): string | null {
  if (!existsSync(path)) return `No such file: ${path}`;
  if (statSync(path).isDirectory()) return `${path} is a folder, not a file`;
  return null;
}

/** Why a file cannot be written at `path` (its folder is missing), or null. */
export function outputFileProblem(path: string): string | null {
  const folder = dirname(resolve(path));
  if (!existsSync(folder)) return `No such folder: ${folder}`;
  if (!statSync(folder).isDirectory()) return `${folder} is not a folder`;
  return null;
}

export function requireInputFile(path: string): void {
  const problem = inputFileProblem(path);
  if (problem) throw new CliError(problem, EXIT_FAILURE, undefined, 'not_found');
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

export function say(message: string): void {
  process.stderr.write(`${message}\n`);
}

/** NO_COLOR (any non-empty value, no-color.org) turns every colour off. */
export function colorsAllowed(): boolean {
  return !process.env.NO_COLOR;
}

/** A line of progress that ends in a success or failure line. */
export interface Progress {
  text: string;
  start(): Progress;
  succeed(text: string): void;
  fail(text: string): void;
}

/** The stream ora draws on: stderr, except that a width of 0 (some terminals and pseudo-terminals
 *  report it) reads as 80. ora divides by the width to count the lines to clear; with 0 it counted
 *  Infinity and its clearing loop wrote escape codes forever (517 MB in 11 minutes). */
const stderrForOra = {
  get isTTY() {
    return process.stderr.isTTY === true;
  },
  get columns() {
    const columns = process.stderr.columns;
    return Number.isFinite(columns) && columns > 0 ? columns : 80;
  },
  write: (chunk: string) => process.stderr.write(chunk),
  cursorTo: (x: number, y?: number) => process.stderr.cursorTo(x, y),
  moveCursor: (dx: number, dy: number) => process.stderr.moveCursor(dx, dy),
  clearLine: (dir: -1 | 0 | 1) => process.stderr.clearLine(dir),
} as unknown as NodeJS.WriteStream;

/** Spinners only on an interactive terminal of a known width, without NO_COLOR and outside CI;
 *  elsewhere the start and the outcome are plain lines and the updates are left out. */
export function spinner(text: string): Progress {
  const stderr = process.stderr;
  const interactive =
    stderr.isTTY === true && (stderr.columns ?? 0) > 0 && colorsAllowed() && process.env.CI !== 'true';
  if (!interactive) return plainProgress(text);
  const ora_: Ora = ora({ text, stream: stderrForOra, isEnabled: true });
  const progress: Progress = {
    get text() {
      return ora_.text;
    },
    set text(value: string) {
      ora_.text = value;
    },
    start() {
      ora_.start();
      return progress;
    },
    succeed: (line) => void ora_.succeed(line),
    fail: (line) => void ora_.fail(line),
  };
  return progress;
}

function plainProgress(initial: string): Progress {
  const progress: Progress = {
    text: initial,
    start() {
      say(`- ${progress.text}`);
      return progress;
    },
    succeed: (line) => say(`✔ ${line}`),
    fail: (line) => say(`✖ ${line}`),
  };
  return progress;
}

export function progressBar(done: number, total: number, width = 24): string {
  const ratio = total > 0 ? Math.min(1, done / total) : 0;
  const filled = Math.round(ratio * width);
  return `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${Math.floor(ratio * 100)}%`;
}

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** Bytes in the panel's megabytes (1,048,576 bytes), rounded to whole ones for progress lines. */
export function formatMegabytes(bytes: number): string {
  return Math.round(bytes / (1024 * 1024)).toLocaleString('en-US');
}
