// What the page handler needs from an answer cache, declared here so the renderer does not depend on
// the cache's module (nor the cache on the renderer's): app.ts hands in the server's answer cache
// (server/http/hot-cache/), which fits this shape.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A rendered page as the cache keeps it. */
export interface CachedPage {
  status: number;
  contentType: string;
  headers: Record<string, string>;
  body: Buffer;
  /** The page's own weak validator (page-validator.ts), kept with every encoding of the body. */
  etag?: string;
  /** A shorter life than the cache's own: the tag names a clock window the page must not outlive. */
  maxAgeMs?: number;
}

export interface PageCache {
  /** False: pages are streamed and never buffered for the cache. */
  readonly enabled: boolean;
  /** Keeps a page rendered from data at `version`. */
  store(key: string, version: number, page: CachedPage): void;
  /** Sends a page exactly as the cache sends its hits. */
  send(req: IncomingMessage, res: ServerResponse, key: string, version: number, page: CachedPage): void;
}
