// Builds the Express app from its dependencies; never listens (server/index.ts does).
// The full API of the specification lands with the HTTP issue; this is its first slice.
import express, { type ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { Config } from '../config.ts';
import { createAdminAuthRouter } from './admin-auth/routes.ts';
import {
  getCategorySummaries,
  getCountryEntries,
  getStatistics,
  getTopCities,
} from '../domain/statistics.ts';

export interface AppDeps {
  database: DatabaseHandle;
  config: Config;
  logger: Logger;
}

export function createApp({ database, config, logger }: AppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  const { sqlite } = database;

  app.get('/healthz', (_req, res) => {
    try {
      sqlite.prepare('SELECT 1').get();
      res.json({ status: 'ok' });
    } catch {
      res.status(503).json({ status: 'unavailable' });
    }
  });

  app.get('/api/statistics', (_req, res) => {
    res.json(getStatistics(sqlite));
  });
  app.get('/api/categories', (_req, res) => {
    res.json(getCategorySummaries(sqlite));
  });
  app.get('/api/countries', (_req, res) => {
    res.json(getCountryEntries(sqlite));
  });
  app.get('/api/cities/popular', (_req, res) => {
    res.json(
      getTopCities(sqlite, 50).map((c, index) => ({
        id: index + 1,
        name: c.name,
        businessCount: c.businessCount,
      })),
    );
  });

  // Login, check-auth and logout; no-store, the cross-site check and the session for all of /api/admin.
  app.use(createAdminAuthRouter({ sqlite, config, logger }));

  app.use('/api', (_req, res) => {
    res.status(404).json({ error: { code: 'not_found', message: 'No such API endpoint.' } });
  });

  const onError: ErrorRequestHandler = (error, _req, res, _next) => {
    logger.error({ err: error }, 'request failed');
    res.status(500).json({ error: { code: 'internal', message: 'Something went wrong on our side.' } });
  };
  app.use(onError);
  return app;
}
