// directory stats: the site's statistics object, from a SQLite file or PostgreSQL.
import type { Command } from 'commander';
import { withStore } from '../database.ts';
import { type CommonOptions, formatCount, printJson } from '../output.ts';

export function registerStats(program: Command): Command {
  return program
    .command('stats')
    .description('print the statistics: businesses, verified, categories, cities, reviews')
    .action(async (options: CommonOptions) => {
      const { readStatistics } = await import('../../server/domain/statistics.ts');
      await withStore(options, async (store) => {
        const stats = await readStatistics(store);
        if (options.json) return printJson(stats);
        const rows: [string, number][] = [
          ['Businesses', stats.totalBusinesses],
          ['Verified', stats.verifiedBusinesses],
          ['Categories', stats.categories],
          ['Cities', stats.totalCities],
          ['Reviews', stats.totalReviews],
        ];
        for (const [label, value] of rows) process.stdout.write(`${label.padEnd(12)}${formatCount(value)}\n`);
      });
    });
}
