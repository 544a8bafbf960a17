// directory seed: loads demo businesses made by the fixture generator, through the real importer.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import type { ImportDatabase } from '../../server/domain/import/import-spreadsheet.ts';
import { withStore } from '../database.ts';
import {
  CliError,
  type CommonOptions,
  EXIT_USAGE,
  formatCount,
  printJson,
  progressBar,
  spinner,
} from '../output.ts';
import { importDatabaseOf } from './import.ts';

export const DEMO_COUNT = 300;
export const DEMO_SEED = 1;

export async function seedBusinesses(
  database: ImportDatabase,
  count: number,
  onProgress?: (done: number, total: number) => void,
) {
  // The generator and the import's pipeline load only for the command that uses them.
  const { writeFixtureXlsx } = await import('../../fixtures/generate.ts');
  const { importSpreadsheet } = await import('../../server/domain/import/import-spreadsheet.ts');
  const dir = await mkdtemp(join(tmpdir(), 'directory-seed-'));
  try {
    const file = join(dir, `demo-${count}.xlsx`);
    await writeFixtureXlsx(file, { count, seed: DEMO_SEED, badRowRate: 0 });
    return await importSpreadsheet(database, {
      filePath: file,
      fileName: `demo-data-${count}.xlsx`,
      startedBy: 'seed',
      limits: { maxRows: Math.max(count, 1) },
      onProgress: (p) => onProgress?.(p.rowsRead, p.totalRows ?? count),
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** For `serve --demo` (the README's one-command start): demo data only into an empty database. */
/** What `serve --demo` found: the demo loaded now, or the businesses already there. */
export interface DemoSeeding {
  seeded: boolean;
  businesses: number;
}

export async function seedDemoIfEmpty(databasePath: string): Promise<DemoSeeding> {
  const { openAndPrepareDatabase } = await import('../../server/domain/open-database.ts');
  const { countBusinesses } = await import('../../server/domain/statistics.ts');
  const handle = await openAndPrepareDatabase(databasePath);
  try {
    const existing = countBusinesses(handle.sqlite);
    if (existing > 0) return { seeded: false, businesses: existing };
    await seedBusinesses(handle, DEMO_COUNT);
    return { seeded: true, businesses: countBusinesses(handle.sqlite) };
  } finally {
    await handle.close();
  }
}

export function registerSeed(program: Command): Command {
  return program
    .command('seed')
    .description(`load generated demo businesses (default ${DEMO_COUNT}) into the database`)
    .option('--count <n>', 'how many businesses', String(DEMO_COUNT))
    .action(async (options: CommonOptions & { count: string }) => {
      const count = Number(options.count);
      if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
        throw new CliError('--count takes a whole number from 1 to 1,000,000', EXIT_USAGE);
      }
      const bar = spinner(`seeding ${formatCount(count)} demo businesses`).start();
      await withStore(options, async (store) => {
        const report = await seedBusinesses(importDatabaseOf(options, store), count, (done, total) => {
          bar.text = `seeding ${progressBar(done, total)} ${formatCount(done)}/${formatCount(total)}`;
        });
        bar.succeed(report.message);
        if (options.json) printJson(report);
      });
    });
}
