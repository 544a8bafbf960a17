// Express handler for every non-API GET: renders the route's page with React streaming SSR.
// Anonymous public pages are stored in the answer cache (compressed, keyed on the URL and the data
// version) and from then on answered before Express; admin screens and forms never are.
import { Writable } from 'node:stream';
import { createGzip, constants as zlibConstants } from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { Sqlite } from '../../db/connection.ts';
import { readDataVersion } from '../../db/stats-repository.ts';
import type { SiteConfig } from '../../ui/site-config.ts';
import type { HotCache } from '../http/hot-cache/hot-cache.ts';
import { type ClientAssets, NO_ASSETS } from './client-assets.ts';
import { createNonce, pageContentSecurityPolicy } from './content-security-policy.ts';
import { isCrawler } from './crawler.ts';
import { serverErrorPage } from './server-error-page.ts';
import { createServerApi, slugForId } from './server-api.ts';

/** Browsers and shared caches may keep a public page this long; the open-now badges are recomputed in
 *  the browser after hydration, so a minute-old page shows the right state. */
const PUBLIC_PAGE_CACHE_CONTROL = 'public, max-age=60';

/** Set by a route that handles a form post (as res.locals[PAGE_RENDER_LOCAL]) before it calls next():
 *  the page is rendered for that POST with this status and these queries in its cache, never cached. */
export const PAGE_RENDER_LOCAL = 'pageRender';
export interface PageRenderOverride {
  status: number;
  initialQueries: ReadonlyArray<{ queryKey: readonly unknown[]; data: unknown }>;
}

export interface PageHandlerDeps {
  sqlite: Sqlite;
  site: SiteConfig;
  logger: Logger;
  hotCache?: HotCache;
  /** Built client files; undefined while not built (pages render without scripts). */
  assets: () => ClientAssets | undefined;
  production: boolean;
  renderTimeoutMs: number;
  /** The server entry; development loads it through Vite so edits apply without a restart. */
  loadEntry: () => Promise<typeof import('../../ui/entry-server.tsx')>;
}

export function createPageHandler(deps: PageHandlerDeps) {
  const api = createServerApi(deps.sqlite);
  const lookupSlug = (id: number) => slugForId(deps.sqlite, id);

  return async function pageHandler(req: Request, res: Response, next: NextFunction): Promise<void> {
    const override = res.locals[PAGE_RENDER_LOCAL] as PageRenderOverride | undefined;
    if (req.method !== 'GET' && req.method !== 'HEAD' && override === undefined) return next();
    const version = readDataVersion(deps.sqlite);
    const url = new URL(req.originalUrl, deps.site.siteUrl);
    const cacheWanted = deps.hotCache?.enabled === true && override === undefined;
    // A page bound for the cache is rendered without a nonce (see content-security-policy.ts).
    const nonce = cacheWanted ? undefined : createNonce();
    const assets = deps.assets() ?? NO_ASSETS;
    let outcome: Awaited<ReturnType<Awaited<ReturnType<PageHandlerDeps['loadEntry']>>['renderPage']>>;
    try {
      const { renderPage } = await deps.loadEntry();
      outcome = await renderPage({
        url,
        api,
        site: deps.site,
        assets,
        nonce,
        waitForAll: cacheWanted || isCrawler(req.get('user-agent')),
        slugForId: lookupSlug,
        timeoutMs: deps.renderTimeoutMs,
        status: override?.status,
        initialQueries: override?.initialQueries,
      });
    } catch (error) {
      req.log?.error({ err: error }, 'page render failed');
      sendServerError(res);
      return;
    }

    if (outcome.kind === 'redirect') {
      res.set('Cache-Control', PUBLIC_PAGE_CACHE_CONTROL).redirect(outcome.status, outcome.location);
      return;
    }

    const cacheable =
      cacheWanted && outcome.cacheable() && (outcome.status === 200 || outcome.status === 404);
    const csp = pageContentSecurityPolicy(nonce, {
      production: deps.production,
      https: deps.site.siteUrl.startsWith('https:'),
    });
    const cacheControl = outcome.cacheable() ? PUBLIC_PAGE_CACHE_CONTROL : 'no-store';

    if (cacheable && deps.hotCache) {
      const chunks: Buffer[] = [];
      const sink = new Writable({
        write(chunk, _encoding, done) {
          chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
          done();
        },
      });
      sink.on('finish', () => {
        const answer = {
          status: outcome.status,
          contentType: 'text/html; charset=utf-8',
          headers: { 'Cache-Control': cacheControl, 'Content-Security-Policy': csp },
          body: Buffer.concat(chunks),
        };
        // A render that hit an error after its shell is sent but never kept.
        if (outcome.cacheable()) deps.hotCache?.store(keyOf(req), version, answer);
        deps.hotCache?.send(req, res, keyOf(req), version, answer);
      });
      outcome.pipe(sink);
      return;
    }

    res.status(outcome.status);
    res.set({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': cacheControl,
      'Content-Security-Policy': csp,
      Vary: 'Accept-Encoding',
    });
    if (/\bgzip\b/.test(req.get('accept-encoding') ?? '')) {
      res.set('Content-Encoding', 'gzip');
      // Flush after each chunk React writes, so the shell reaches the browser at once.
      const gzip = createGzip({ level: 6, flush: zlibConstants.Z_SYNC_FLUSH });
      gzip.pipe(res);
      outcome.pipe(gzip);
    } else {
      outcome.pipe(res);
    }
  };
}

function keyOf(req: Request): string {
  return req.originalUrl;
}

function sendServerError(res: Response): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(500).set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.send(serverErrorPage());
}
