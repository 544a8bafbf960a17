// Complete answers kept in memory and sent straight from node:http, before Express: a hit costs a
// Map lookup, a one-row version read and one write of a precompressed Buffer (measured ~10× cheaper
// than the same answer through the Express router, docs/decisions/0010). Entries die with the data
// version (any write, in any process, bumps it), after a maximum age (open-now badges change with the
// clock), or when the byte bound evicts the least recently used.

import { hash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliDecompressSync,
  gunzipSync,
  gzip as gzipAsync,
  constants as zlib,
} from 'node:zlib';
import { loggedUrl } from './logged-url.ts';

const gzipBody = promisify(gzipAsync);
const brotliBody = promisify(brotliCompress);

import type { Logger } from 'pino';
import { opaqueTag } from '../etag.ts';
import { acceptsEncoding, preferredEncoding } from './accept-encoding.ts';
import { requestIdOf } from './request-id.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

export interface HotCacheOptions {
  enabled: boolean;
  /** LRU bound over all stored buffers. */
  maxBytes: number;
  /** Upper bound on an entry's life (open-now badges change with the clock). */
  maxAgeMs: number;
  /** The data version; entries from another version are dead. */
  currentVersion: () => number;
  /** Logs each hit as one JSON line, like pino-http does for the requests Express answers. */
  logger?: Logger;
  /** The clock, for tests. */
  now?: () => number;
  /** The key of a request's URL (path and query as sent): the server passes the pages' own, which
   *  drops the query parameters a page does not read (server/ssr/page-cache-key.ts). Default: the URL. */
  keyOf?: (url: string) => string;
}

export interface CacheableAnswer {
  /** 200 or 404 are cacheable. */
  status: number;
  contentType: string;
  /** E.g. Cache-Control, Content-Security-Policy, X-Total-Count; the security headers are added here. */
  headers?: Record<string, string>;
  body: Buffer | string;
  /** A shorter life for this entry. */
  maxAgeMs?: number;
  /** The caller's own validator, one tag for every encoding (so it must be weak, `W/"…"`: RFC 9110
   *  §8.8.3); by default each encoding gets a strong tag from the body's hash. Pages pass one built
   *  from what they depend on (server/ssr/page-validator.ts), the same whether or not they were stored. */
  etag?: string;
}

export interface HotCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
}

/** Below this size compression saves less than its headers and CPU cost. */
export const MIN_COMPRESSED_BYTES = 1024;
const GZIP_LEVEL = 6;
const BROTLI_QUALITY = 5;
/** Rough per-entry cost beyond the bodies (key, header arrays, the Map slot). */
const ENTRY_OVERHEAD_BYTES = 512;
const CACHEABLE_STATUS = new Set([200, 404]);
/** A 404 is kept only under a key this short: every distinct path of a flood of long made-up ones
 *  would be a new entry (9,000 paths of 15 KB measured in bench/url-flood.bench.ts). */
export const MAX_NOT_FOUND_KEY_LENGTH = 512;
/** Marks an identity body that was dropped in favour of a compressed copy. */
const EMPTY = Buffer.alloc(0);
/** Headers the cache derives itself; a caller's copy would be wrong for some encoding or request. */
const DERIVED_HEADERS = ['etag', 'content-type', 'content-length', 'content-encoding', 'x-request-id'];
/** The only headers a 304 repeats (RFC 9110 §15.4.5, with the ETag): they guide the browser's cache.
 *  Anything else would replace what the browser stored with the body — above all a page's
 *  Content-Security-Policy, whose nonce must stay the one written in that body. */
const NOT_MODIFIED_HEADERS = ['cache-control', 'vary', 'expires', 'content-location'];

interface Variant {
  body: Buffer;
  etag: string;
  /** Flat [name, value, …] list for writeHead: fastest path in node:http. */
  head: string[];
  /** The cache-guiding headers only, for 304 (NOT_MODIFIED_HEADERS). */
  head304: string[];
}

type Compressed = 'br' | 'gzip';

interface Entry {
  version: number;
  expiresAt: number;
  status: number;
  /** Its body is dropped once a compressed copy exists (see make); identity answers then unpack it. */
  identity: Variant;
  gzip?: Variant;
  br?: Variant;
  bytes: number;
  /** Large enough to be worth compressing, and not found incompressible. */
  compressible: boolean;
  /** What the copies made after it was built are given as headers. */
  heads: VariantHeads;
  /** Copies being made, by encoding (on libuv's thread pool, not the event loop: a miss costs its
   *  render, not also its compression). */
  making: Partial<Record<Compressed, Promise<void>>>;
}

export class HotCache {
  readonly enabled: boolean;
  private readonly options: HotCacheOptions;
  private readonly now: () => number;
  /** Insertion order is recency order: a hit moves its entry to the end, eviction takes the first. */
  private readonly entries = new Map<string, Entry>();
  /** The entries in the map, for the compression that finishes after an entry was stored. */
  private readonly storedEntries = new WeakSet<Entry>();
  private bytes = 0;
  private hits = 0;
  private misses = 0;
  /** The version the stored entries belong to; a different current version empties the cache. */
  private version: number | undefined;

  constructor(options: HotCacheOptions) {
    this.options = options;
    this.enabled = options.enabled;
    this.now = options.now ?? Date.now;
  }

  /** A cache that stores nothing and answers nothing (tests, RESPONSE_CACHE=off). Answers sent
   *  through it still get their ETag, security headers and 304 handling. */
  static disabled(): HotCache {
    return new HotCache({ enabled: false, maxBytes: 0, maxAgeMs: 0, currentVersion: () => 0 });
  }

  /** The key of a request: its path and query exactly as sent (GET and HEAD share keys). */
  static keyOf(req: { url?: string }): string {
    return req.url ?? '/';
  }

  /** The key this cache files the answer to `url` under (the keyOf option; GET and HEAD share keys). */
  keyFor(url: string): string {
    return this.options.keyOf ? this.options.keyOf(url) : url;
  }

  /** The data version to pass to store/send: read it BEFORE reading the data the answer is built from. */
  currentVersion(): number {
    return this.options.currentVersion();
  }

  /** Answers a GET/HEAD from the cache when there is a live entry for this URL at the current data
   *  version. Returns true when it answered. */
  tryServe(req: IncomingMessage, res: ServerResponse): boolean {
    try {
      return this.serveHit(req, res);
    } catch (error) {
      // Runs in the server's request listener, outside Express: a throw here (the version read on a
      // closed database, say) would end the process. Express answers instead, with its error page.
      this.options.logger?.error({ err: error, url: loggedUrl(HotCache.keyOf(req)) }, 'answer cache failed');
      if (!res.headersSent) return false;
      res.destroy();
      return true;
    }
  }

  private serveHit(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.enabled) return false;
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const started = process.hrtime.bigint();
    const key = this.keyFor(HotCache.keyOf(req));
    const entry = this.entries.get(key);
    if (entry === undefined || !this.isLive(key, entry)) {
      this.misses++;
      return false;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits++;
    const requestId = requestIdOf(req);
    const status = this.write(req, res, entry, requestId);
    this.options.logger?.info(
      {
        req: { id: requestId, method: req.method, url: loggedUrl(HotCache.keyOf(req)) },
        res: { statusCode: status },
        responseTime: Number(process.hrtime.bigint() - started) / 1e6,
        cache: 'hit',
      },
      'request completed',
    );
    return true;
  }

  /** Stores an answer built from data at `version`. Precompresses (gzip and brotli) and computes a
   *  strong ETag once. No-op when disabled, not a 200/404, or the version is no longer current. */
  store(key: string, version: number, answer: CacheableAnswer): void {
    this.insert(key, version, answer);
  }

  /** Sends an answer (the miss path) exactly as tryServe sends hits, storing it when it can.
   *  `requestId`: the id to echo, when none was set on `res` (else its X-Request-Id). */
  send(
    req: IncomingMessage,
    res: ServerResponse,
    key: string,
    version: number,
    answer: CacheableAnswer,
    requestId?: string,
  ): void {
    const entry = this.insert(key, version, answer) ?? this.build(version, answer, false);
    const given = requestId ?? res.getHeader('x-request-id');
    this.write(req, res, entry, typeof given === 'string' ? given : requestIdOf(req));
  }

  clear(): void {
    for (const entry of this.entries.values()) this.storedEntries.delete(entry);
    this.entries.clear();
    this.bytes = 0;
  }

  stats(): HotCacheStats {
    return { entries: this.entries.size, bytes: this.bytes, hits: this.hits, misses: this.misses };
  }

  private isLive(key: string, entry: Entry): boolean {
    if (entry.version !== this.syncVersion()) return false;
    if (this.now() < entry.expiresAt) return true;
    this.remove(key, entry);
    return false;
  }

  /** Reads the current data version; when it changed, every stored entry is dead and dropped. */
  private syncVersion(): number {
    const current = this.options.currentVersion();
    if (current !== this.version) {
      this.clear();
      this.version = current;
    }
    return current;
  }

  private insert(key: string, version: number, answer: CacheableAnswer): Entry | undefined {
    if (!this.enabled || !CACHEABLE_STATUS.has(answer.status)) return undefined;
    if (answer.status === 404 && key.length > MAX_NOT_FOUND_KEY_LENGTH) return undefined;
    if (version !== this.syncVersion()) return undefined;
    const entry = this.build(version, answer, true);
    entry.bytes += key.length * 2;
    if (entry.bytes > this.options.maxBytes) return undefined;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    this.entries.set(key, entry);
    this.storedEntries.add(entry);
    this.bytes += entry.bytes;
    this.evictOverBound();
    return entry;
  }

  private evictOverBound(): void {
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.remove(oldKey, old);
    }
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.storedEntries.delete(entry);
    this.bytes -= entry.bytes;
  }

  private build(version: number, answer: CacheableAnswer, compress: boolean): Entry {
    const body = typeof answer.body === 'string' ? Buffer.from(answer.body) : answer.body;
    const compressible = compress && body.length >= MIN_COMPRESSED_BYTES;
    const lists = headerLists(answer.headers, compressible);
    // What later copies are made with: headers and tags only. Nothing here may hold the answer or
    // its body, or an entry whose plain body was dropped would keep it all the same.
    const heads: VariantHeads = {
      shared: lists.shared,
      notModified: lists.notModified,
      contentType: answer.contentType,
      fixedTag: answer.etag,
      hashed: answer.etag ?? `${body.length.toString(16)}-${hash('sha1', body, 'base64url')}`,
    };
    const maxAge = Math.min(this.options.maxAgeMs, answer.maxAgeMs ?? Number.POSITIVE_INFINITY);
    return {
      version,
      expiresAt: this.now() + maxAge,
      status: answer.status,
      identity: variantOf(heads, body, ''),
      bytes: body.length + ENTRY_OVERHEAD_BYTES,
      compressible,
      heads,
      making: {},
    };
  }

  /**
   * Starts (or joins) making the entry's copy in one encoding. Copies are made when a client first
   * asks for them, not all on every miss: most answers of a long tail of searches are sent once, to
   * one client, which takes one encoding (measured: compressing each miss in both cost more than the
   * cache saved on distinct queries). The first copy replaces the plain body; a later one is made
   * from the plain body unpacked again.
   */
  private make(entry: Entry, encoding: Compressed): Promise<void> {
    const pending = entry.making[encoding];
    if (pending) return pending;
    const source = plainBody(entry);
    const compressed =
      encoding === 'br'
        ? brotliBody(source, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          })
        : gzipBody(source, { level: GZIP_LEVEL });
    const job = compressed
      .then((content) => {
        const kept = worthKeeping(content, source);
        if (!kept) {
          // Incompressible: every client gets the plain body.
          entry.compressible = false;
          return;
        }
        entry[encoding] = variantOf(entry.heads, kept, encoding === 'br' ? '-br' : '-gz', encoding);
        let added = kept.length;
        if (entry.identity.body !== EMPTY) {
          added -= entry.identity.body.length;
          entry.identity = { ...entry.identity, body: EMPTY };
        }
        entry.bytes += added;
        // Still stored (not evicted or replaced meanwhile): count the copy against the bound.
        if (this.storedEntries.has(entry)) {
          this.bytes += added;
          this.evictOverBound();
        }
      })
      .catch(() => {
        entry.compressible = false;
      })
      .finally(() => {
        delete entry.making[encoding];
      });
    entry.making[encoding] = job;
    return job;
  }

  /** Writes the entry in the encoding the client prefers; 304 when its ETag matches. Returns the status. */
  private write(req: IncomingMessage, res: ServerResponse, entry: Entry, requestId: string): number {
    const accepted = req.headers['accept-encoding'];
    const encoding = entry.compressible ? preferredEncoding(accepted) : 'identity';
    let variant = entry.identity;
    if (encoding !== 'identity') {
      const wanted = entry[encoding];
      const other = encoding === 'br' ? 'gzip' : 'br';
      if (wanted) variant = wanted;
      else if (entry[other] && acceptsEncoding(accepted, other)) {
        // A copy this client also takes exists: send it now, and make its first choice for the next.
        variant = entry[other];
        void this.make(entry, encoding);
      } else {
        // Sent as soon as its copy exists (moments after a miss); an incompressible body goes plain.
        void this.make(entry, encoding).then(() => this.write(req, res, entry, requestId));
        return entry.status;
      }
    }
    // Only an answer that would be a 2xx may become a 304 (RFC 9110 §13.2.1): a stored 404 is sent whole.
    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch !== undefined && entry.status < 300 && matchesAny(ifNoneMatch, entry)) {
      res.writeHead(304, [...variant.head304, 'X-Request-Id', requestId]);
      res.end();
      return 304;
    }
    res.writeHead(entry.status, [...variant.head, 'X-Request-Id', requestId]);
    if (req.method === 'HEAD') res.end();
    else res.end(variant === entry.identity ? plainBody(entry) : variant.body);
    return entry.status;
  }
}

/** The headers of every variant of one answer, and what its tags are made from. */
interface VariantHeads {
  /** Flat [name, value, …] of the answer's own and the security headers. */
  shared: readonly string[];
  /** The cache-guiding headers only, for 304 (NOT_MODIFIED_HEADERS). */
  notModified: readonly string[];
  contentType: string;
  /** The caller's one tag for every encoding, if it gave one. */
  fixedTag?: string;
  /** The body's length and hash, for the strong tags of each encoding. */
  hashed: string;
}

function variantOf(heads: VariantHeads, content: Buffer, tagSuffix: string, encoding?: Compressed): Variant {
  const etag = heads.fixedTag ?? `"${heads.hashed}${tagSuffix}"`;
  const head = [
    ...heads.shared,
    'ETag',
    etag,
    'Content-Type',
    heads.contentType,
    'Content-Length',
    String(content.length),
  ];
  if (encoding) head.push('Content-Encoding', encoding);
  return { body: content, etag, head, head304: [...heads.notModified, 'ETag', etag] };
}

/** The answer's plain body: kept until a compressed copy exists, then unpacked from one (gzip is the
 *  quicker to unpack; ~0.05 ms for a page). */
function plainBody(entry: Entry): Buffer {
  if (entry.identity.body !== EMPTY) return entry.identity.body;
  if (entry.gzip) return gunzipSync(entry.gzip.body);
  if (entry.br) return brotliDecompressSync(entry.br.body);
  return entry.identity.body;
}

function worthKeeping(compressed: Buffer, original: Buffer): Buffer | undefined {
  return compressed.length < original.length * 0.9 ? compressed : undefined;
}

interface HeaderLists {
  /** Flat [name, value, …]: the security headers, then the answer's own (the derived ones left out). */
  readonly shared: readonly string[];
  readonly notModified: readonly string[];
}

/** The lists of a frozen header object (the API's shared constants), per compressibility: merged
 *  once, not at every answer (build() took 5.7 % of a suggestion's server time merging each time,
 *  2.5 % with this). Pages' headers (a nonce each) are objects of their own and merged each time. */
const listsOfFrozen = new WeakMap<object, [HeaderLists | undefined, HeaderLists | undefined]>();
const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

function headerLists(
  headers: Readonly<Record<string, string>> = NO_HEADERS,
  compressible: boolean,
): HeaderLists {
  if (!Object.isFrozen(headers)) return mergedLists(headers, compressible);
  let both = listsOfFrozen.get(headers);
  if (!both) {
    both = [undefined, undefined];
    listsOfFrozen.set(headers, both);
  }
  const at = compressible ? 1 : 0;
  const lists = both[at] ?? mergedLists(headers, compressible);
  both[at] = lists;
  return lists;
}

function mergedLists(headers: Readonly<Record<string, string>>, compressible: boolean): HeaderLists {
  const shared = mergeHeaders(SECURITY_HEADERS, headers);
  for (const name of DERIVED_HEADERS) shared.delete(name);
  // A body that will exist in several encodings varies with Accept-Encoding from its first answer.
  if (compressible) shared.set('vary', ['Vary', 'Accept-Encoding']);
  return {
    shared: [...shared.values()].flat(),
    notModified: NOT_MODIFIED_HEADERS.flatMap((name) => shared.get(name) ?? []),
  };
}

/** Later headers replace earlier ones whatever their letter case (a page's own CSP replaces the default). */
function mergeHeaders(...lists: Readonly<Record<string, string>>[]): Map<string, [string, string]> {
  const merged = new Map<string, [string, string]>();
  for (const list of lists)
    for (const [name, value] of Object.entries(list)) merged.set(name.toLowerCase(), [name, value]);
  return merged;
}

/** If-None-Match uses the weak comparison: W/ is ignored on both sides, and any encoding's tag of
 *  the same body matches (a cache may revalidate a gzip copy while the client now accepts brotli). */
function matchesAny(header: string, entry: Entry): boolean {
  const { identity, gzip, br } = entry;
  for (const raw of header.split(',')) {
    const tag = opaqueTag(raw.trim());
    if (tag === '*') return true;
    if (
      tag === opaqueTag(identity.etag) ||
      (gzip && tag === opaqueTag(gzip.etag)) ||
      (br && tag === opaqueTag(br.etag))
    )
      return true;
  }
  return false;
}
