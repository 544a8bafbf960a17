// directory delete-all --yes: backs the database up, then removes every business.
import type { Command } from 'commander';
import { deleteAllBusinesses } from '../../server/domain/delete-all.ts';
import { withDatabase } from '../database.ts';
import { CliError, type CommonOptions, EXIT_USAGE, printJson, say } from '../output.ts';

export function registerDeleteAll(program: Command): Command {
  return program
    .command('delete-all')
    .description('delete ALL business data (a backup copy is taken first); needs --yes')
    .option('--yes', 'confirm that every business should be deleted')
    .action(async (options: CommonOptions & { yes?: boolean }) => {
      if (!options.yes) {
        throw new CliError('delete-all removes every business and needs --yes to confirm.', EXIT_USAGE);
      }
      await withDatabase(options, (handle) => {
        const result = deleteAllBusinesses(handle, { actor: 'cli' });
        if (options.json) printJson(result);
        else say(`${result.message}\nBackup: ${result.backupPath}`);
      });
    });
}
