// Test support: one sitemap file as written from the database now, on either dialect — SQLite's
// streamed from its connection (as a request for it is answered), PostgreSQL's from the one-snapshot
// writer that its sitemap jobs run (writeAllSitemaps), into a folder of the call's own.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { Store } from '../../../../db/store/store.ts';
import { writeAllSitemaps } from '../../../domain/sitemap/sitemap-files.ts';
import type { SitemapOptions } from '../../../domain/sitemap/sitemap-names.ts';
import { writeSitemapFile } from '../../../domain/sitemap/sitemap-writer.ts';

/** The file's text; throws when there is no such file. */
export async function sitemapText(store: Store, file: string, options: SitemapOptions): Promise<string> {
  if (store.dialect === 'sqlite') {
    let text = '';
    const out = new Writable({
      write(chunk, _encoding, done) {
        text += String(chunk);
        done();
      },
    });
    if (!(await writeSitemapFile(store.sqlite, file, options, out))) throw new Error(`no sitemap ${file}`);
    return text;
  }
  const dir = mkdtempSync(join(tmpdir(), 'sitemap-text-'));
  try {
    const { files } = await writeAllSitemaps(store, options, dir);
    if (!files.includes(join(dir, file))) throw new Error(`no sitemap ${file}`);
    return readFileSync(join(dir, file), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
