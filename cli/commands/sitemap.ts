// directory sitemap: prints the sitemap figures; with --out writes the index and every file there.
// Runs on SQLite or PostgreSQL (decision 0034): the same data gives the same files.
import { mkdir } from 'node:fs/promises';
import type { Command } from 'commander';
import { loadSiteUrl } from '../../server/config.ts';
import { withStore } from '../database.ts';
import { type CommonOptions, formatCount, printJson, say, spinner } from '../output.ts';

export function registerSitemap(program: Command): Command {
  return program
    .command('sitemap')
    .description('print sitemap statistics; with --out, write every sitemap file to a folder')
    .option('--out <dir>', 'folder to write sitemap.xml and its files to')
    .action(async (options: CommonOptions & { out?: string }) => {
      const { writeAllSitemaps } = await import('../../server/domain/sitemap/sitemap-files.ts');
      const { getSitemapStats } = await import('../../server/domain/sitemap/sitemap-stats.ts');
      const SITE_URL = loadSiteUrl();
      await withStore(options, async (store) => {
        const stats = await getSitemapStats(store, { siteUrl: SITE_URL });
        let files: string[] = [];
        if (options.out) {
          await mkdir(options.out, { recursive: true });
          const bar = spinner(`writing sitemaps to ${options.out}`).start();
          files = (await writeAllSitemaps(store, { siteUrl: SITE_URL }, options.out)).files;
          bar.succeed(`Wrote ${files.length} sitemap files to ${options.out}`);
        }
        if (options.json) return printJson(options.out ? { ...stats, files } : stats);
        say(`Businesses:        ${formatCount(stats.totalBusinesses)}`);
        say(
          `Sitemap files:     ${stats.totalSitemaps} (${stats.sitemapUrls.businesses.length} business files + 3)`,
        );
        say(`Per business file: ${formatCount(stats.businessesPerSitemap)}`);
        process.stdout.write(`${stats.sitemapUrls.main}\n`);
      });
    });
}
