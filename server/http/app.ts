// Builds the Express app from its dependencies; never listens (server/index.ts does).
import express, { type ErrorRequestHandler } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { Config } from '../config.ts';
import type { ServerDatabase } from '../domain/server-database.ts';
import { createSiteRouter, type SiteRouterOptions } from '../ssr/site-router.ts';
import { createAdminAuthRouter } from './admin-auth/routes.ts';
import { createAdminDataRouter } from './admin-data/router.ts';
import { HotCache } from './hot-cache/hot-cache.ts';
import { loggedUrl } from './hot-cache/logged-url.ts';
import { requestIdOf } from './hot-cache/request-id.ts';
import type { DrainState } from './operations/drain-state.ts';
import type { MetricsSource, OperationsMetrics } from './operations/metrics.ts';
import { createOperationsRouter } from './operations/operations-routes.ts';
import { routeKindOf } from './operations/route-kind.ts';
import { createPublicApiRouter } from './public-api/routes.ts';
import { createSiteFilesRouter } from './site-files/routes.ts';
import { createSubmissionsRouter } from './submissions/routes.ts';

export interface AppDeps {
  database: ServerDatabase;
  config: Config;
  logger: Logger;
  /** Answers cached in front of Express (server/index.ts); none given → a disabled one. */
  hotCache?: HotCache;
  /** How pages are rendered (built client or Vite in development); defaults to the built client. */
  site?: SiteRouterOptions;
  /** /readyz's shutdown flag and /metrics' figures (server/index.ts); none → never draining, and
   *  /metrics a 404. */
  operations?: {
    drain?: DrainState;
    metrics?: OperationsMetrics;
    /** What /metrics serves (default: `metrics`, this process's figures). */
    served?: MetricsSource;
  };
}

/** Set on res.locals by the error handler when a request is refused as the client's mistake: its
 *  one log line is then a warning with the code and message (never a stack). */
interface ClientErrorNote {
  code: string;
  message: string;
}

export function createApp({
  database,
  config,
  logger,
  site,
  hotCache,
  operations,
}: AppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  const { store } = database;

  // One JSON line per request with an id (a proxy's X-Request-Id is kept), echoed to the client.
  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = requestIdOf(req);
        res.setHeader('X-Request-Id', id);
        return id;
      },
      // One line per request: info; debug for the probes and the scraper (a load balancer asks every
      // few seconds); warn for a request refused by the error handler; error for a 5xx.
      customLogLevel: (req, res, error) => {
        if (error || res.statusCode >= 500) return 'error';
        const url = (req as { originalUrl?: string }).originalUrl ?? req.url;
        if (routeKindOf({ method: req.method, url }) === 'health') return 'debug';
        if (clientErrorOf(res)) return 'warn';
        return 'info';
      },
      customSuccessObject: (_req, res, fields) => {
        const clientError = clientErrorOf(res);
        return clientError ? { ...fields, clientError } : fields;
      },
      // A visitor's position (lat, lng of "Use my location") never reaches the log.
      serializers: {
        req: (req: { url?: string; query?: Record<string, unknown> }) => {
          if (req.url) req.url = loggedUrl(req.url);
          if (req.query && ('lat' in req.query || 'lng' in req.query))
            req.query = { ...req.query, lat: 'hidden', lng: 'hidden' };
          return req;
        },
      },
    }),
  );
  // Security headers (nosniff, frame and referrer policies, a strict CSP for these JSON answers; the
  // pages' CSP with its per-request nonce comes with the server-rendered site).
  app.use(helmet());

  app.use(
    createOperationsRouter({
      store,
      drain: operations?.drain,
      metrics: operations?.served ?? operations?.metrics,
      metricsToken: config.METRICS_TOKEN,
    }),
  );

  app.use(createPublicApiRouter(database, hotCache ?? HotCache.disabled()));
  // Login, check-auth and logout; no-store, the cross-site check and the session for all of /api/admin.
  app.use(createAdminAuthRouter({ store: database.store, config, logger }));
  // Import, export, SEO, delete-all, sitemap figures, runs and activity; each route requires the session.
  app.use(createAdminDataRouter({ database, config, logger }));
  // Add Your Business: the JSON endpoint and the plain form post (which re-renders its page on errors).
  app.use(createSubmissionsRouter({ store, logger }));

  app.use('/api', (_req, res) => {
    res.status(404).json({ error: { code: 'not_found', message: 'No such API endpoint.' } });
  });

  // Everything else is the website: robots.txt and sitemaps, assets, then the server-rendered pages.
  app.use(createSiteFilesRouter({ database, config, logger }));
  app.use(createSiteRouter({ database, config, logger }, { hotCache, ...site }));

  app.use(jsonErrors(logger));
  return app;
}

function clientErrorOf(res: object): ClientErrorNote | undefined {
  return (res as { locals?: { clientError?: ClientErrorNote } }).locals?.clientError;
}

/** One error answer for everything: `{error: {code, message}}`, a 4xx keeps its own message (a bad
 *  parameter, a broken %-escape, a body over the limit) and is logged as a warning on the request's
 *  line, without a stack; a 5xx says nothing of the inside and is logged as an error with its stack. */
function jsonErrors(logger: Logger): ErrorRequestHandler {
  return (error, _req, res, _next) => {
    const status = Number(error?.status ?? error?.statusCode ?? 500);
    if (status >= 400 && status < 500) {
      const code =
        typeof error.code === 'string'
          ? error.code
          : typeof error.type === 'string'
            ? error.type
            : 'bad_request';
      const message =
        error instanceof URIError ? 'The address contains an invalid %-escape.' : String(error.message);
      res.locals.clientError = { code, message } satisfies ClientErrorNote;
      res.status(status).json({ error: { code, message } });
      return;
    }
    logger.error({ err: error }, 'request failed');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.status(500).json({ error: { code: 'internal', message: 'Something went wrong on our side.' } });
  };
}
