// Writes the index and every sitemap file into a folder (the CLI's `sitemap --out DIR`, e.g. from
// cron, for a web server to serve statically). Each file is written under a temporary name and
// renamed into place, so a reader never sees half a file; business files left over from an earlier,
// larger run are removed so that the folder matches the new index.
import { createWriteStream } from 'node:fs';
import { readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import type { SitemapRows } from '../../../db/sitemap-repository.ts';
import type { Store } from '../../../db/store/store.ts';
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
  writeBusinessUrlTo,
  writeCategoryUrlsTo,
  writeCityUrlsTo,
  writeIndexTo,
  writeMainTo,
} from './sitemap-writer.ts';
import { sqliteSitemapRows } from './sqlite-sitemap-rows.ts';
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
 *  index first. SQLite reads in keyset pages outside any transaction (the file writes await I/O,
 *  which a SQLite store transaction must not); PostgreSQL reads in one REPEATABLE READ snapshot, so
 *  that the files agree with each other even while an import commits. */
export async function writeAllSitemaps(
  store: Store,
  options: SitemapOptions,
  dir: string,
): Promise<{ files: string[] }> {
  if (store.dialect === 'sqlite') return writeSitemapFilesFrom(sqliteSitemapRows(store.sqlite), options, dir);
  // Loaded on use: the PostgreSQL cursor stays out of the SQLite commands and the sitemap worker.
  const { postgresSitemapRows } = await import('../../../db/postgres-sitemap-rows.ts');
  return store.transaction(
    (snapshot) =>
      snapshot.withClient((client) => writeSitemapFilesFrom(postgresSitemapRows(client), options, dir)),
    { readOnly: true },
  );
}

/** The files from rows of either dialect. Business files are cut in one pass over the rows in id
 *  order: no OFFSET scans. */
async function writeSitemapFilesFrom(
  rows: SitemapRows,
  options: SitemapOptions,
  dir: string,
): Promise<{ files: string[] }> {
  const perFile = businessesPerSitemap(options);
  const { siteUrl } = options;
  const written: string[] = [];
  written.push(await writeFile(dir, SITEMAP_MAIN_FILE, (t) => writeMainTo(t, siteUrl)));
  const categories = await rows.categories();
  written.push(
    await writeFile(dir, SITEMAP_CATEGORIES_FILE, (t) => writeCategoryUrlsTo(t, categories, siteUrl)),
  );
  const cities = await rows.cities();
  written.push(await writeFile(dir, SITEMAP_CITIES_FILE, (t) => writeCityUrlsTo(t, cities, siteUrl)));

  let businessFiles = 0;
  const businesses = rows.businesses()[Symbol.asyncIterator]();
  try {
    // A file is opened only once its first row is in hand, so that k·N rows give k files, not k+1.
    let next = await businesses.next();
    while (!next.done) {
      businessFiles++;
      written.push(
        await writeFile(dir, businessSitemapFile(businessFiles), async (t) => {
          await t.write(URLSET_OPEN);
          for (let n = 0; n < perFile && !next.done; n++) {
            await writeBusinessUrlTo(t, siteUrl, next.value);
            next = await businesses.next();
          }
          await t.write(URLSET_CLOSE);
        }),
      );
    }
  } finally {
    // Ends the reading early when a write failed (PostgreSQL: closes the cursor).
    await businesses.return?.();
  }

  for (const entry of await readdir(dir)) {
    const match = BUSINESS_FILE.test(entry) ? Number(entry.slice('sitemap-businesses-'.length, -4)) : 0;
    if (match > businessFiles) await rm(join(dir, entry), { force: true });
  }
  // The index last: it only ever names files that are already in place.
  const index = await writeFile(dir, SITEMAP_INDEX_FILE, (t) => writeIndexTo(t, siteUrl, businessFiles));
  return { files: [index, ...written] };
}
