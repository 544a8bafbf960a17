// directory synonyms import FILE [--replace] | list: the administrator's own synonym groups, in the
// format of the shipped table (server/domain/search/data/synonyms.txt: one group a line, terms
// separated by commas, # for comments). A file with any unreadable line is refused whole. On a SQLite
// file or a PostgreSQL database alike (--db, DATABASE_URL).
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { withStore } from '../database.ts';
import { CliError, type CommonOptions, printJson, requireInputFile, say } from '../output.ts';

interface ImportOptions extends CommonOptions {
  replace?: boolean;
}

export function registerSynonyms(program: Command): Command {
  const synonyms = program
    .command('synonyms')
    .description("search synonyms: the shipped table and the administrator's groups");

  synonyms
    .command('import <file>')
    .description('add the synonym groups of a file (one group a line, terms separated by commas)')
    .option('--replace', "replace the administrator's earlier groups instead of adding to them")
    .action(async (file: string, _options: ImportOptions, command: Command) => {
      const { importSynonymGroups } = await import('../../server/domain/search/admin-synonyms.ts');
      const options = command.optsWithGlobals<ImportOptions>();
      requireInputFile(file);
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        throw new CliError(`Cannot read ${file}: ${(error as Error).message}`);
      }
      await withStore(options, async (store) => {
        const report = await importSynonymGroups(store, text, { replace: options.replace === true });
        if (options.json) printJson(report);
        if (report.errors.length > 0) {
          for (const error of report.errors)
            say(error.line > 0 ? `line ${error.line}: ${error.message}` : error.message);
          throw new CliError(`${file} was not imported: fix the lines above`);
        }
        if (!options.json)
          say(
            `${report.added} synonym group${report.added === 1 ? '' : 's'} added, ${report.alreadyPresent} already present`,
          );
      });
    });

  synonyms
    .command('list')
    .description('print every synonym group with its source (shipped or admin)')
    .action(async (_options: CommonOptions, command: Command) => {
      const { listSynonymGroups } = await import('../../server/domain/search/admin-synonyms.ts');
      const options = command.optsWithGlobals<CommonOptions>();
      await withStore(options, async (store) => {
        const groups = await listSynonymGroups(store);
        if (options.json) return printJson(groups);
        for (const group of groups) process.stdout.write(`${group.source}\t${group.terms.join(', ')}\n`);
      });
    });
  return synonyms;
}
