// The sitemap files the site serves, generated into a folder per data version and kept until the data
// changes. Streamed from the database on each request, one 45,000-URL business file costs 0.3–1 s of
// the serving thread at 1,000,000 businesses and the cities or categories file 4–8 s (measured,
// docs/decisions/0012); generated in a worker once per change, a request costs a file read.
//
// After a data change the files of the previous version are still served (a sitemap a few minutes
// behind harms no one) while the new ones are written; only the very first request, with nothing on
// disk, waits for them. Each process follows its own store's data version and keeps its own folder
// (cache-folders.ts). One generation runs at a time, and a new one starts at most every
// `minIntervalMs`, so a stream of changes (imports, many submissions) cannot keep a core busy.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { DatabaseAddress } from '../../../db/address.ts';
import { runDatabaseJob } from '../jobs/run-database-job.ts';
import { COMPRESSED_SUFFIX } from './write-compressed-sitemaps.ts';

export interface SitemapSet {
  /** The data version the files were generated from. */
  version: number;
  dir: string;
  /** Names of the files (sitemap.xml, sitemap-main.xml, …), each stored as name + COMPRESSED_SUFFIX. */
  files: ReadonlySet<string>;
  generatedAt: Date;
  /** Tells this generation apart from another of the same version (after a restart). */
  tag: string;
}

export interface SitemapCacheOptions {
  /** The folder this cache owns: everything in it is removed when the cache starts. */
  root: string;
  siteUrl: string;
  businessesPerSitemap?: number;
  /** The current data version (read before the data, so a change during a generation is noticed). */
  readVersion: () => number;
  /** Writes every file into dir and names them; by default the 'write-sitemaps' job in a worker. */
  generate?: (dir: string) => Promise<{ files: string[] }>;
  /** Needed by the default generator: the database the job's process opens (an address, or a SQLite
   *  file's path). */
  database?: DatabaseAddress | string;
  /** Least time between the starts of two generations; default five minutes. */
  minIntervalMs?: number;
  logger?: Logger;
  now?: () => number;
}

/** A full generation costs ~15 s of one core at 1,000,000 businesses: at most one per five minutes
 *  keeps a stream of data changes from taking more than a few percent of it. */
export const DEFAULT_MIN_INTERVAL_MS = 5 * 60_000;
/** Generations that failed are retried no sooner than this. */
const RETRY_AFTER_FAILURE_MS = 30_000;

/** No sitemap files exist yet and the last attempt to write them failed. */
export class SitemapsUnavailable extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('The sitemap files are not available right now.');
    this.name = 'SitemapsUnavailable';
  }
}

export class SitemapCache {
  private readonly options: SitemapCacheOptions;
  private readonly now: () => number;
  private ready: SitemapSet | undefined;
  /** The set served before `ready`, kept on disk a generation longer for requests still reading it. */
  private previous: SitemapSet | undefined;
  private building: Promise<SitemapSet> | undefined;
  private lastStart = Number.NEGATIVE_INFINITY;
  private lastFailure = Number.NEGATIVE_INFINITY;
  private started: Promise<void> | undefined;

  constructor(options: SitemapCacheOptions) {
    this.options = options;
    this.now = options.now ?? Date.now;
  }

  /** The files to serve now: the current version's, else the last ones while new ones are written,
   *  else (nothing generated yet) once the first generation ends. Throws SitemapsUnavailable when
   *  there are none and none can be made now (the last attempt failed moments ago). */
  async current(): Promise<SitemapSet> {
    this.started ??= this.clearRoot();
    await this.started;
    const version = this.options.readVersion();
    if (this.ready?.version === version) return this.ready;
    if (this.mayStart()) this.build(version).catch(() => {});
    if (this.ready !== undefined) return this.ready;
    if (this.building !== undefined) return this.building;
    throw new SitemapsUnavailable(Math.ceil(RETRY_AFTER_FAILURE_MS / 1000));
  }

  /** Waits for the generation under way, if any (tests, shutdown). */
  async settled(): Promise<void> {
    await this.building?.catch(() => {});
  }

  private mayStart(): boolean {
    const now = this.now();
    const minInterval = this.options.minIntervalMs ?? DEFAULT_MIN_INTERVAL_MS;
    return (
      this.building === undefined &&
      now - this.lastStart >= minInterval &&
      now - this.lastFailure >= RETRY_AFTER_FAILURE_MS
    );
  }

  private build(version: number): Promise<SitemapSet> {
    this.lastStart = this.now();
    const building = this.generateSet(version).then(
      (set) => {
        const retired = this.previous;
        this.previous = this.ready;
        this.ready = set;
        this.building = undefined;
        if (retired) void this.remove(retired.dir);
        return set;
      },
      (error: unknown) => {
        this.lastFailure = this.now();
        this.building = undefined;
        this.options.logger?.error({ err: error }, 'sitemap generation failed');
        throw error;
      },
    );
    this.building = building;
    return building;
  }

  private async generateSet(version: number): Promise<SitemapSet> {
    const tag = randomBytes(6).toString('hex');
    const work = join(this.options.root, `tmp-${tag}`);
    await mkdir(work, { recursive: true });
    try {
      const started = performance.now();
      const { files } = await (this.options.generate ?? ((dir) => this.generateInWorker(dir)))(work);
      // Renamed into place whole: a request never sees a folder half written.
      const dir = join(this.options.root, `v${version}-${tag}`);
      await rename(work, dir);
      this.options.logger?.info(
        { version, files: files.length, ms: Math.round(performance.now() - started) },
        'sitemaps generated',
      );
      return { version, dir, files: new Set(files), generatedAt: new Date(this.now()), tag };
    } catch (error) {
      await this.remove(work);
      throw error;
    }
  }

  private generateInWorker(dir: string): Promise<{ files: string[] }> {
    const { database, siteUrl, businessesPerSitemap } = this.options;
    if (database === undefined) throw new Error('SitemapCache needs database or generate');
    return runDatabaseJob(
      database,
      'write-sitemaps',
      { siteUrl, dir, businessesPerSitemap },
      { heapMb: 256 },
    );
  }

  /** Folders of an earlier process: their version numbers may not describe today's data (a restored
   *  backup starts again from an older version), so nothing is reused across a restart. */
  private async clearRoot(): Promise<void> {
    await mkdir(this.options.root, { recursive: true });
    for (const entry of await readdir(this.options.root)) {
      if (/^(?:v\d+|tmp)-/.test(entry)) await this.remove(join(this.options.root, entry));
    }
  }

  private async remove(dir: string): Promise<void> {
    await rm(dir, { recursive: true, force: true }).catch((error: unknown) => {
      this.options.logger?.warn({ err: error, dir }, 'could not remove old sitemap files');
    });
  }
}

/** Where a stored file is, or undefined when the set has no such file. */
export function storedFilePath(set: SitemapSet, name: string): string | undefined {
  return set.files.has(name) ? join(set.dir, `${name}${COMPRESSED_SUFFIX}`) : undefined;
}
