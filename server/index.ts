// Boot: configuration → database (migrated) → app → listen → graceful shutdown.
import { createServer } from 'node:http';
import {
  answerCacheBytes,
  assertServerConfig,
  type Config,
  configuredDatabase,
  loadConfig,
} from './config.ts';
import { type EnsuredCredentials, ensureAdminCredentials } from './domain/admin/credentials.ts';
import { storeDataVersionSource } from './domain/data-version.ts';
import { openServerDatabase } from './domain/open-database.ts';
// Operations (logs, /metrics, /readyz, the drain at shutdown).
import { databaseFileSizesOf, importFigures } from './domain/operations/operations-figures.ts';
import { createApp } from './http/app.ts';
import { HotCache } from './http/hot-cache/hot-cache.ts';
import { listen } from './http/listen.ts';
import { closeHttpServer } from './http/operations/close-http-server.ts';
import { DrainState } from './http/operations/drain-state.ts';
import { createServerLogger } from './http/operations/logger.ts';
import { OperationsMetrics } from './http/operations/metrics.ts';
import { startMetricsServer } from './http/operations/metrics-server.ts';
import { createDirectApi } from './http/public-api/direct-api.ts';
import { createRequestHandler } from './http/request-handler.ts';
import { allProcessesMetrics } from './runtime/server-processes.ts';
import { createDevSiteOptions } from './ssr/dev-server.ts';
import { pageCacheKey } from './ssr/page-cache-key.ts';

/** A cached answer lives at most this long: as long as browsers may keep an API answer (Cache-Control
 *  max-age=60), so an open-now badge is never staler from the cache than from the browser's. Pages
 *  also end with their ETag's quarter hour (decision 0024). */
export const RESPONSE_CACHE_MAX_AGE_MS = 60_000;

export interface RunningServer {
  port: number;
  /** Where /metrics is served without a token (METRICS_PORT); undefined when it is not. */
  metricsPort?: number;
  /** The address canonical URLs name (SITE_URL, or localhost and the port). */
  siteUrl: string;
  /** Who signs in to the panel; the password only when it was generated just now (development). */
  admin: EnsuredCredentials;
  /** Server processes sharing the port (1 unless SERVER_PROCESSES says more). */
  processes: number;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Development: Vite serves the browser modules with hot reload, and nothing is cached. */
  dev?: boolean;
  /** One of several server processes (server/runtime/server-processes.ts): /metrics serves all of
   *  them together, and METRICS_PORT is the primary's. */
  oneOfSeveral?: boolean;
}

export async function startServer(
  config: Config = loadConfig(),
  options: StartOptions = {},
): Promise<RunningServer> {
  assertServerConfig(config);
  // JSON lines in batches; pretty lines on a terminal in development (server/http/operations/logger.ts).
  const { logger, flush: flushLog } = await createServerLogger(config);
  const address = configuredDatabase(config);
  const opened = await openServerDatabase(address, { logger, poolSize: config.PG_POOL_SIZE });
  const { database } = opened;
  const { store } = database;
  // A password generated now (development only: production refuses to start without credentials)
  // is returned to be shown once; only its hash is stored.
  const admin = await ensureAdminCredentials(store, config);
  const dev = options.dev ? await createDevSiteOptions() : undefined;
  const hotCache = new HotCache({
    // Edited code would not show behind a cache that only data changes clear.
    enabled: config.RESPONSE_CACHE && !dev,
    maxBytes: answerCacheBytes(config, options.oneOfSeveral ? config.SERVER_PROCESSES : 1),
    maxAgeMs: RESPONSE_CACHE_MAX_AGE_MS,
    currentVersion: storeDataVersionSource(store),
    logger,
    keyOf: pageCacheKey,
  });
  // ---- Operations: the shutdown flag /readyz reads, and the figures /metrics serves ----
  const drain = new DrainState();
  const metrics = new OperationsMetrics({
    hotCache,
    imports: () => importFigures(store),
    databaseFiles: databaseFileSizesOf(store),
  });
  // ---- end of operations ----
  // Listening before the app exists, so that an unset SITE_URL can name the port really taken
  // (PORT=0, --port); the handler is attached in the same tick, before any connection is read.
  const server = createServer();
  const port = await listen(server, config.PORT, config.HOST);
  if (config.siteUrlFromPort) config = { ...config, SITE_URL: `http://localhost:${port}` };
  const app = createApp({
    database,
    config,
    logger,
    hotCache,
    site: dev?.options,
    operations: { drain, metrics, served: options.oneOfSeveral ? allProcessesMetrics(metrics) : metrics },
  });
  // The hot cache answers before Express; everything it does not hold goes to the app.
  server.on(
    'request',
    createRequestHandler(app, hotCache, {
      metrics,
      drain,
      direct: createDirectApi(database.store, hotCache, logger),
    }),
  );
  logger.info({ port, database: address.display }, 'listening');
  // ---- Operations: /metrics without a token on its own port (METRICS_PORT) ----
  let metricsServer: Awaited<ReturnType<typeof startMetricsServer>> | undefined;
  if (config.METRICS_PORT !== undefined && !options.oneOfSeveral) {
    try {
      metricsServer = await startMetricsServer(metrics, {
        host: config.HOST,
        port: config.METRICS_PORT,
        logger,
      });
    } catch (error) {
      // Port taken: nothing may stay open, or the process would live on without saying why.
      await closeHttpServer(server, 0);
      await Promise.all([opened.close(), dev?.close()]);
      throw error;
    }
  }
  if (metricsServer) logger.info({ port: metricsServer.port }, 'metrics listening');
  // ---- end of operations ----

  // ---- Operations: the drain (SIGTERM, SIGINT) ----
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      // /readyz answers 503 from now on; no new connections; the requests in flight finish (each
      // then closes its connection) for up to DRAIN_TIMEOUT_MS; the rest are cut; then the database.
      drain.begin(() => server.closeIdleConnections());
      const drained = closeHttpServer(server, config.DRAIN_TIMEOUT_MS);
      logger.info({ timeoutMs: config.DRAIN_TIMEOUT_MS }, 'draining: finishing the requests in flight');
      const { cut } = await drained;
      if (cut > 0) logger.warn({ connections: cut }, 'drain timed out: connections cut');
      if (metricsServer) await closeHttpServer(metricsServer.server, 0);
      await Promise.all([opened.close(), dev?.close()]);
      logger.info('closed');
      // The last lines out now rather than at the next periodic flush.
      flushLog();
    })();
    return closing;
  };
  // ---- end of operations ----
  return { port, metricsPort: metricsServer?.port, siteUrl: config.SITE_URL, admin, processes: 1, close };
}
