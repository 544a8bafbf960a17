// directory migrate: brings the database — a SQLite file or a PostgreSQL database — to the latest schema.
import type { Command } from 'commander';
import { resolveDatabaseAddress } from '../database.ts';
import { type CommonOptions, printJson, say } from '../output.ts';

export function registerMigrate(program: Command): Command {
  return program
    .command('migrate')
    .description('create or upgrade the database schema (a SQLite file or a postgres:// URL)')
    .action(async (options: CommonOptions) => {
      const { migrateDatabase } = await import('../../server/domain/open-database.ts');
      const { database, applied } = await migrateDatabase(resolveDatabaseAddress(options));
      if (options.json) {
        printJson({ database, migrated: true, ...(applied.length > 0 ? { applied } : {}) });
      } else {
        const list = applied.length > 0 ? ` (applied: ${applied.join(', ')})` : '';
        say(`Database ${database} is at the latest schema${list}.`);
      }
    });
}
