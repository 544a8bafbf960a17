// directory import <files…>: imports spreadsheets one after another, with a progress bar per file.
import { basename } from 'node:path';
import type { Command } from 'commander';
import type { Store } from '../../db/store/store.ts';
import { loadConfig } from '../../server/config.ts';
import type { RowIssue } from '../../server/contract/business.ts';
import { isCheckpointing } from '../../server/domain/import/checkpoint-progress.ts';
import { ImportError } from '../../server/domain/import/import-error.ts';
import type {
  ImportDatabase,
  ImportPriority,
  ImportProgress,
  ImportReport,
} from '../../server/domain/import/import-spreadsheet.ts';
import { resolveDatabaseAddress, withStore } from '../database.ts';
import {
  CliError,
  type CommonOptions,
  EXIT_FAILURE,
  EXIT_USAGE,
  formatCount,
  formatMegabytes,
  inputFileProblem,
  printJson,
  progressBar,
  say,
  spinner,
} from '../output.ts';

interface ImportOptions extends CommonOptions {
  update?: boolean;
  dryRun?: boolean;
  strict?: boolean;
  maxRows?: string;
}

type FileOutcome =
  | { file: string; ok: true; report: ImportReport }
  | { file: string; ok: false; error: { code: string; message: string } };

const LISTED_ISSUES = 20;

export function registerImport(program: Command): Command {
  return program
    .command('import')
    .description('import Google Maps exports (.xlsx or .xls), one file after another')
    .argument('<files...>', 'spreadsheet files')
    .option('--update', 'update businesses whose place_id already exists (their slug never changes)')
    .option('--dry-run', 'read and check everything, report what would happen, write nothing')
    .option('--strict', 'exit with 1 when any row was rejected')
    .option('--max-rows <n>', 'refuse files with more data rows than this')
    .action(async (files: string[], options: ImportOptions) => {
      const maxRows = options.maxRows === undefined ? undefined : Number(options.maxRows);
      if (maxRows !== undefined && (!Number.isInteger(maxRows) || maxRows < 1)) {
        throw new CliError('--max-rows takes a whole number above 0', EXIT_USAGE);
      }
      // Read before any file, so that a bad IMPORT_PRIORITY stops the command instead of each import.
      const priority = loadConfig().IMPORT_PRIORITY;
      const outcomes = await withStore(options, async (store) => {
        const database = importDatabaseOf(options, store);
        const results: FileOutcome[] = [];
        for (const file of files) results.push(await importOne(database, file, options, maxRows, priority));
        return results;
      });
      if (options.json) printJson(outcomes);
      const refused = outcomes.some((o) => !o.ok);
      const rejectedRows = outcomes.some((o) => o.ok && o.report.stats.totalErrors > 0);
      if (refused || (options.strict && rejectedRows)) process.exitCode = EXIT_FAILURE;
    });
}

/** The database an import writes to, from the command's store: PostgreSQL's with the address the
 *  import's own process connects to. */
export function importDatabaseOf(options: CommonOptions, store: Store): ImportDatabase {
  if (store.dialect === 'sqlite') return store;
  const address = resolveDatabaseAddress(options);
  if (address.dialect !== 'postgres')
    throw new Error(`${address.display} is not the store's PostgreSQL database`);
  return { store, url: address.url };
}

async function importOne(
  database: ImportDatabase,
  file: string,
  options: ImportOptions,
  maxRows: number | undefined,
  priority: ImportPriority,
): Promise<FileOutcome> {
  const name = basename(file);
  const missing = inputFileProblem(file);
  if (missing) {
    say(`✖ ${name}: ${missing}`);
    return { file, ok: false, error: { code: 'not_found', message: missing } };
  }
  const bar = spinner(`${name}: checking`).start();
  const onProgress = (p: ImportProgress) => {
    bar.text = `${name}: ${describeProgress(p)}`;
  };
  try {
    const { importSpreadsheet } = await import('../../server/domain/import/import-spreadsheet.ts');
    const report = await importSpreadsheet(database, {
      filePath: file,
      fileName: name,
      startedBy: 'cli',
      updateExisting: options.update ?? false,
      dryRun: options.dryRun ?? false,
      limits: maxRows === undefined ? {} : { maxRows },
      priority,
      onProgress,
    });
    bar.succeed(`${name}: ${report.message}`);
    if (!options.json) printIssues(report);
    return { file, ok: true, report };
  } catch (error) {
    if (!(error instanceof ImportError)) {
      bar.fail(`${name}: ${(error as Error).message}`);
      return { file, ok: false, error: { code: 'import_failed', message: (error as Error).message } };
    }
    bar.fail(`${name}: ${error.message}`);
    return { file, ok: false, error: { code: error.code, message: error.message } };
  }
}

/** The progress line after the file's name. While reading, the sheet's row count may be unknown
 *  (totalRows null until the reader has seen the end): then only the rows read, never a bar or a
 *  percentage that could reach 100 % before the end. */
export function describeProgress(p: ImportProgress): string {
  if (p.phase === 'reading') {
    return p.totalRows
      ? `reading ${progressBar(p.rowsRead, p.totalRows)} ${formatCount(p.rowsRead)}/${formatCount(p.totalRows)} rows`
      : `reading · ${formatCount(p.rowsRead)} rows read`;
  }
  if (isCheckpointing(p) && p.checkpointBytes) {
    return `merging (${p.mergeStep}) ${progressBar(p.bytesCheckpointed ?? 0, p.checkpointBytes)} ${formatMegabytes(p.bytesCheckpointed ?? 0)}/${formatMegabytes(p.checkpointBytes)} MB`;
  }
  if (p.phase === 'merging' && p.mergeStep && p.mergeTotal) {
    return `merging (${p.mergeStep}) ${progressBar(p.rowsMerged ?? 0, p.mergeTotal)} ${formatCount(p.rowsMerged ?? 0)}/${formatCount(p.mergeTotal)} rows`;
  }
  return p.phase;
}

function printIssues(report: ImportReport): void {
  const list = (title: string, issues: RowIssue[], total: number) => {
    if (total === 0) return;
    say(`  ${title}:`);
    for (const issue of issues.slice(0, LISTED_ISSUES))
      say(`    row ${issue.row}, ${issue.column}: ${issue.message}`);
    if (total > LISTED_ISSUES)
      say(`    … and ${formatCount(total - LISTED_ISSUES)} more (use --json for all)`);
  };
  list('Rejected rows', report.errors, report.errors.length);
  list('Warnings', report.warnings, report.warnings.length);
}
