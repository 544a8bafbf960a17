// The two answers visitors ask for most and one at a time — GET /api/search and GET /api/suggest (a
// request per keystroke) — built straight from node:http, before Express, as the hot cache answers
// what it holds (decision 0041). Through Express, its router, helmet's twelve middlewares and
// pino-http cost about as much as a suggestion itself. The answer is the same in every byte and
// header: built by the same function as the router's (answers.ts), sent by the hot cache's send (ETag,
// security headers, 304, compression, stored when the cache is on), logged as one line like
// pino-http's, with the request's id. Anything else — another method or path, a bad parameter, a
// failure — goes to Express, which answers it as it always has (a 400 naming the parameter).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse } from 'node:querystring';
import type { Logger } from 'pino';
import type { Store } from '../../../db/store/store.ts';
import { HotCache } from '../hot-cache/hot-cache.ts';
import { loggedUrl } from '../hot-cache/logged-url.ts';
import { requestIdOf } from '../hot-cache/request-id.ts';
import { type Answer, cacheable, searchAnswer, suggestAnswer } from './answers.ts';

/** Takes a request (true) or leaves it (false); `fallback` hands a taken one to Express after all. */
export type DirectApi = (req: IncomingMessage, res: ServerResponse, fallback: () => void) => boolean;

export function createDirectApi(store: Store, hotCache: HotCache, logger?: Logger): DirectApi {
  // Exact paths only: Express's looser matching (a trailing slash, other letter case) stays Express's.
  const routes = new Map<string, (query: unknown) => Promise<Answer>>([
    ['/api/search', (query) => searchAnswer(store, query)],
    ['/api/suggest', (query) => suggestAnswer(store, query)],
  ]);
  return (req, res, fallback) => {
    if (req.method !== 'GET') return false;
    const url = req.url ?? '/';
    const mark = url.indexOf('?');
    const build = routes.get(mark < 0 ? url : url.slice(0, mark));
    if (!build) return false;
    const started = process.hrtime.bigint();
    // Read before the data: a write while building leaves this answer under a stale version.
    const version = hotCache.currentVersion();
    // Express 5's own query parser ("simple"): node:querystring.
    const query = parse(mark < 0 ? '' : url.slice(mark + 1));
    build(query).then(
      (answer) => {
        const requestId = requestIdOf(req);
        try {
          // The id goes in writeHead's list, not through setHeader: a response with no header set
          // yet has its list written as it is, where one set before makes Node merge every header
          // of the list into its own table first.
          hotCache.send(req, res, HotCache.keyOf(req), version, cacheable(answer), requestId);
        } catch (error) {
          logger?.error({ err: error, url: loggedUrl(url) }, 'direct answer failed');
          if (res.headersSent) res.destroy();
          else fallback();
          return;
        }
        logger?.info(
          {
            req: { id: requestId, method: req.method, url: loggedUrl(url) },
            res: { statusCode: res.statusCode },
            responseTime: Number(process.hrtime.bigint() - started) / 1e6,
          },
          'request completed',
        );
      },
      () => {
        // Express builds it again and answers the error its own way (nothing was written yet).
        if (res.headersSent) res.destroy();
        else fallback();
      },
    );
    return true;
  };
}
