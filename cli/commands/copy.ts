// directory copy --from A --to B [--yes]: moves a whole site between databases — a SQLite file and
// a postgres:// URL either way — verified table by table before the target commits.
import type { Command } from 'commander';
import { addressOf } from '../database.ts';
import { type CommonOptions, formatCount, printJson, progressBar, say, spinner } from '../output.ts';

interface CopyOptions extends CommonOptions {
  from: string;
  to: string;
  yes?: boolean;
}

export function registerCopy(program: Command): Command {
  return program
    .command('copy')
    .description(
      'copy a whole site between databases (a SQLite file or a postgres:// URL), verified per table; --yes replaces a target that holds a site',
    )
    .requiredOption('--from <database>', 'the source: a SQLite file or a postgres:// URL')
    .requiredOption('--to <database>', 'the target: a SQLite file (created if missing) or a postgres:// URL')
    .option('--yes', 'replace what the target holds')
    .action(async (options: CopyOptions) => {
      const from = addressOf(options.from);
      const to = addressOf(options.to);
      // Loaded on use: the PostgreSQL client stays out of every other command's start (and the server's).
      const { copySite } = await import('../../server/domain/copy/copy-site.ts');
      const bar = spinner(`copying ${from.display} to ${to.display}`).start();
      try {
        const report = await copySite(from, to, {
          replace: options.yes === true,
          onProgress: ({ table, rows, of, phase }) => {
            bar.text =
              phase === 'index'
                ? 'building the target’s indexes'
                : `${phase === 'copy' ? 'copying' : 'verifying'} ${table} ${progressBar(rows, of)} ${formatCount(rows)} of ${formatCount(of)}`;
          },
        });
        const rows = report.tables.reduce((sum, table) => sum + table.rows, 0);
        bar.succeed(
          `copied ${formatCount(rows)} rows in ${report.tables.length} tables to ${to.display}, verified (${(report.ms / 1000).toFixed(1)} s)`,
        );
        if (options.json) printJson(report);
        else
          for (const table of report.tables)
            say(
              `  ${table.table.padEnd(26)} ${formatCount(table.rows).padStart(12)}  sha256 ${table.checksum.slice(0, 16)}`,
            );
      } catch (error) {
        bar.fail('copy failed; the target is as it was');
        throw error;
      }
    });
}
