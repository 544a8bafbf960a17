// The website part of the app: static files, then every page through the React renderer.
import { Router } from 'express';
import type { Logger } from 'pino';
import type { SiteConfig } from '../../ui/site-config.ts';
import type { Config } from '../config.ts';
import type { ServerDatabase } from '../domain/server-database.ts';
import { type ClientAssets, readClientAssets } from './client-assets.ts';
import type { PageCache } from './page-cache.ts';
import { createPageHandler } from './page-handler.ts';
import { createStaticFilesRouter } from './static-files.ts';

export interface SiteRouterOptions {
  hotCache?: PageCache;
  /** Overrides the built client (development: Vite's module URLs). */
  assets?: () => ClientAssets | undefined;
  loadEntry?: () => Promise<typeof import('../../ui/entry-server.tsx')>;
  /** Extra middleware before the pages (Vite's in development). */
  before?: Router;
  /** False: pages get no ETag (development, where code changes without the tag changing). */
  validators?: boolean;
}

export function siteConfigOf(config: Config): SiteConfig {
  return {
    siteName: config.SITE_NAME,
    siteUrl: config.SITE_URL,
    contactEmail: config.CONTACT_EMAIL,
    contactPhone: config.CONTACT_PHONE,
    headerCities: config.HEADER_CITIES,
    map: { tileUrl: config.MAP_TILE_URL, attribution: config.MAP_ATTRIBUTION },
  };
}

export function createSiteRouter(
  deps: { database: ServerDatabase; config: Config; logger: Logger },
  options: SiteRouterOptions = {},
): Router {
  const router = Router();
  if (options.before) router.use(options.before);
  router.use(createStaticFilesRouter());
  // The manifest is read once; a rebuild needs a restart, as the hashed file names change.
  let built: ClientAssets | undefined | null = null;
  const assets =
    options.assets ??
    (() => {
      if (built === null) built = readClientAssets();
      return built;
    });
  router.use(
    createPageHandler({
      store: deps.database.store,
      site: siteConfigOf(deps.config),
      logger: deps.logger,
      hotCache: options.hotCache,
      assets,
      production: deps.config.NODE_ENV === 'production',
      renderTimeoutMs: deps.config.RENDER_TIMEOUT_MS,
      loadEntry: options.loadEntry ?? loadEntryOnce,
      validators: options.validators,
    }),
  );
  return router;
}

// import() of a loaded module still passes through the loader hooks (tsx resolves on another
// thread): the render entry is imported once.
let entry: Promise<typeof import('../../ui/entry-server.tsx')> | undefined;
function loadEntryOnce() {
  entry ??= import('../../ui/entry-server.tsx');
  return entry;
}
