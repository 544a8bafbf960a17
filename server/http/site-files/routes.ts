// The site's files for crawlers: /robots.txt, and /sitemap.xml with every file it lists (main,
// categories, cities, businesses 1…n), served from the sitemap cache as gzip (or unpacked on the
// fly for the rare client that takes no gzip). Mount before the page renderer:
//   app.use(createSiteFilesRouter(deps));
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { type Request, type Response, Router } from 'express';
import type { Logger } from 'pino';
import type { DatabaseHandle } from '../../../db/connection.ts';
import type { Config } from '../../config.ts';
import { dataVersionSource } from '../../domain/data-version.ts';
import {
  SitemapCache,
  type SitemapSet,
  SitemapsUnavailable,
  storedFilePath,
} from '../../domain/sitemap-cache/sitemap-cache.ts';
import { parseSitemapFileName } from '../../domain/sitemap/sitemap-names.ts';
import { robotsTxt } from './robots-txt.ts';

export interface SiteFilesDeps {
  database: DatabaseHandle;
  config: Config;
  logger?: Logger;
  /** The sitemap files; by default generated next to the database (see sitemapCacheRoot). */
  sitemaps?: SitemapCache;
}

/** Crawlers re-read sitemaps on their own schedule; a shared cache may keep one for ten minutes. */
const SITEMAP_CACHE_CONTROL = 'public, max-age=600';
const ROBOTS_CACHE_CONTROL = 'public, max-age=86400';

/** Beside the database (its folder is writable, as SQLite's WAL needs), one folder per database file. */
export function sitemapCacheRoot(databasePath: string): string {
  return join(dirname(databasePath), 'sitemap-cache', basename(databasePath));
}

export function createSiteFilesRouter(deps: SiteFilesDeps): Router {
  const { database, config, logger } = deps;
  const router = Router();
  const sitemaps =
    deps.sitemaps ??
    new SitemapCache({
      root: sitemapCacheRoot(database.path),
      siteUrl: config.SITE_URL,
      readVersion: dataVersionSource(database.sqlite),
      databasePath: database.path,
      logger,
    });

  const robots = robotsTxt(config.SITE_URL);
  router.get('/robots.txt', (_req, res) => {
    // Express adds the ETag and answers a matching If-None-Match with 304.
    res.type('text/plain').set('Cache-Control', ROBOTS_CACHE_CONTROL).send(robots);
  });

  router.use(async (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || parseSitemapFileName(req.path) === null) {
      next();
      return;
    }
    const name = req.path.slice(1);
    try {
      // A folder can be retired while a request that read it waits: one more look finds the new one.
      for (let attempt = 0; attempt < 2; attempt++) {
        const set = await sitemaps.current();
        const path = storedFilePath(set, name);
        // A business file past the end (the count shrank, or a guessed name): the site's 404 page.
        if (path === undefined) return next();
        if (await sendStored(req, res, set, name, path)) return;
      }
      next();
    } catch (error) {
      if (error instanceof SitemapsUnavailable) {
        res.set('Retry-After', String(error.retryAfterSeconds));
        res.status(503).type('text/plain').send('The sitemap is being prepared; please retry shortly.');
        return;
      }
      next(error);
    }
  });
  return router;
}

/** Sends one stored file; false when it vanished before it could be opened. */
async function sendStored(
  req: Request,
  res: Response,
  set: SitemapSet,
  name: string,
  path: string,
): Promise<boolean> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch {
    return false;
  }
  const gzip = req.acceptsEncodings('gzip', 'identity') === 'gzip';
  res.set({
    'Content-Type': 'application/xml; charset=utf-8',
    'Cache-Control': SITEMAP_CACHE_CONTROL,
    'Last-Modified': set.generatedAt.toUTCString(),
    ETag: `"${set.tag}-${name}${gzip ? '-gz' : ''}"`,
    Vary: 'Accept-Encoding',
  });
  if (req.fresh) {
    res.status(304).end();
    return true;
  }
  if (gzip) res.set({ 'Content-Encoding': 'gzip', 'Content-Length': String(size) });
  if (req.method === 'HEAD') {
    res.end();
    return true;
  }
  const file = createReadStream(path);
  // The file is opened before the first byte is sent; a vanished file is then still a retry.
  const opened = await new Promise<boolean>((resolve) => {
    file.once('open', () => resolve(true));
    file.once('error', () => resolve(false));
  });
  if (!opened) {
    res.removeHeader('Content-Encoding');
    res.removeHeader('Content-Length');
    return false;
  }
  try {
    if (gzip) await pipeline(file, res);
    else await pipeline(file, createGunzip(), res);
  } catch {
    // The client went away mid-file: nothing to answer any more.
  }
  return true;
}
