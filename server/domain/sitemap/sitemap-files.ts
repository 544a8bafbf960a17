// Writes the index and every sitemap file into a folder (the CLI's `sitemap --out DIR`, e.g. from
// cron, for a web server to serve statically). Each file is written under a temporary name and
// renamed into place, so a reader never sees half a file; business files left over from an earlier,
// larger run are removed so that the folder matches the new index.
import { createWriteStream } from 'node:fs';
import { readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import type { Sqlite } from '../../../db/connection.ts';
import { readBusinessUrlPage } from '../../../db/sitemap-repository.ts';
import {
  businessSitemapFile,
  businessesPerSitemap,
  SITEMAP_CATEGORIES_FILE,
  SITEMAP_CITIES_FILE,
  SITEMAP_INDEX_FILE,
  SITEMAP_MAIN_FILE,
  type SitemapOptions,
} from './sitemap-names.ts';
import { URLSET_CLOSE, URLSET_OPEN } from './sitemap-xml.ts';
import {
  writeBusinessEntries,
  writeCategoriesTo,
  writeCitiesTo,
  writeIndexTo,
  writeMainTo,
} from './sitemap-writer.ts';
import { TextStream } from './text-stream.ts';

const BUSINESS_FILE = /^sitemap-businesses-\d+\.xml$/;

async function writeFile(
  dir: string,
  name: string,
  fill: (text: TextStream) => Promise<void>,
): Promise<string> {
  const target = join(dir, name);
  const temporary = `${target}.${process.pid}.tmp`;
  const out = createWriteStream(temporary);
  try {
    const text = new TextStream(out);
    await fill(text);
    await text.flush();
  } catch (error) {
    out.destroy();
    await rm(temporary, { force: true });
    throw error;
  }
  out.end();
  await finished(out);
  await rename(temporary, target);
  return target;
}

/** Writes sitemap.xml and all files it lists into dir (which must exist); returns their paths,
 *  index first. Business files are cut in one keyset pass: no OFFSET scans. */
export async function writeAllSitemaps(
  sqlite: Sqlite,
  options: SitemapOptions,
  dir: string,
): Promise<{ files: string[] }> {
  const perFile = businessesPerSitemap(options);
  const { siteUrl } = options;
  const written: string[] = [];
  written.push(await writeFile(dir, SITEMAP_MAIN_FILE, (t) => writeMainTo(t, siteUrl)));
  written.push(await writeFile(dir, SITEMAP_CATEGORIES_FILE, (t) => writeCategoriesTo(t, sqlite, siteUrl)));
  written.push(await writeFile(dir, SITEMAP_CITIES_FILE, (t) => writeCitiesTo(t, sqlite, siteUrl)));

  let next: number | null = 0;
  let businessFiles = 0;
  // Peek one row before opening a file, so that a table of exactly k·N rows gives k files, not k+1.
  while (next !== null && readBusinessUrlPage(sqlite, next, 1).length > 0) {
    const from: number = next;
    businessFiles++;
    written.push(
      await writeFile(dir, businessSitemapFile(businessFiles), async (t) => {
        await t.write(URLSET_OPEN);
        next = await writeBusinessEntries(t, sqlite, siteUrl, from, perFile);
        await t.write(URLSET_CLOSE);
      }),
    );
  }

  for (const entry of await readdir(dir)) {
    const match = BUSINESS_FILE.test(entry) ? Number(entry.slice('sitemap-businesses-'.length, -4)) : 0;
    if (match > businessFiles) await rm(join(dir, entry), { force: true });
  }
  // The index last: it only ever names files that are already in place.
  const index = await writeFile(dir, SITEMAP_INDEX_FILE, (t) => writeIndexTo(t, siteUrl, businessFiles));
  return { files: [index, ...written] };
}
