// Several server processes on one port (SERVER_PROCESSES, decision 0032). Node runs a server's
// JavaScript on one thread: on a machine with more cores, one process per core serves more. The
// `serve` process becomes the primary — it prepares the database and the admin account once, then
// starts the processes (node:cluster, which shares the listening socket among them), replaces one
// that dies, collects /metrics from all of them, and drains them all on SIGTERM. Each process has its
// own SQLite connection and caches; what must hold across them lives in the database already (the
// data version every cache follows, sessions, login and submission limits, the import lock).
import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import type { MetricsSource } from '../http/operations/metrics.ts';

/** Messages between the primary and its server processes (IPC). */
export type ProcessMessage =
  | { type: 'directory:ready'; port: number }
  | { type: 'directory:drain' }
  | { type: 'directory:metrics-request'; id: number }
  | { type: 'directory:metrics-response'; id: number; body?: string; error?: string };

const isProcessMessage = (message: unknown): message is ProcessMessage =>
  typeof message === 'object' &&
  message !== null &&
  typeof (message as { type?: unknown }).type === 'string' &&
  (message as { type: string }).type.startsWith('directory:');

/** Restarts allowed within RESTART_WINDOW_MS before the primary gives up (a crash at every start
 *  would otherwise spin for ever). */
const RESTARTS_ALLOWED = 5;
const RESTART_WINDOW_MS = 60_000;

export interface ServerProcessesOptions {
  count: number;
  /** Added to each process's environment (e.g. the session key every process must share). */
  env: Record<string, string>;
  /** How long a drain may take in each process (DRAIN_TIMEOUT_MS) before the primary stops it. */
  drainTimeoutMs: number;
  log: (level: 'info' | 'warn' | 'error', message: string) => void;
}

export interface ServerProcesses {
  port: number;
  /** /metrics of all the processes together (for METRICS_PORT, served by the primary). */
  metrics: MetricsSource;
  /** Drains every process (each finishes its requests in flight) and resolves when all have exited. */
  close(): Promise<void>;
  /** Resolves with 1 if the processes kept dying and the primary gave up. */
  failed: Promise<number>;
}

/** In the primary: starts `count` server processes running this same command, and resolves once all
 *  listen (rejects if one stops before). */
export async function startServerProcesses(options: ServerProcessesOptions): Promise<ServerProcesses> {
  const aggregator = new AggregatorRegistry();
  const metrics: MetricsSource = {
    async render() {
      return { contentType: aggregator.contentType, body: await aggregator.clusterMetrics() };
    },
  };
  let draining = false;
  const restarts: number[] = [];
  let giveUp: (code: number) => void = () => {};
  const failed = new Promise<number>((resolve) => {
    giveUp = resolve;
  });

  const fork = (): Worker => {
    const worker = cluster.fork(options.env);
    worker.on('message', (message: unknown) => {
      if (!isProcessMessage(message) || message.type !== 'directory:metrics-request') return;
      aggregator.clusterMetrics().then(
        (body) => worker.send({ type: 'directory:metrics-response', id: message.id, body }),
        (error: Error) =>
          worker.send({ type: 'directory:metrics-response', id: message.id, error: error.message }),
      );
    });
    return worker;
  };

  const ready = (worker: Worker) =>
    new Promise<number>((resolve, reject) => {
      const onMessage = (message: unknown) => {
        if (isProcessMessage(message) && message.type === 'directory:ready') {
          worker.off('exit', onExit);
          resolve(message.port);
        }
      };
      const onExit = (code: number | null, signal: string | null) => {
        worker.off('message', onMessage);
        reject(new Error(`a server process stopped while starting (${signal ?? `exit ${code}`})`));
      };
      worker.on('message', onMessage);
      worker.once('exit', onExit);
    });

  const workers = Array.from({ length: options.count }, fork);
  let port: number;
  try {
    const ports = await Promise.all(workers.map(ready));
    port = ports[0]!;
  } catch (error) {
    for (const worker of workers) worker.process.kill('SIGKILL');
    throw error;
  }

  // A process that dies is replaced, unless they keep dying.
  cluster.on('exit', (worker, code, signal) => {
    if (draining) return;
    const now = Date.now();
    restarts.push(now);
    while (restarts.length > 0 && restarts[0]! < now - RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length > RESTARTS_ALLOWED) {
      options.log('error', `server processes keep stopping (${restarts.length} in a minute): giving up`);
      void close().then(() => giveUp(1));
      return;
    }
    options.log(
      'error',
      `server process ${worker.process.pid} stopped (${signal ?? `exit ${code}`}); starting another`,
    );
    const replacement = fork();
    ready(replacement).catch((error: Error) => options.log('error', error.message));
  });

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      draining = true;
      const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
      await Promise.all(
        alive.map(
          (worker) =>
            new Promise<void>((resolve) => {
              if (worker.isDead()) return resolve();
              // Past its own drain timeout (and a margin to close the database), it is stopped.
              const stop = setTimeout(() => worker.process.kill('SIGKILL'), options.drainTimeoutMs + 3_000);
              worker.once('exit', () => {
                clearTimeout(stop);
                resolve();
              });
              if (worker.isConnected()) worker.send({ type: 'directory:drain' });
              else worker.process.kill('SIGTERM');
            }),
        ),
      );
    })();
    return closing;
  };
  return { port, metrics, close, failed };
}

// ---- In a server process ----

/** Whether this process is one of several server processes (started by the primary above). */
export const isServerProcess = (): boolean => cluster.isWorker;

/** Tells the primary this process listens. */
export function reportReady(port: number): void {
  process.send?.({ type: 'directory:ready', port } satisfies ProcessMessage);
}

/** Resolves when the primary asks this process to stop. Listen from the start: a process still
 *  starting when the primary drains (a replacement) must stop as soon as it can. */
export function drainRequested(): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (!isProcessMessage(message) || message.type !== 'directory:drain') return;
      process.off('message', onMessage);
      resolve();
    };
    process.on('message', onMessage);
  });
}

/** /metrics in a server process: every process's figures together, collected by the primary. */
export function allProcessesMetrics(registry: { registry: import('prom-client').Registry }): MetricsSource {
  // prom-client answers the primary's collection from this process's registry.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry.registry]);
  let nextId = 0;
  const waiting = new Map<number, { resolve: (body: string) => void; reject: (error: Error) => void }>();
  process.on('message', (message: unknown) => {
    if (!isProcessMessage(message) || message.type !== 'directory:metrics-response') return;
    const request = waiting.get(message.id);
    if (!request) return;
    waiting.delete(message.id);
    if (message.body !== undefined) request.resolve(message.body);
    else request.reject(new Error(message.error ?? 'no metrics'));
  });
  return {
    render() {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timeout = setTimeout(() => {
          waiting.delete(id);
          reject(new Error('the primary did not answer with the metrics within 10 s'));
        }, 10_000);
        waiting.set(id, {
          resolve: (body) => {
            clearTimeout(timeout);
            resolve({ contentType: AggregatorRegistry.PROMETHEUS_CONTENT_TYPE, body });
          },
          reject: (error) => {
            clearTimeout(timeout);
            reject(error);
          },
        });
        process.send?.({ type: 'directory:metrics-request', id } satisfies ProcessMessage);
      });
    },
  };
}
