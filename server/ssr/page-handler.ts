// Express handler for every non-API GET: renders the route's page with React streaming SSR.
// Anonymous public pages are stored in the answer cache (compressed, keyed on the URL and the data
// version) and from then on answered before Express; admin screens and forms never are.
// Public pages carry `no-cache` and a weak ETag known before rendering (page-validator.ts): a
// browser's revalidation is answered 304 here without rendering, or by the answer cache.
import { Writable } from 'node:stream';
import { createGzip, constants as zlibConstants } from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { Store } from '../../db/store/store.ts';
import { DEFAULT_MAP_CONFIG, type SiteConfig } from '../../ui/site-config.ts';
import { type ClientAssets, NO_ASSETS } from './client-assets.ts';
import { createNonce, pageContentSecurityPolicy } from './content-security-policy.ts';
import { isCrawler } from './crawler.ts';
import type { PageCache } from './page-cache.ts';
import { pageCacheKey } from './page-cache-key.ts';
import { PAGE_CACHE_CONTROL, pagesKey, pageValidator } from './page-validator.ts';
import { createServerApi, slugForId } from './server-api.ts';
import { serverErrorPage } from './server-error-page.ts';

/** Redirects (/business/:id → its slug's page) keep a minute: the target's slug never changes. */
const REDIRECT_CACHE_CONTROL = 'public, max-age=60';

/** Set by a route that handles a form post (as res.locals[PAGE_RENDER_LOCAL]) before it calls next():
 *  the page is rendered for that POST with this status and these queries in its cache, never cached. */
export const PAGE_RENDER_LOCAL = 'pageRender';
export interface PageRenderOverride {
  status: number;
  initialQueries: ReadonlyArray<{ queryKey: readonly unknown[]; data: unknown }>;
}

export interface PageHandlerDeps {
  store: Store;
  site: SiteConfig;
  logger: Logger;
  /** The answer cache, as far as pages use it (app.ts passes the server's). */
  hotCache?: PageCache;
  /** Built client files; undefined while not built (pages render without scripts). */
  assets: () => ClientAssets | undefined;
  production: boolean;
  renderTimeoutMs: number;
  /** The server entry; development loads it through Vite so edits apply without a restart. */
  loadEntry: () => Promise<typeof import('../../ui/entry-server.tsx')>;
  /** False in development, where edited code would hide behind an unchanged tag: no ETag then. */
  validators?: boolean;
}

export function createPageHandler(deps: PageHandlerDeps) {
  const api = createServerApi(deps.store);
  const lookupSlug = (id: number) => slugForId(deps.store, id);
  // Read at the first page, when the built client's manifest is (read once, like the assets).
  let key: string | undefined;
  const keyOfPages = () =>
    (key ??= pagesKey({ site: deps.site, assets: deps.assets(), production: deps.production }));

  return async function pageHandler(req: Request, res: Response, next: NextFunction): Promise<void> {
    const override = res.locals[PAGE_RENDER_LOCAL] as PageRenderOverride | undefined;
    if (req.method !== 'GET' && req.method !== 'HEAD' && override === undefined) return next();
    const version = deps.store.dataVersion();
    const validator =
      deps.validators === false || override !== undefined
        ? undefined
        : pageValidator(version, keyOfPages(), Date.now());
    // The browser holds this page as it would be rendered now: confirmed without rendering it.
    if (validator?.confirmedBy(req.headers['if-none-match'])) {
      sendNotModified(res, validator.etag);
      return;
    }
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
      res.set('Cache-Control', REDIRECT_CACHE_CONTROL).redirect(outcome.status, outcome.location);
      return;
    }

    const cacheable =
      cacheWanted && outcome.cacheable() && (outcome.status === 200 || outcome.status === 404);
    const csp = pageContentSecurityPolicy(nonce, {
      production: deps.production,
      https: deps.site.siteUrl.startsWith('https:'),
      mapTileUrl: (deps.site.map ?? DEFAULT_MAP_CONFIG).tileUrl,
    });
    // Admin screens, forms and failed renders are never kept by anyone; public pages are kept and
    // revalidated on every load.
    const etag = outcome.cacheable() ? validator?.etagFor(outcome.status) : undefined;
    const cacheControl = outcome.cacheable() ? PAGE_CACHE_CONTROL : 'no-store';

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
          etag,
          // The tag names the clock window: the stored page must not outlive it.
          maxAgeMs: validator && Math.max(0, validator.windowEndsAt - Date.now()),
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
    if (etag) res.set('ETag', etag);
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

/** The path and only the query parameters the page reads (page-cache-key.ts): the key the answer
 *  cache looks the next request up by, as server/index.ts gives it the same function. */
function keyOf(req: Request): string {
  return pageCacheKey(req.originalUrl);
}

/** A 304 carries the cache-guiding headers only (RFC 9110 §15.4.5): the browser merges a 304's
 *  headers into the page it stored, and helmet's Content-Security-Policy (set on every Express answer)
 *  would replace the page's own — without its nonce, and blocking the businesses' photos. */
function sendNotModified(res: Response, etag: string): void {
  for (const name of res.getHeaderNames()) if (name !== 'x-request-id') res.removeHeader(name);
  res.writeHead(304, { ETag: etag, 'Cache-Control': PAGE_CACHE_CONTROL, Vary: 'Accept-Encoding' });
  res.end();
}

function sendServerError(res: Response): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(500).set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.send(serverErrorPage());
}
