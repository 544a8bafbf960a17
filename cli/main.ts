// Builds the `directory` program from one file per command and maps every outcome to an exit
// code: 0 success, 1 failure, 2 usage error.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import { DatabaseAddressError } from '../db/address.ts';
import { CopyValueError } from '../db/copy/copy-side.ts';
import { ConfigError } from '../server/config.ts';
import { BackupError } from '../server/domain/backup/backup-error.ts';
import { CopyError } from '../server/domain/copy/copy-error.ts';
import { ImportError } from '../server/domain/import/import-error.ts';
import { INSTALL_ROOT } from '../server/runtime/entry-points.ts';
import { registerAdmin } from './commands/admin.ts';
import { registerBackup, registerRestore } from './commands/backup.ts';
import { registerCopy } from './commands/copy.ts';
import { registerDeleteAll } from './commands/delete-all.ts';
import { registerExport } from './commands/export.ts';
import { registerImport } from './commands/import.ts';
import { registerMigrate } from './commands/migrate.ts';
import { registerSeed } from './commands/seed.ts';
import { registerSeo } from './commands/seo.ts';
import { registerServe } from './commands/serve.ts';
import { registerSitemap } from './commands/sitemap.ts';
import { registerStats } from './commands/stats.ts';
import { registerSynonyms } from './commands/synonyms.ts';
import { CliError, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, printJson, say } from './output.ts';

const { version } = JSON.parse(readFileSync(join(INSTALL_ROOT, 'package.json'), 'utf8')) as {
  version: string;
};

/** Every command takes --db and --json. */
export function withCommonOptions(command: Command): Command {
  return command
    .addOption(
      new Option(
        '--db <database>',
        'a SQLite file or a postgres:// URL (default: $DATABASE_URL, else $DATABASE_PATH, else ./data/directory.db)',
      ),
    )
    .addOption(new Option('--json', 'print a machine-readable answer on stdout'));
}

export function buildProgram(): Command {
  const program = new Command('directory')
    .description('Local business directory: import, export, SEO text, sitemaps and the web server')
    .version(version, '-V, --version', 'print the version')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });
  for (const register of [
    registerServe,
    registerMigrate,
    registerImport,
    registerExport,
    registerSeo,
    registerSitemap,
    registerDeleteAll,
    registerBackup,
    registerRestore,
    registerCopy,
    registerSeed,
    registerStats,
    registerAdmin,
    registerSynonyms,
  ]) {
    const command = register(program);
    withCommonOptions(command).exitOverride();
  }
  return program;
}

export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT_OK;
  } catch (error) {
    // Parsing may have stopped before --json was read: the raw arguments say whether it was given.
    return handleError(error, argv.includes('--json'));
  }
}

function handleError(error: unknown, json: boolean): number {
  const failure = describeFailure(error);
  if (failure === null) return EXIT_OK;
  if (json) printJson({ error: { code: failure.code, message: failure.message } });
  // Commander has already printed its own message on stderr.
  if (!(error instanceof CommanderError)) {
    say(`Error: ${failure.message}`);
    if (failure.hint) say(failure.hint);
    if (failure.stack && process.env.DEBUG) say(failure.stack);
  }
  return failure.exitCode;
}

interface Failure {
  code: string;
  message: string;
  exitCode: number;
  hint?: string;
  stack?: string;
}

/** What went wrong, in words and a code; null for help and --version, which are not failures. */
function describeFailure(error: unknown): Failure | null {
  if (error instanceof CommanderError) {
    if (['commander.helpDisplayed', 'commander.version', 'commander.help'].includes(error.code)) return null;
    return { code: 'usage', message: error.message.replace(/^error: /, ''), exitCode: EXIT_USAGE };
  }
  if (error instanceof CliError) {
    return { code: error.code, message: error.message, exitCode: error.exitCode, hint: error.hint };
  }
  if (
    error instanceof CopyError ||
    error instanceof CopyValueError ||
    error instanceof DatabaseAddressError
  ) {
    return { code: error.code, message: error.message, exitCode: EXIT_FAILURE };
  }
  if (error instanceof ImportError || error instanceof BackupError) {
    return { code: error.code, message: error.message, exitCode: EXIT_FAILURE };
  }
  if (error instanceof ConfigError) return { code: 'config', message: error.message, exitCode: EXIT_FAILURE };
  const errno = error as NodeJS.ErrnoException;
  if (errno?.code === 'ENOENT' && errno.path) {
    return { code: 'not_found', message: `No such file: ${errno.path}`, exitCode: EXIT_FAILURE };
  }
  return {
    code: 'failed',
    message: error instanceof Error ? error.message : String(error),
    exitCode: EXIT_FAILURE,
    stack: error instanceof Error ? error.stack : undefined,
  };
}
