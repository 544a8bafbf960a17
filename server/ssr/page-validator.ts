// The validator of server-rendered pages (docs/decisions/0024): a page is sent with
// `Cache-Control: no-cache` and a weak ETag naming everything it is built from, so a browser asks on
// every load and gets a body-less 304 while nothing changed, and the new page as soon as anything did
// (an admin edit, a delete, an import: each bumps the data version).
//
// The tag is known before rendering (no body hash), so a matching request is answered without
// rendering, and a streamed page that is never stored gets the same tag as a stored one. It must be
// weak (W/): one tag covers the gzip, brotli and plain bodies, and a streamed page's body differs
// from the next one's by its CSP nonce — equivalent, not byte-identical (RFC 9110 §8.8.1, §8.8.3).
import { hash } from 'node:crypto';
import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { SiteConfig } from '../../ui/site-config.ts';
import { opaqueTag } from '../http/etag.ts';
import { FROM_SOURCE, INSTALL_ROOT } from '../runtime/entry-points.ts';
import type { ClientAssets } from './client-assets.ts';

export const PAGE_CACHE_CONTROL = 'no-cache';

/** Pages render the open-now badge from the clock. Opening and closing times are, in practice, on
 *  quarter hours, and every time-zone offset is a multiple of 15 minutes: a page's tag changes with
 *  the quarter hour, so a 304 never confirms a badge older than that (the browser recomputes it after
 *  hydration anyway). */
export const CLOCK_WINDOW_MS = 15 * 60_000;

const ROOT = INSTALL_ROOT;
/** What the server renders pages with: from the sources, the route table and components (ui/), the
 *  server and its domain rules (server/), the queries (db/); from a build, the bundle made of them
 *  (dist/server/). And the dependencies' exact versions. */
const SOURCE_DIRS = FROM_SOURCE ? ['ui', 'server', 'db'] : ['dist/server'];
const LOCK_FILE = 'package-lock.json';

export interface PageValidator {
  /** The tag of a 200 answer. */
  etag: string;
  /** Whether an If-None-Match header names the 200 tag (weak comparison, RFC 9110 §13.1.2). `*` is
   *  not taken as a match: whether the page exists is known only once it is rendered. */
  confirmedBy(ifNoneMatch: string | undefined): boolean;
  /** The tag for an answer of this status: a 404 page's differs from the 200's, so a request that
   *  holds a stored 404 never matches before rendering (a 404 is always sent whole: RFC 9110 §13.2.1). */
  etagFor(status: number): string;
  /** When this clock window ends (epoch ms): a stored answer must not outlive its tag. */
  windowEndsAt: number;
}

export function pageValidator(dataVersion: number, pagesKey: string, now: number): PageValidator {
  const window = Math.floor(now / CLOCK_WINDOW_MS);
  const opaque = `${dataVersion}-${window.toString(36)}-${pagesKey}`;
  const etag = `W/"${opaque}"`;
  return {
    etag,
    confirmedBy: (header) =>
      header?.split(',').some((tag) => opaqueTag(tag.trim()) === `"${opaque}"`) === true,
    etagFor: (status) => (status >= 200 && status < 300 ? etag : `W/"${opaque}-${status}"`),
    windowEndsAt: (window + 1) * CLOCK_WINDOW_MS,
  };
}

/** Everything but the data and the clock that a page is built from: the code (sourceVersion), the
 *  built client files the page links (hashed names), the site's configuration, the environment. */
export function pagesKey(parts: {
  site: SiteConfig;
  assets: ClientAssets | undefined;
  production: boolean;
  source?: string;
}): string {
  const described = JSON.stringify([
    parts.source ?? sourceVersion(),
    parts.assets ?? null,
    parts.site,
    parts.production,
  ]);
  return hash('sha1', described, 'base64url').slice(0, 12);
}

let memo: string | undefined;

/** A hash of the code that renders pages (~380 files, 1.4 MB: ~10 ms once per process). Deployed
 *  code changes without a client rebuild (a ranking rule, a loader) still change every tag; the same
 *  code gives the same tag in every server process. */
export function sourceVersion(): string {
  if (memo !== undefined) return memo;
  const digest = [];
  for (const dir of SOURCE_DIRS)
    for (const file of listFiles(join(ROOT, dir))) digest.push(relative(ROOT, file), fileHash(file));
  digest.push(LOCK_FILE, fileHash(join(ROOT, LOCK_FILE)));
  memo = hash('sha1', digest.join('\n'), 'base64url');
  return memo;
}

function listFiles(dir: string): string[] {
  const files: string[] = [];
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return files; // removed while being read
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listFiles(path));
    // Tests render nothing in production, nor do a build's source maps (two thirds of its bytes, read
    // at every start): leaving them out keeps their edits from re-sending pages.
    else if (entry.isFile() && !/\.test\.tsx?$|\.map$/.test(entry.name)) files.push(path);
  }
  return files;
}

function fileHash(path: string): string {
  try {
    return hash('sha1', readFileSync(path), 'base64url');
  } catch {
    return 'missing';
  }
}
