// Server entry: match the route, let its loaders fill the query cache through the domain (and pick
// the status or a redirect), then stream the document. People get it at onShellReady, crawlers at
// onAllReady; a render that hangs is aborted.
import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { type RenderToPipeableStreamOptions, renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { DirectoryApi } from './api/directory-api.ts';
import { loadQuery } from './api/load-query.ts';
import { createQueryClient } from './api/query-client.ts';
import { App } from './app.tsx';
import { Document, type DocumentAssets } from './document.tsx';
import { escapeJsonForHtml } from './json-for-html.ts';
import type { PageData } from './page-data.ts';
import type { LoadContext, RouteHandle } from './route-types.ts';
import { matchedPageModules, matchPageRoutes, preloadMatchedPages } from './routes.tsx';
import type { SiteConfig } from './site-config.ts';

export interface RenderRequest {
  url: URL;
  api: DirectoryApi;
  site: SiteConfig;
  assets: DocumentAssets & {
    bootstrapModules: string[];
    pages?: Record<string, DocumentAssets>;
  };
  nonce?: string;
  /** Wait for the whole page before sending (search engines and other bots). */
  waitForAll: boolean;
  slugForId?: LoadContext['slugForId'];
  /** A render not finished by then is aborted: before the shell that is an error (a 500 page). */
  timeoutMs: number;
  onError?: (error: unknown) => void;
  /** What the request itself brings and no loader can read (a form post re-rendered with its values
   *  and errors): put into the query cache before the loaders run, read by the page as any query. */
  initialQueries?: ReadonlyArray<{ queryKey: readonly unknown[]; data: unknown }>;
  /** The status to answer with unless a loader picks one (400 for a refused form post). */
  status?: number;
}

export type RenderOutcome =
  | { kind: 'redirect'; status: 301 | 302; location: string }
  | {
      kind: 'page';
      status: number;
      /** False for admin screens and forms, and for a render that failed after its shell was sent. */
      cacheable: () => boolean;
      pipe: <W extends NodeJS.WritableStream>(destination: W) => W;
      abort: (reason?: unknown) => void;
    };

export async function renderPage(request: RenderRequest): Promise<RenderOutcome> {
  const { url, api, site } = request;
  const queryClient = createQueryClient();
  const matches = matchPageRoutes(url.pathname);
  await preloadMatchedPages(matches);
  for (const query of request.initialQueries ?? []) queryClient.setQueryData(query.queryKey, query.data);
  let status = request.status ?? 200;
  let cacheable = true;
  const context: LoadContext = {
    api,
    queryClient,
    load: (query) => loadQuery(queryClient, query),
    params: {},
    url,
    site,
    slugForId: request.slugForId,
  };
  for (const match of matches) {
    const handle = match.route.handle as RouteHandle | undefined;
    if (handle?.noCache) cacheable = false;
    if (!handle?.load) continue;
    const result = await handle.load({ ...context, params: match.params });
    if (result?.redirect) return { kind: 'redirect', ...result.redirect };
    if (result?.status) status = result.status;
  }

  const styles = [...request.assets.styles];
  const modulePreloads = [...request.assets.modulePreloads];
  for (const module of matchedPageModules(matches)) {
    const page = request.assets.pages?.[module];
    for (const href of page?.styles ?? []) if (!styles.includes(href)) styles.push(href);
    for (const href of page?.modulePreloads ?? [])
      if (!modulePreloads.includes(href)) modulePreloads.push(href);
  }
  const pageData: PageData = {
    site,
    assets: { styles, modulePreloads },
    queries: dehydrate(queryClient),
  };
  const pageDataText = escapeJsonForHtml(JSON.stringify(pageData));
  const tree = (
    <StrictMode>
      <Document assets={pageData.assets} pageData={pageDataText}>
        <StaticRouter location={url.pathname + url.search}>
          <App api={api} queryClient={queryClient} site={site} />
        </StaticRouter>
      </Document>
    </StrictMode>
  );

  return new Promise((resolve, reject) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const options: RenderToPipeableStreamOptions = {
      nonce: request.nonce,
      bootstrapModules: request.assets.bootstrapModules,
      // React outlines a finished Suspense boundary larger than this (default 12,800 bytes) into a
      // hidden <div> that an inline script moves into place: the page would be invisible without
      // JavaScript. Our data is loaded before rendering, so every finished boundary stays inline.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError: (error) => {
        clearTimeout(timer);
        if (!settled) {
          settled = true;
          reject(error);
        }
      },
    };
    const ready = () => {
      if (request.waitForAll) clearTimeout(timer);
      if (settled) return;
      settled = true;
      resolve({
        kind: 'page',
        status,
        cacheable: () => cacheable,
        pipe: (destination) => stream.pipe(destination),
        abort: (reason) => stream.abort(reason),
      });
    };
    // Any error (a component throwing, the timeout) keeps the answer out of the page cache.
    options.onError = (error) => {
      cacheable = false;
      request.onError?.(error);
    };
    if (request.waitForAll) options.onAllReady = ready;
    else {
      options.onShellReady = ready;
      options.onAllReady = () => clearTimeout(timer);
    }
    const stream = renderToPipeableStream(tree, options);
    timer = setTimeout(() => stream.abort(new Error('render timed out')), request.timeoutMs);
    timer.unref();
  });
}
