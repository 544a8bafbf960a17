// The endpoints for whoever runs the site: /healthz (the process answers), /readyz (it may take
// traffic) and /metrics (behind METRICS_TOKEN on the public port). None is ever cached.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { type Request, Router } from 'express';
import type { Store } from '../../../db/store/store.ts';
import { databaseReadiness } from '../../domain/operations/database-readiness.ts';
import type { DrainState } from './drain-state.ts';
import type { MetricsSource } from './metrics.ts';

export interface OperationsRoutesDeps {
  store: Store;
  drain?: DrainState;
  metrics?: MetricsSource;
  /** Unset: /metrics is not served on this port (it falls through to the site's 404). */
  metricsToken?: string;
}

export function createOperationsRouter({
  store,
  drain,
  metrics,
  metricsToken,
}: OperationsRoutesDeps): Router {
  const router = Router();

  // Alive: answered without touching the database, so a slow query never gets the process restarted.
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').type('text/plain').send('ok');
  });

  router.get('/readyz', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    if (drain?.draining) {
      res.status(503).json({ status: 'unavailable', reason: 'shutting down' });
      return;
    }
    const readiness = await databaseReadiness(store);
    if (readiness.ready) res.json({ status: 'ready' });
    else res.status(503).json({ status: 'unavailable', reason: readiness.reason });
  });

  if (metrics && metricsToken !== undefined) {
    const expected = digest(metricsToken);
    router.get('/metrics', async (req, res, next) => {
      res.set('Cache-Control', 'no-store');
      if (!timingSafeEqual(digest(bearerToken(req) ?? ''), expected)) {
        res.set('WWW-Authenticate', 'Bearer realm="metrics"').status(401).type('text/plain');
        res.send('/metrics needs the header Authorization: Bearer <METRICS_TOKEN>.');
        return;
      }
      try {
        await sendMetrics(res, metrics);
      } catch (error) {
        next(error);
      }
    });
  }
  return router;
}

export async function sendMetrics(res: ServerResponse, metrics: MetricsSource): Promise<void> {
  const { contentType, body } = await metrics.render();
  res.setHeader('Content-Type', contentType);
  res.setHeader('Cache-Control', 'no-store');
  res.end(body);
}

function bearerToken(req: Request): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
  return match?.[1];
}

/** Equal-length digests, so the comparison takes the same time whatever the token's length. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
