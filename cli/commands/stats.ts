// directory stats: the site's statistics object.
import type { Command } from 'commander';
import { getStatistics } from '../../server/domain/statistics.ts';
import { withDatabase } from '../database.ts';
import { type CommonOptions, formatCount, printJson } from '../output.ts';

export function registerStats(program: Command): Command {
  return program
    .command('stats')
    .description('print the statistics: businesses, verified, categories, cities, reviews')
    .action(async (options: CommonOptions) => {
      await withDatabase(options, ({ sqlite }) => {
        const stats = getStatistics(sqlite);
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
