// GET /metrics in Prometheus's text format (prom-client): requests by route kind, the answer cache,
// imports, the database's size, and Node's own figures (event-loop delay, heap, GC, CPU, memory).
// Requests are counted as they end (one histogram observation each); everything else is read when
// the scraper asks, so an unscraped server pays nothing for it.
import type { ServerResponse } from 'node:http';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseFileSizes, ImportRunTotals } from '../../domain/operations/operations-figures.ts';
import type { HotCache } from '../hot-cache/hot-cache.ts';
import type { RouteKind } from './route-kind.ts';

/** Names of this application's own metrics start with this; Node's and the process's keep
 *  prom-client's standard names (nodejs_*, process_*). */
export const METRICS_PREFIX = 'directory_';

/** Seconds. A cached answer takes well under a millisecond, a page render milliseconds, an import
 *  upload seconds. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The outcomes of a finished import; a running one is counted by a gauge (it leaves that state). */
const IMPORT_OUTCOMES = ['done', 'failed', 'interrupted'] as const;

export interface MetricsSources {
  hotCache: HotCache;
  /** Read at scrape time. */
  imports: () => Promise<ImportRunTotals> | ImportRunTotals;
  /** SQLite's files; none on PostgreSQL (its server reports its own sizes). */
  databaseFiles?: () => DatabaseFileSizes;
}

type StatusClass = '1xx' | '2xx' | '3xx' | '4xx' | '5xx' | 'aborted';

/** Node's and the process's figures are collected once per process however many servers (tests)
 *  build metrics: each collection starts an event-loop monitor and a GC observer that never stop. */
let processRegistry: Registry | undefined;
function sharedProcessRegistry(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** What /metrics serves: this process's figures, or all server processes' together
 *  (server/runtime/server-processes.ts). */
export interface MetricsSource {
  render(): Promise<{ contentType: string; body: string }>;
}

export class OperationsMetrics implements MetricsSource {
  readonly registry: Registry;
  private readonly requests: Histogram<'kind' | 'status'>;
  /** The labelled series already made, so a request costs one Map lookup, not a label hash. */
  private readonly series = new Map<string, Histogram.Internal<'kind' | 'status'>>();
  private importsOfThisScrape: Promise<ImportRunTotals> | undefined;

  constructor(sources: MetricsSources) {
    const own = new Registry();
    const registers = [own];
    this.requests = new Histogram({
      name: `${METRICS_PREFIX}http_request_duration_seconds`,
      help: 'Time from a request reaching the server to its answer ending, by route kind (page, api, admin-api, asset, site-file, health, other) and status class; _count is the number of requests.',
      labelNames: ['kind', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });

    const cache = () => sources.hotCache.stats();
    new Counter({
      name: `${METRICS_PREFIX}answer_cache_hits_total`,
      help: 'GET and HEAD requests answered from the in-memory answer cache.',
      registers,
      collect() {
        this.reset();
        this.inc(cache().hits);
      },
    });
    new Counter({
      name: `${METRICS_PREFIX}answer_cache_misses_total`,
      help: 'GET and HEAD requests the answer cache did not hold (built by the app; only counted while the cache is on).',
      registers,
      collect() {
        this.reset();
        this.inc(cache().misses);
      },
    });
    new Gauge({
      name: `${METRICS_PREFIX}answer_cache_entries`,
      help: 'Answers held in the answer cache.',
      registers,
      collect() {
        this.set(cache().entries);
      },
    });
    new Gauge({
      name: `${METRICS_PREFIX}answer_cache_bytes`,
      help: 'Memory the answer cache counts against RESPONSE_CACHE_MB (bodies, their compressed copies, overhead).',
      registers,
      collect() {
        this.set(cache().bytes);
      },
    });

    // One read of the import records per scrape, shared by the import metrics. render() forgets the
    // last one; so does the end of the pass in which a scrape calls every metric's collect() (with
    // several processes the primary asks the registry directly, not through render()).
    const importTotals = () => {
      if (!this.importsOfThisScrape) {
        this.importsOfThisScrape = Promise.resolve(sources.imports());
        setImmediate(() => {
          this.importsOfThisScrape = undefined;
        });
      }
      return this.importsOfThisScrape;
    };
    new Counter({
      name: `${METRICS_PREFIX}import_runs_total`,
      // The shared database's figures are the same in every server process: not summed across them.
      aggregator: 'first',
      help: 'Finished imports recorded in the database (by the server or the CLI, dry runs included), by outcome: done, failed or interrupted.',
      labelNames: ['outcome'],
      registers,
      async collect() {
        const { runsByStatus } = await importTotals();
        this.reset();
        for (const outcome of IMPORT_OUTCOMES) this.inc({ outcome }, runsByStatus[outcome] ?? 0);
      },
    });
    new Gauge({
      name: `${METRICS_PREFIX}imports_running`,
      aggregator: 'first',
      help: 'Imports running now (0 or 1: one import at a time).',
      registers,
      async collect() {
        this.set((await importTotals()).runsByStatus.running ?? 0);
      },
    });
    new Counter({
      name: `${METRICS_PREFIX}import_rows_total`,
      aggregator: 'first',
      help: 'Rows written by finished imports (dry runs excluded), by change: imported (new) or updated.',
      labelNames: ['change'],
      registers,
      async collect() {
        const totals = await importTotals();
        this.reset();
        this.inc({ change: 'imported' }, totals.rowsImported);
        this.inc({ change: 'updated' }, totals.rowsUpdated);
      },
    });
    new Gauge({
      name: `${METRICS_PREFIX}import_last_finished_timestamp_seconds`,
      aggregator: 'first',
      help: 'When the last import finished (Unix time); 0 before the first.',
      registers,
      async collect() {
        const last = (await importTotals()).lastFinishedAt;
        this.set(last ? Date.parse(last) / 1000 : 0);
      },
    });

    const { databaseFiles } = sources;
    if (databaseFiles) {
      new Gauge({
        name: `${METRICS_PREFIX}database_size_bytes`,
        aggregator: 'first',
        help: 'Size on disk of the SQLite database, by file: db (the database) and wal (its write-ahead log).',
        labelNames: ['file'],
        registers,
        collect() {
          const sizes = databaseFiles();
          this.set({ file: 'db' }, sizes.main);
          this.set({ file: 'wal' }, sizes.wal);
        },
      });
    }

    this.registry = Registry.merge([sharedProcessRegistry(), own]);
  }

  /** Counts a request once its answer has ended (or the client left first: status "aborted"). The
   *  kind is taken when the request arrives: Express rewrites req.url inside mounted routers. */
  observeRequest(kind: RouteKind, res: ServerResponse, startedMs: number): void {
    const status = statusClassOf(res);
    const key = `${kind} ${status}`;
    let series = this.series.get(key);
    if (!series) {
      series = this.requests.labels(kind, status);
      this.series.set(key, series);
    }
    series.observe((performance.now() - startedMs) / 1000);
  }

  /** The text a scraper reads, and its Content-Type. */
  async render(): Promise<{ contentType: string; body: string }> {
    this.importsOfThisScrape = undefined;
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

function statusClassOf(res: ServerResponse): StatusClass {
  if (!res.writableFinished) return 'aborted';
  const status = res.statusCode;
  if (status >= 500) return '5xx';
  if (status >= 400) return '4xx';
  if (status >= 300) return '3xx';
  if (status >= 200) return '2xx';
  return '1xx';
}
