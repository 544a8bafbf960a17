// The sitemap files as the web server serves them: the sitemap module's writeAllSitemaps (the
// index and every file it lists, in one pass over the table), each file then gzipped in place.
// Run in a process of its own (the 'write-sitemaps' job): at 1,000,000 businesses this is seconds of
// database reads, XML and gzip that the thread serving pages must not do.
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Store } from '../../../db/store/store.ts';
import { writeAllSitemaps } from '../sitemap/sitemap-files.ts';
import type { SitemapOptions } from '../sitemap/sitemap-names.ts';

/** The stored form of a sitemap file: its name plus this suffix. */
export const COMPRESSED_SUFFIX = '.gz';

/** Writes every sitemap file into dir (which must exist and be empty) as name.xml.gz; returns the
 *  file names (without the suffix), index first. */
export async function writeCompressedSitemaps(
  store: Store,
  options: SitemapOptions,
  dir: string,
): Promise<{ files: string[] }> {
  const { files } = await writeAllSitemaps(store, options, dir);
  for (const path of files) {
    // The default level: sitemaps shrink about elevenfold; level 9 saves another 10 % for four times
    // the CPU (measured on a 45,000-URL file: 42 ms → 159 ms).
    await pipeline(createReadStream(path), createGzip(), createWriteStream(`${path}${COMPRESSED_SUFFIX}`));
    await rm(path);
  }
  return { files: files.map((path) => basename(path)) };
}
