// The server's request listener: the hot cache answers what it holds before Express parses anything;
// everything else (misses, POSTs, admin) goes through the app.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HotCache } from './hot-cache/hot-cache.ts';

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

export function createRequestHandler(app: NodeHandler, hotCache: HotCache): NodeHandler {
  if (!hotCache.enabled) return app;
  return (req, res) => {
    if (!hotCache.tryServe(req, res)) app(req, res);
  };
}
