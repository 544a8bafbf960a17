// directory delete-all --yes: backs the site up, then removes every business (SQLite or PostgreSQL).
import type { Command } from 'commander';
import { resolveDatabaseAddress, withStore } from '../database.ts';
import { CliError, type CommonOptions, EXIT_USAGE, printJson, say } from '../output.ts';

export function registerDeleteAll(program: Command): Command {
  return program
    .command('delete-all')
    .description('delete ALL business data (a backup copy is taken first); needs --yes')
    .option('--yes', 'confirm that every business should be deleted')
    .action(async (options: CommonOptions & { yes?: boolean }) => {
      const { deleteAllBusinesses } = await import('../../server/domain/delete-all.ts');
      if (!options.yes) {
        throw new CliError('delete-all removes every business and needs --yes to confirm.', EXIT_USAGE);
      }
      // The address as well as the store: PostgreSQL's backup is a copy made over a connection of its own.
      const address = resolveDatabaseAddress(options);
      await withStore(options, async (store) => {
        const result = await deleteAllBusinesses(store, { actor: 'cli', address });
        if (options.json) printJson(result);
        else
          say(`${result.message}\nBackup: ${result.backupPath}\nRestore it with: ${result.restoreCommand}`);
      });
    });
}
