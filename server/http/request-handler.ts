// The server's request listener: the hot cache answers what it holds before Express parses anything;
// everything else (misses, POSTs, admin) goes through the app. Every request, answered by either, is
// counted here once it ends (server/http/operations/metrics.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HotCache } from './hot-cache/hot-cache.ts';
import type { DrainState } from './operations/drain-state.ts';
import type { OperationsMetrics } from './operations/metrics.ts';
import { routeKindOf } from './operations/route-kind.ts';

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface RequestHandlerOperations {
  metrics?: OperationsMetrics;
  drain?: DrainState;
}

export function createRequestHandler(
  app: NodeHandler,
  hotCache: HotCache,
  { metrics, drain }: RequestHandlerOperations = {},
): NodeHandler {
  if (!metrics && !drain) {
    if (!hotCache.enabled) return app;
    return (req, res) => {
      if (!hotCache.tryServe(req, res)) app(req, res);
    };
  }
  return (req, res) => {
    const started = performance.now();
    const kind = routeKindOf(req);
    res.once('close', () => {
      metrics?.observeRequest(kind, res, started);
      drain?.responseDone();
    });
    // While draining, each answer closes its connection: the client's next request goes elsewhere.
    if (drain?.draining) res.setHeader('Connection', 'close');
    // The probes and the scraper never come from the cache (nor count as its misses).
    if (kind === 'health' || !hotCache.enabled || !hotCache.tryServe(req, res)) app(req, res);
  };
}
