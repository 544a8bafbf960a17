// What kind of thing a request asks for, from its method and path only: the label of the request
// metrics. A small fixed set, never the URL itself, so a flood of distinct URLs cannot multiply the
// series a scraper stores.
import type { IncomingMessage } from 'node:http';

export const ROUTE_KINDS = ['page', 'api', 'admin-api', 'asset', 'site-file', 'health', 'other'] as const;
export type RouteKind = (typeof ROUTE_KINDS)[number];

/** The operations endpoints: load balancer probes and the scraper. */
export const OPERATIONS_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

const SITEMAP_FILE = /^\/sitemap[a-z0-9-]*\.xml$/;
/** Files of ui/public, and Vite's module paths in development. */
const ASSET_PREFIXES = ['/assets/', '/images/', '/samples/', '/favicon.', '/@', '/node_modules/'];

export function routeKindOf(req: Pick<IncomingMessage, 'method' | 'url'>): RouteKind {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (!path.startsWith('/')) return 'other';
  if (OPERATIONS_PATHS.has(path)) return 'health';
  if (path === '/api' || path.startsWith('/api/'))
    return path === '/api/admin' || path.startsWith('/api/admin/') ? 'admin-api' : 'api';
  if (ASSET_PREFIXES.some((prefix) => path.startsWith(prefix))) return 'asset';
  if (path === '/robots.txt' || SITEMAP_FILE.test(path)) return 'site-file';
  // The pages, their 404s and the Add Your Business form's post.
  const method = req.method;
  if (method === 'GET' || method === 'HEAD' || method === 'POST') return 'page';
  return 'other';
}
