// directory export: all businesses, or one country's, to an .xlsx that re-imports to the same data,
// from a SQLite file or a PostgreSQL database (--db / DATABASE_URL).
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import type { Command } from 'commander';
import { withStore } from '../database.ts';
import {
  CliError,
  type CommonOptions,
  formatCount,
  outputFileProblem,
  printJson,
  spinner,
} from '../output.ts';

export function registerExport(program: Command): Command {
  return program
    .command('export')
    .description('export businesses to .xlsx (all, or one country)')
    .option('--country <country>', 'only this country (an unknown country gives an empty file)')
    .option('--out <file>', 'output file (default: businesses_{country or all}_{date}.xlsx here)')
    .action(async (options: CommonOptions & { country?: string; out?: string }) => {
      const { exportBusinessesFrom, exportFileName } = await import(
        '../../server/domain/export/export-businesses.ts'
      );
      const { recordExport } = await import('../../server/domain/export/record-export.ts');
      const now = new Date();
      const target = options.out ?? exportFileName(options.country, now);
      // Written under a temporary name and renamed at the end: a failed export never leaves a
      // truncated file that looks finished.
      const partial = `${target}.partial`;
      const problem = outputFileProblem(target);
      if (problem) throw new CliError(problem, undefined, undefined, 'not_found');
      const bar = spinner(`exporting to ${target}`).start();
      await withStore(options, async (store) => {
        const out = createWriteStream(partial);
        try {
          const result = await exportBusinessesFrom(store, { country: options.country, now }, out);
          out.end();
          await finished(out);
          await rename(partial, target);
          await recordExport(store, {
            actor: 'cli',
            country: options.country,
            rows: result.rows,
            destination: { file: target },
          });
          bar.succeed(`Exported ${formatCount(result.rows)} businesses to ${target}`);
          if (options.json) printJson({ file: target, rows: result.rows });
        } catch (error) {
          out.destroy();
          await rm(partial, { force: true });
          bar.fail('Export failed');
          throw error;
        }
      });
    });
}
