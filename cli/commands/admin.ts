// directory admin hash-password | set-password | unlock: the administrator's credentials.
//   hash-password  prints a hash for ADMIN_PASSWORD_HASH (nothing is stored);
//   set-password   stores the hash in the database, where it wins over the environment, and ends
//                  every session issued before;
//   unlock         forgets the failed logins, which ends a lock-out at once instead of after the
//                  15 minutes of the throttle.
// The password is read from stdin: typed without echo (and asked twice) on a terminal, otherwise the
// whole input with its final newline removed — never from an argument, which `ps` and shell history see.
// set-password and unlock work on a SQLite file or a PostgreSQL database alike (--db, DATABASE_URL).
import type { Command } from 'commander';
import { loadConfig } from '../../server/config.ts';
import {
  effectiveAdminCredentials,
  PasswordRejectedError,
  passwordProblem,
  setAdminPassword,
} from '../../server/domain/admin/credentials.ts';
import { withStore } from '../database.ts';
import { CliError, type CommonOptions, EXIT_USAGE } from '../output.ts';

/** The streams a command talks through; tests pass their own. */
export interface AdminIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

const processIo: AdminIo = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };

/** Far more than any password; stops `cat bigfile |` from filling memory. */
const MAX_STDIN_BYTES = 64 * 1024;
const EXIT_INTERRUPTED = 130;

interface PasswordOptions extends CommonOptions {
  passwordStdin?: boolean;
  username?: string;
}

export function registerAdmin(program: Command, io: AdminIo = processIo): Command {
  const admin = program.command('admin').description('manage the administrator login');

  admin
    .command('hash-password')
    .description('print a password hash for ADMIN_PASSWORD_HASH (reads the password from stdin)')
    .option('--password-stdin', 'read the password from stdin even on a terminal')
    .action(async (_options: PasswordOptions, command: Command) => {
      const { hashPassword } = await import('../../server/domain/admin/password-hash.ts');
      const options = command.optsWithGlobals<PasswordOptions>();
      const password = await readNewPassword(io, options.passwordStdin === true);
      const hash = await hashPassword(password);
      if (options.json) io.stdout.write(`${JSON.stringify({ hash })}\n`);
      else {
        io.stdout.write(`${hash}\n`);
        io.stderr.write(
          "Set it as ADMIN_PASSWORD_HASH='…' — single quotes keep the shell away from the $ signs.\n",
        );
      }
    });

  admin
    .command('set-password')
    .description('store the admin password in the database and end every existing session')
    .option(
      '--username <name>',
      'administrator username (default: the current one, else $ADMIN_USERNAME or admin)',
    )
    .option('--password-stdin', 'read the password from stdin even on a terminal')
    .action(async (_options: PasswordOptions, command: Command) => {
      const options = command.optsWithGlobals<PasswordOptions>();
      if (options.username !== undefined && !/^[^\p{Cc}\s]{1,100}$/u.test(options.username)) {
        throw new CliError('The username must be 1 to 100 characters without spaces.', EXIT_USAGE);
      }
      const password = await readNewPassword(io, options.passwordStdin === true);
      const result = await withStore(options, async (store) => {
        const config = loadConfig();
        const username =
          options.username ??
          (await effectiveAdminCredentials(store, config))?.username ??
          config.ADMIN_USERNAME;
        try {
          return await setAdminPassword(store, { username, password });
        } catch (error) {
          if (error instanceof PasswordRejectedError) throw new CliError(error.message, EXIT_USAGE);
          throw error;
        }
      });
      if (options.json) {
        io.stdout.write(
          `${JSON.stringify({ username: result.username, passwordSet: true, sessionsEnded: true })}\n`,
        );
      } else {
        io.stderr.write(`Password set for ${result.username}. Every earlier admin session has ended.\n`);
      }
    });

  admin
    .command('unlock')
    .description('end a login lock-out now (forgets every failed login)')
    .action(async (_options: CommonOptions, command: Command) => {
      const { unlockLogins } = await import('../../server/domain/admin/login.ts');
      const options = command.optsWithGlobals<CommonOptions>();
      const cleared = await withStore(options, (store) => unlockLogins(store));
      if (options.json)
        io.stdout.write(`${JSON.stringify({ unlocked: true, failedLoginsCleared: cleared })}\n`);
      else
        io.stderr.write(`Login unlocked (${cleared} failed attempt${cleared === 1 ? '' : 's'} forgotten).\n`);
    });

  return admin;
}

async function readNewPassword(io: AdminIo, forceStdin: boolean): Promise<string> {
  if (io.stdin.isTTY && !forceStdin && io.stdin.setRawMode) {
    const password = await promptHidden(io, 'New admin password: ');
    const problem = passwordProblem(password);
    if (problem) throw new CliError(problem, EXIT_USAGE);
    if ((await promptHidden(io, 'Repeat it: ')) !== password) {
      throw new CliError('The two passwords differ.', EXIT_USAGE);
    }
    return password;
  }
  const password = (await readAll(io.stdin)).replace(/\r?\n$/, '');
  const problem = passwordProblem(password);
  if (problem) {
    throw new CliError(
      problem,
      EXIT_USAGE,
      'Give the password on stdin, e.g. printf \'%s\' "$PASSWORD" | directory admin …',
    );
  }
  return password;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > MAX_STDIN_BYTES)
      throw new CliError('The input on stdin is too long for a password.', EXIT_USAGE);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads one line from a terminal in raw mode, so nothing typed is echoed. */
function promptHidden(io: AdminIo, prompt: string): Promise<string> {
  const stdin = io.stdin;
  io.stderr.write(prompt);
  stdin.setRawMode?.(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause();
      io.stderr.write('\n');
    };
    const onData = (chunk: string | Buffer) => {
      for (const char of String(chunk)) {
        if (char === '\r' || char === '\n' || char === '\u0004') {
          finish();
          resolve(value);
          return;
        }
        if (char === '\u0003') {
          finish();
          reject(new CliError('Cancelled.', EXIT_INTERRUPTED));
          return;
        }
        if (char === '\u007f' || char === '\b') value = [...value].slice(0, -1).join('');
        else if (char >= ' ') value += char;
      }
    };
    stdin.on('data', onData);
  });
}
