// Boot: configuration → database (migrated) → app → listen → graceful shutdown.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { dataVersionReader } from '../db/stats-repository.ts';
import { assertServerConfig, type Config, loadConfig } from './config.ts';
import { ensureAdminCredentials } from './domain/admin/credentials.ts';
import { importChildScript } from './domain/import/child-script/child-script.ts';
import { openAndPrepareDatabase } from './domain/open-database.ts';
import { applyHeapGrowth } from './heap-growth.ts';
import { createApp } from './http/app.ts';
import { HotCache } from './http/hot-cache/hot-cache.ts';
import { createRequestHandler } from './http/request-handler.ts';
import { createDevSiteOptions } from './ssr/dev-server.ts';

/** A cached answer lives at most this long: as long as browsers may keep an API answer (Cache-Control
 *  max-age=60), so an open-now badge is never staler from the cache than from the browser's. Pages
 *  also end with their ETag's quarter hour (decision 0024). */
export const RESPONSE_CACHE_MAX_AGE_MS = 60_000;

export interface RunningServer {
  port: number;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Development: Vite serves the browser modules with hot reload, and nothing is cached. */
  dev?: boolean;
}

export async function startServer(
  config: Config = loadConfig(),
  options: StartOptions = {},
): Promise<RunningServer> {
  assertServerConfig(config);
  applyHeapGrowth(config.HEAP_GROWTH_PERCENT);
  // Log lines go out in batches (at 4 KB or every 250 ms, and synchronously at exit) instead of one
  // write(2) per request: measured ~1.7× the requests/s of cached answers (docs/decisions/0010).
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 250 });
  const logger = pino({ level: config.LOG_LEVEL }, destination);
  const database = await openAndPrepareDatabase(config.DATABASE_PATH);
  const admin = await ensureAdminCredentials(database.sqlite, config);
  if (admin.generatedPassword) {
    // Development only (production refuses to start without credentials): shown once, stored hashed.
    process.stderr.write(
      `\nAdmin sign-in for this database: username "${admin.username}", password "${admin.generatedPassword}"\n` +
        'Set your own with `directory admin set-password` or ADMIN_PASSWORD_HASH.\n\n',
    );
  }
  const dev = options.dev ? await createDevSiteOptions() : undefined;
  const hotCache = new HotCache({
    // Edited code would not show behind a cache that only data changes clear.
    enabled: config.RESPONSE_CACHE && !dev,
    maxBytes: config.RESPONSE_CACHE_MB * 1024 * 1024,
    maxAgeMs: RESPONSE_CACHE_MAX_AGE_MS,
    currentVersion: dataVersionReader(database.sqlite),
    logger,
  });
  const app = createApp({ database, config, logger, hotCache, site: dev?.options });
  // The hot cache answers before Express; everything it does not hold goes to the app.
  const server = createServer(createRequestHandler(app, hotCache));
  server.listen(config.PORT, config.HOST);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  logger.info({ port, database: config.DATABASE_PATH }, 'listening');
  // The import process's bundle is built now, if it must be, rather than at the first import.
  void importChildScript().then((script) => {
    if (!script.bundled)
      logger.warn({ problem: script.problem }, 'imports start through the TypeScript loader');
  });

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= new Promise<void>((resolve) => {
      // Stop accepting, let in-flight requests finish, then close the database.
      server.close(() => {
        void Promise.all([database.close(), dev?.close()]).then(() => {
          // The last lines out now rather than at the next periodic flush (a closed stdout is ignored).
          destination.flush(() => undefined);
          resolve();
        });
      });
      server.closeIdleConnections();
    });
    return closing;
  };
  return { port, close };
}
