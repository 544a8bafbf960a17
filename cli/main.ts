// Builds the `directory` program from one file per command and maps every outcome to an exit
// code: 0 success, 1 failure, 2 usage error.
import { Command, CommanderError, Option } from 'commander';
import { ConfigError } from '../server/config.ts';
import { ImportError } from '../server/domain/import/import-spreadsheet.ts';
import { registerAdmin } from './commands/admin.ts';
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
import { CliError, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, say } from './output.ts';

/** Every command takes --db and --json. */
export function withCommonOptions(command: Command): Command {
  return command
    .addOption(
      new Option('--db <path>', 'SQLite database file (default: $DATABASE_PATH or ./data/directory.db)'),
    )
    .addOption(new Option('--json', 'print a machine-readable answer on stdout'));
}

export function buildProgram(): Command {
  const program = new Command('directory')
    .description('Local business directory: import, export, SEO text, sitemaps and the web server')
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
    return handleError(error);
  }
}

function handleError(error: unknown): number {
  if (error instanceof CommanderError) {
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return EXIT_OK;
    if (error.code === 'commander.help') return EXIT_OK;
    return EXIT_USAGE; // commander has already printed what was wrong
  }
  if (error instanceof CliError) {
    say(`Error: ${error.message}`);
    if (error.hint) say(error.hint);
    return error.exitCode;
  }
  if (error instanceof ImportError || error instanceof ConfigError) {
    say(`Error: ${error.message}`);
    return EXIT_FAILURE;
  }
  say(`Error: ${error instanceof Error ? error.message : String(error)}`);
  if (process.env.DEBUG && error instanceof Error && error.stack) say(error.stack);
  return EXIT_FAILURE;
}
