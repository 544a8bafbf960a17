// The server's request listener: the hot cache answers what it holds before Express parses anything,
// the direct path builds the hottest API answers (search, suggestions) without Express; everything
// else (misses of other routes, POSTs, admin) goes through the app. Every request, answered by either, is
// counted here once it ends (server/http/operations/metrics.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HotCache } from './hot-cache/hot-cache.ts';
import type { DrainState } from './operations/drain-state.ts';
import type { OperationsMetrics } from './operations/metrics.ts';
import { routeKindOf } from './operations/route-kind.ts';
import type { DirectApi } from './public-api/direct-api.ts';

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface RequestHandlerOperations {
  metrics?: OperationsMetrics;
  drain?: DrainState;
  /** The answers built before Express (server/http/public-api/direct-api.ts). */
  direct?: DirectApi;
}

export function createRequestHandler(
  app: NodeHandler,
  hotCache: HotCache,
  { metrics, drain, direct }: RequestHandlerOperations = {},
): NodeHandler {
  /** The cache's answer, else the direct path's, else Express's. */
  const answer: NodeHandler = (req, res) => {
    if (hotCache.enabled && hotCache.tryServe(req, res)) return;
    if (direct?.(req, res, () => app(req, res))) return;
    app(req, res);
  };
  if (!metrics && !drain) return answer;
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
    if (kind === 'health') app(req, res);
    else answer(req, res);
  };
}
