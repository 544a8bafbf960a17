// directory seo: (re)generates the about text, title, description and canonical URL of every business,
// on SQLite or PostgreSQL (decision 0034). One run at a time across every process on the database: a
// run that finds another under way (the panel's, or another machine's) is refused, as the panel is.
import type { Command } from 'commander';
import { loadSiteUrl } from '../../server/config.ts';
import { withStore } from '../database.ts';
import { CliError, type CommonOptions, formatCount, printJson, progressBar, spinner } from '../output.ts';

export function registerSeo(program: Command): Command {
  return program
    .command('seo')
    .description('generate search-engine text for every business (uses $SITE_URL for canonical URLs)')
    .action(async (options: CommonOptions) => {
      const { generateSeo } = await import('../../server/domain/seo/generate-seo.ts');
      const { recordSeoGeneration } = await import('../../server/domain/seo/record-seo.ts');
      const { claimSeoRun, seoRunningMessage } = await import('../../server/domain/seo/seo-run-lock.ts');
      const SITE_URL = loadSiteUrl();
      await withStore(options, async (store) => {
        const run = await claimSeoRun(store, 'cli');
        if (!run.acquired) {
          throw new CliError(
            seoRunningMessage(run.startedAt),
            undefined,
            'Try again when it has finished.',
            'seo_running',
          );
        }
        try {
          const bar = spinner('generating SEO text').start();
          const { updated } = await generateSeo(store, {
            siteUrl: SITE_URL,
            onProgress: (done, total) => {
              bar.text = `generating SEO text ${progressBar(done, total)} ${formatCount(done)}/${formatCount(total)}`;
            },
          });
          await recordSeoGeneration(store, 'cli', updated);
          const message = `SEO content generated for ${formatCount(updated)} ${updated === 1 ? 'business' : 'businesses'}`;
          bar.succeed(message);
          if (options.json) printJson({ message, updated });
        } finally {
          await run.release();
        }
      });
    });
}
