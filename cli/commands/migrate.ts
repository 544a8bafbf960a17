// directory migrate: brings the database file to the latest schema.
import type { Command } from 'commander';
import { withDatabase } from '../database.ts';
import { type CommonOptions, printJson, say } from '../output.ts';

export function registerMigrate(program: Command): Command {
  return program
    .command('migrate')
    .description('create or upgrade the database schema')
    .action(async (options: CommonOptions) => {
      await withDatabase(options, (handle) => {
        if (options.json) printJson({ database: handle.path, migrated: true });
        else say(`Database ${handle.path} is at the latest schema.`);
      });
    });
}
