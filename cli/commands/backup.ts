// directory backup [--out FILE] | restore FILE --yes: copies of the database taken and put back while
// the server keeps serving it (decision 0023).
import type { Command } from 'commander';
import { loadConfig } from '../../server/config.ts';
import { resolveDatabaseAddress } from '../database.ts';
import { CliError, type CommonOptions, EXIT_USAGE, outputFileProblem, printJson, say } from '../output.ts';

export function registerBackup(program: Command): Command {
  return program
    .command('backup')
    .description(
      'copy the database while it is in use (default: data/backups/ beside it, newest $BACKUP_KEEP kept)',
    )
    .option('--out <file>', 'write the backup to this file instead (never overwrites one)')
    .action(async (options: CommonOptions & { out?: string }) => {
      const { backupDatabase } = await import('../../server/domain/backup/take-backup.ts');
      const path = backedUpFile(options, 'backup');
      const { BACKUP_KEEP } = loadConfig();
      if (options.out !== undefined) {
        const problem = outputFileProblem(options.out);
        if (problem) throw new CliError(problem, undefined, undefined, 'not_found');
      }
      const result = backupDatabase(path, { out: options.out, keep: BACKUP_KEEP });
      if (options.json) printJson(result);
      else {
        say(`Backup written: ${result.file} (${(result.bytes / (1024 * 1024)).toFixed(1)} MB)`);
        if (result.rotatedAway.length > 0)
          say(`Older backups removed (BACKUP_KEEP=${BACKUP_KEEP}): ${result.rotatedAway.join(', ')}`);
      }
    });
}

export function registerRestore(program: Command): Command {
  return program
    .command('restore')
    .description(
      'replace the database with a backup (checked first; the replaced one is backed up); needs --yes',
    )
    .argument('<file>', 'a backup made by `directory backup` or delete-all')
    .option('--yes', 'confirm that the current data should be replaced')
    .action(async (file: string, options: CommonOptions & { yes?: boolean }) => {
      const { restoreDatabase } = await import('../../server/domain/backup/restore-database.ts');
      if (!options.yes) {
        throw new CliError(
          'restore replaces every business and setting with the backup and needs --yes to confirm.',
          EXIT_USAGE,
        );
      }
      const path = backedUpFile(options, 'restore');
      const { BACKUP_KEEP } = loadConfig();
      const result = await restoreDatabase(path, file, { keep: BACKUP_KEEP });
      if (options.json) printJson(result);
      else {
        say(`Restored from ${result.restoredFrom}.`);
        if (result.migrated.length > 0)
          say(`It came from an older version; applied: ${result.migrated.join(', ')}.`);
        if (result.replacedBackup) say(`The data it replaced was backed up to ${result.replacedBackup}.`);
      }
    });
}

/** The SQLite file backed up or restored. PostgreSQL has its own tools for this, better than a copy
 *  of a file could be: say which. */
function backedUpFile(options: CommonOptions, command: 'backup' | 'restore'): string {
  const address = resolveDatabaseAddress(options);
  if (address.dialect === 'sqlite') return address.path;
  throw new CliError(
    `directory ${command} copies a SQLite file; ${address.display} is PostgreSQL, which has its own tools.`,
    undefined,
    command === 'backup'
      ? "Use pg_dump --format=custom (and your host's point-in-time recovery); see docs/operations.md."
      : "Use pg_restore --clean into the database, or your host's point-in-time recovery; see docs/operations.md.",
    'postgres_own_tools',
  );
}
