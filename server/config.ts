// The one place that reads the environment. Validated at start-up: a bad value stops the process
// with a message naming the variable, instead of failing later in a request.
import { isIP } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { z } from 'zod';
import { type DatabaseAddress, parseDatabaseAddress } from '../db/address.ts';
import { DEFAULT_DATABASE_PATH } from '../db/connection.ts';
import type { MapAttributionPart } from '../ui/site-config.ts';
import { parsePasswordHash } from './domain/admin/password-hash.ts';

/** cookie-session signs with these bytes; fewer would make the HMAC key guessable in theory and
 *  signals a hand-typed secret in practice. */
export const MIN_SESSION_SECRET_BYTES = 32;

const TRUST_PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** What Express's 'trust proxy' setting accepts: a boolean, a hop count, or a comma-separated list of
 *  addresses, subnets and the names loopback/linklocal/uniquelocal. Invalid entries are refused here
 *  because Express would only throw when the app is built. */
export type TrustProxy = boolean | number | string;

function parseTrustProxy(value: string, ctx: z.RefinementCtx): TrustProxy {
  const text = value.trim().toLowerCase();
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/');
    const validPrefix = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= 128);
    if (TRUST_PROXY_NAMES.has(entry) || (isIP(address) !== 0 && validPrefix && extra === undefined)) continue;
    ctx.addIssue({
      code: 'custom',
      message: `"${entry}" is not true, false, a hop count, an IP address or subnet, loopback, linklocal or uniquelocal`,
    });
    return z.NEVER;
  }
  return entries.join(',');
}

/** A tile URL template: https, with {z}, {x} and {y}, a fixed host (the Content-Security-Policy
 *  allows exactly that host, so no {s} subdomains), and no placeholder Leaflet would not fill. */
function parseTileUrl(value: string, ctx: z.RefinementCtx): string {
  const template = value.trim();
  const refuse = (message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  for (const placeholder of ['{z}', '{x}', '{y}'])
    if (!template.includes(placeholder))
      return refuse(`must be a tile URL template with {z}, {x} and {y} (missing ${placeholder})`);
  if (/^[a-z]+:\/\/[^/?#]*\{/i.test(template))
    return refuse('must have a fixed host (no {s}): the Content-Security-Policy allows exactly that host');
  const unknown = template.match(/\{(?!(?:z|x|y|r)\})[^}]*\}?/);
  if (unknown) return refuse(`has ${unknown[0]}: only {z}, {x}, {y} and {r} are filled in`);
  let url: URL;
  try {
    url = new URL(template.replace(/\{[zxyr]\}/g, '0'));
  } catch {
    return refuse('must be an https URL template such as https://tile.openstreetmap.org/{z}/{x}/{y}.png');
  }
  if (url.protocol !== 'https:')
    return refuse('must be an https URL (pages served over https block http tiles)');
  if (url.username || url.password) return refuse('must not carry a user name or password');
  return template;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/** The attribution tile providers publish, as text with <a href="https://…">links</a> (the only
 *  markup kept). Parsed into parts here; the page escapes them again, so the value cannot inject
 *  markup into every page. */
function parseAttribution(value: string, ctx: z.RefinementCtx): MapAttributionPart[] {
  const parts: MapAttributionPart[] = [];
  const link = /<a\s+href\s*=\s*"([^"]*)"\s*>([^<]*)<\/a\s*>/gi;
  let last = 0;
  const addText = (raw: string) => {
    if (/[<>]/.test(raw)) {
      ctx.addIssue({ code: 'custom', message: 'may hold only text and <a href="https://…">links</a>' });
      return false;
    }
    const text = decodeEntities(raw);
    if (text) parts.push({ text });
    return true;
  };
  for (const match of value.trim().matchAll(link)) {
    if (!addText(value.trim().slice(last, match.index))) return z.NEVER;
    last = match.index + match[0].length;
    const href = decodeEntities(match[1] ?? '').trim();
    if (!/^https:\/\/[^\s/?#]+/i.test(href) || !URL.canParse(href)) {
      ctx.addIssue({ code: 'custom', message: `link "${href}" must be an https URL` });
      return z.NEVER;
    }
    parts.push({ text: decodeEntities(match[2] ?? '').trim() || href, href });
  }
  if (!addText(value.trim().slice(last))) return z.NEVER;
  if (parts.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'must not be empty' });
    return z.NEVER;
  }
  return parts;
}

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_PATH: z.string().min(1).default(DEFAULT_DATABASE_PATH),
  /** The database by address: a postgres:// URL or a SQLite path; before DATABASE_PATH when set. */
  DATABASE_URL: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** The public address, named by canonical URLs, sitemaps and feeds. Required in production; in
   *  development, unset, it follows the port the server really listens on (siteUrlFromPort). */
  SITE_URL: z
    .url({ protocol: /^https?$/ })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  SITE_NAME: z.string().min(1).default('Local Business Directory'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADMIN_USERNAME: z
    .string()
    .max(100)
    .regex(/^[^\p{Cc}\s]+$/u, 'must be one word without spaces or control characters')
    .default('admin'),
  ADMIN_PASSWORD_HASH: z
    .string()
    .refine((value) => parsePasswordHash(value) !== undefined, {
      message:
        'must be a hash printed by `directory admin hash-password` (scrypt$N$r$p$salt$hash); quote it in single quotes so the shell leaves the $ signs alone',
    })
    .optional(),
  SESSION_SECRET: z
    .string()
    .refine((value) => Buffer.byteLength(value, 'utf8') >= MIN_SESSION_SECRET_BYTES, {
      message: `must be at least ${MIN_SESSION_SECRET_BYTES} bytes (for example: openssl rand -base64 48)`,
    })
    .optional(),
  /** The secret before the last rotation: cookies it signed stay valid (and are re-signed) until they expire. */
  SESSION_SECRET_PREVIOUS: z
    .string()
    .refine((value) => Buffer.byteLength(value, 'utf8') >= MIN_SESSION_SECRET_BYTES, {
      message: `must be at least ${MIN_SESSION_SECRET_BYTES} bytes`,
    })
    .optional(),
  TRUST_PROXY: z.string().transform(parseTrustProxy).default(false),
  /** Largest spreadsheet the admin panel accepts, in MiB (fractions allowed); the upload route passes
   *  it on to the pre-check as its maxFileBytes. 160: a Google Maps export at the 500,000-row cap is
   *  ~135 MB (docs/decisions/0002), while a 200 MB upload is refused 413 before an import starts. A
   *  larger file still imports from the command line (the pre-check's own 512 MiB). */
  IMPORT_MAX_UPLOAD_MB: z.coerce.number().positive().max(4096).default(160),
  /** The CPU priority of an import's process. idle (default): Linux's SCHED_IDLE, only the CPU time
   *  no other thread wants, so visitors' pages come first (nice 10 where the system refuses it).
   *  low: nice 10, a small share of the CPU even while visitors keep every core busy. */
  IMPORT_PRIORITY: z
    .string()
    .default('idle')
    .transform((value) => value.trim().toLowerCase())
    .pipe(z.enum(['idle', 'low'], { error: 'must be idle or low' })),
  /** Where uploads wait while they are imported; each file is removed when its request ends. */
  UPLOAD_DIR: z.string().min(1).default(tmpdir()),
  /** The in-memory cache of complete public answers in front of Express: on (default) or off. */
  RESPONSE_CACHE: z
    .string()
    .default('on')
    .transform((value) => value.trim().toLowerCase())
    .pipe(z.enum(['on', 'off', 'true', 'false', '1', '0'], { error: 'must be on or off' }))
    .transform((value) => value === 'on' || value === 'true' || value === '1'),
  /** Upper bound of that cache's memory, in MiB (bodies and their gzip and brotli copies), for the
   *  whole server: several server processes share it (answerCacheBytes). */
  RESPONSE_CACHE_MB: z.coerce.number().positive().max(65_536).default(64),
  /** Shown in the footer and on the contact pages. */
  CONTACT_EMAIL: z.email().default('info@example.com'),
  CONTACT_PHONE: z.string().min(1).max(40).default('+1 (555) 123-4567'),
  /** The header's city submenu, comma-separated (the specification's five by default). */
  HEADER_CITIES: z
    .string()
    .default('New York,Los Angeles,Chicago,Houston,Phoenix')
    .transform((value) =>
      value
        .split(',')
        .map((city) => city.trim())
        .filter(Boolean),
    ),
  /** The map's tiles (decision 0027): a raster tile URL template, and the attribution its provider
   *  requires (text with https links). Default: OpenStreetMap's standard tiles. */
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png').transform(parseTileUrl),
  MAP_ATTRIBUTION: z
    .string()
    .default('© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap contributors</a>')
    .transform(parseAttribution),
  /** A page render that has not finished by then is aborted and answered with a 500 page. */
  RENDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Where backups go (directory backup, before delete-all, before restore). Unset: backups/ beside
   *  the SQLite file, or ./data/backups for a PostgreSQL database, which has no file to sit beside.
   *  Best on another disk than the database. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** Where the server keeps the sitemap files it generates (one folder per server process inside).
   *  Unset: sitemap-cache/ beside the SQLite file, or ./data/sitemap-cache for a PostgreSQL database. */
  SITEMAP_CACHE_DIR: z.string().min(1).optional(),
  /** How many backups of each kind (directory backup, before delete-all, before restore) are kept in
   *  the backup folder; older ones of our naming are deleted after each new one. At least 1: the backup
   *  just taken is never the one rotated away. */
  BACKUP_KEEP: z.coerce
    .number({ error: 'must be a whole number from 1 to 1000' })
    .int({ error: 'must be a whole number from 1 to 1000' })
    .min(1, { error: 'must be a whole number from 1 to 1000' })
    .max(1000, { error: 'must be a whole number from 1 to 1000' })
    .default(5),
  // ---- Operations: /metrics, /healthz, /readyz and shutdown (server/http/operations/) ----------
  /** Opens GET /metrics on the public port to a scraper that sends `Authorization: Bearer <token>`
   *  (others get 401). Unset: /metrics on the public port is a 404. Long and random (for example
   *  openssl rand -hex 32): it is compared in constant time but guards process and traffic figures. */
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces (for example: openssl rand -hex 32)')
    .min(16, 'must be at least 16 characters (for example: openssl rand -hex 32)')
    .optional(),
  /** A second port, on HOST, that serves only GET /metrics, without a token: for a scraper on a
   *  private network or the same machine. Keep it out of reach of the public (firewall, or
   *  HOST=127.0.0.1 behind a proxy). Must differ from PORT; 0 picks a free port (tests). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** On SIGTERM/SIGINT the server stops accepting connections and waits this long for the requests
   *  in flight to finish before it cuts the rest and closes the database. Below `docker stop`'s
   *  default 10 s grace (after which the process is killed), so the database closes cleanly there. */
  DRAIN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(8_000),
  /** Connections of each server process to a PostgreSQL database (one of them listens for the data
   *  version). The database sees instances × SERVER_PROCESSES × this at most. */
  PG_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
  /** How many server processes share the port (decision 0032): a number, or "auto" for one per CPU
   *  core this process may use. Each has its own connection and caches (memory × processes). */
  SERVER_PROCESSES: z
    .union([z.literal('auto'), z.coerce.number().int().min(1).max(64)], {
      message: 'must be a whole number from 1 to 64, or auto',
    })
    .transform((value) => (value === 'auto' ? availableParallelism() : value))
    .default(1),
});

export type Config = Omit<z.infer<typeof schema>, 'SITE_URL'> & {
  SITE_URL: string;
  /** SITE_URL was unset: http://localhost and the port, which the server sets once it listens. */
  siteUrlFromPort: boolean;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty variables count as unset, as shells and .env files often leave them.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const { SITE_URL, ...config } = withDatabaseUrl(parsed.data);
  if (SITE_URL !== undefined) return { ...config, SITE_URL, siteUrlFromPort: false };
  return { ...config, SITE_URL: `http://localhost:${config.PORT || 3000}`, siteUrlFromPort: true };
}

/** DATABASE_URL, when set, names the database: a SQLite path there becomes DATABASE_PATH. */
function withDatabaseUrl<T extends { DATABASE_URL?: string; DATABASE_PATH: string }>(config: T): T {
  if (config.DATABASE_URL === undefined) return config;
  let address: DatabaseAddress;
  try {
    address = parseDatabaseAddress(config.DATABASE_URL);
  } catch (error) {
    throw new ConfigError(`Invalid configuration: DATABASE_URL: ${(error as Error).message}`);
  }
  return address.dialect === 'sqlite' ? { ...config, DATABASE_PATH: address.path } : config;
}

/** The answer cache's bound in one server process: RESPONSE_CACHE_MB is the whole server's, shared
 *  by its processes (each holds its own copy of what it serves), so that SERVER_PROCESSES=auto on a
 *  machine with many cores does not multiply the memory a site owner set. */
export function answerCacheBytes(config: Config, processes: number): number {
  return Math.floor((config.RESPONSE_CACHE_MB * 1024 * 1024) / Math.max(1, processes));
}

/** The database the configuration names: DATABASE_URL's PostgreSQL address, else the SQLite file
 *  (DATABASE_URL's path or DATABASE_PATH). */
export function configuredDatabase(config: Config): DatabaseAddress {
  return (
    configuredPostgres(config) ?? {
      dialect: 'sqlite',
      path: config.DATABASE_PATH,
      display: config.DATABASE_PATH,
    }
  );
}

/** The PostgreSQL address the configuration names, if it names one. */
export function configuredPostgres(config: Config): DatabaseAddress | undefined {
  if (config.DATABASE_URL === undefined) return undefined;
  const address = parseDatabaseAddress(config.DATABASE_URL);
  return address.dialect === 'postgres' ? address : undefined;
}

/** What the web server needs beyond the shared configuration (the CLI's bulk commands do not).
 *  A random per-process session key (the development fallback) would log every admin out on each
 *  restart and differ between instances; in production that is a misconfiguration, not a convenience.
 *  Whether credentials exist is checked at boot (ensureAdminCredentials), as they may live in the database. */
export function assertServerConfig(config: Config): void {
  if (config.NODE_ENV === 'production' && config.SESSION_SECRET === undefined) {
    throw new ConfigError(
      `Invalid configuration: SESSION_SECRET is required when NODE_ENV=production (at least ${MIN_SESSION_SECRET_BYTES} bytes, for example: openssl rand -base64 48)`,
    );
  }
  assertSiteUrl(config);
  // The metrics port serves without a token: sharing the public port would publish it.
  if (config.METRICS_PORT !== undefined && config.METRICS_PORT !== 0 && config.METRICS_PORT === config.PORT) {
    throw new ConfigError(
      `Invalid configuration: METRICS_PORT must differ from PORT (${config.PORT}); to serve /metrics on the public port, set METRICS_TOKEN instead`,
    );
  }
}

/** Production must name its public address: canonical URLs and sitemaps pointed at localhost:3000
 *  while the site ran elsewhere. Checked by the server and by the commands that write URLs. */
export function assertSiteUrl(config: Config): void {
  if (config.NODE_ENV === 'production' && config.siteUrlFromPort) {
    throw new ConfigError(
      'Invalid configuration: SITE_URL is required when NODE_ENV=production (the public address, for example https://directory.example.com): canonical URLs and sitemaps name it',
    );
  }
}

/** The public address for a command that writes URLs (seo, sitemap). */
export function loadSiteUrl(env: NodeJS.ProcessEnv = process.env): string {
  const config = loadConfig(env);
  assertSiteUrl(config);
  return config.SITE_URL;
}
