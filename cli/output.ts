// How every command talks: data (or --json) on stdout, human messages and progress on stderr.
import ora, { type Ora } from 'ora';

export interface CommonOptions {
  db?: string;
  json?: boolean;
}

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** A failure the user can act on: printed as the message and the hint, without a stack trace. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT_FAILURE,
    readonly hint?: string,
  ) {
    super(message);
  }
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

export function say(message: string): void {
  process.stderr.write(`${message}\n`);
}

/** Progress and spinners only on an interactive terminal and without NO_COLOR; ora draws on stderr. */
export function spinner(text: string): Ora {
  const interactive = process.stderr.isTTY === true && !process.env.NO_COLOR && process.env.CI !== 'true';
  return ora({ text, stream: process.stderr, isEnabled: interactive, isSilent: false });
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
