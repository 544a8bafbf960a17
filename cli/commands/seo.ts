// directory seo: (re)generates the about text, title, description and canonical URL of every business.
import type { Command } from 'commander';
import { loadSiteUrl } from '../../server/config.ts';
import { generateSeo } from '../../server/domain/seo/generate-seo.ts';
import { recordSeoGeneration } from '../../server/domain/seo/record-seo.ts';
import { withDatabase } from '../database.ts';
import { type CommonOptions, formatCount, printJson, progressBar, spinner } from '../output.ts';

export function registerSeo(program: Command): Command {
  return program
    .command('seo')
    .description('generate search-engine text for every business (uses $SITE_URL for canonical URLs)')
    .action(async (options: CommonOptions) => {
      const SITE_URL = loadSiteUrl();
      const bar = spinner('generating SEO text').start();
      await withDatabase(options, ({ sqlite }) => {
        const { updated } = generateSeo(sqlite, {
          siteUrl: SITE_URL,
          onProgress: (done, total) => {
            bar.text = `generating SEO text ${progressBar(done, total)} ${formatCount(done)}/${formatCount(total)}`;
          },
        });
        recordSeoGeneration(sqlite, 'cli', updated);
        const message = `SEO content generated for ${formatCount(updated)} ${updated === 1 ? 'business' : 'businesses'}`;
        bar.succeed(message);
        if (options.json) printJson({ message, updated });
      });
    });
}
