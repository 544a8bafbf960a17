// The primary of several server processes on one port (SERVER_PROCESSES; decision 0032): it migrates
// the database and makes the admin account once, starts the processes that serve, and drains them.
// It serves nothing itself, so it loads none of the serving code (the app, its pages, the search):
// `directory serve` imports this module, not server/index.ts, in the primary (decision 0046: its RSS
// went from 107 MB to 74 MB).
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { type Config, configuredDatabase } from './config.ts';
import { type EnsuredCredentials, ensureAdminCredentials } from './domain/admin/credentials.ts';
import { openServerDatabase } from './domain/open-database.ts';
import { listen } from './http/listen.ts';
import { closeHttpServer } from './http/operations/close-http-server.ts';
import type { startMetricsServer } from './http/operations/metrics-server.ts';
import type { RunningServer } from './index.ts';
import { startServerProcesses } from './runtime/server-processes.ts';

/** A port free on `host` now. */
async function freePort(host: string): Promise<number> {
  const probe = createServer();
  const port = await listen(probe, 0, host);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Several server processes on one port (SERVER_PROCESSES; decision 0032), from the primary: the
 * database is migrated and the admin account made here, once, before they start (each would
 * otherwise race to do it); METRICS_PORT serves all of them together from here.
 */
export async function startServerProcessGroup(
  config: Config,
): Promise<RunningServer & { failed: Promise<number> }> {
  const opened = await openServerDatabase(configuredDatabase(config));
  let admin: EnsuredCredentials;
  try {
    admin = await ensureAdminCredentials(opened.database.store, config);
  } finally {
    await opened.close();
  }
  const env: Record<string, string> = {};
  // Development without SESSION_SECRET: one random key, the same in every process.
  if (config.SESSION_SECRET === undefined) env.SESSION_SECRET = randomBytes(48).toString('base64');
  // PORT=0 (tests): one free port for all, named, so that a replacement process listens on it too
  // (node:cluster shares a listening socket by the address asked for, and "0" asked again is new).
  if (config.PORT === 0) env.PORT = String(await freePort(config.HOST));
  const group = await startServerProcesses({
    count: config.SERVER_PROCESSES,
    env,
    drainTimeoutMs: config.DRAIN_TIMEOUT_MS,
    log: (level, message) => process.stderr.write(`${level}: ${message}\n`),
  });
  let metricsServer: Awaited<ReturnType<typeof startMetricsServer>> | undefined;
  if (config.METRICS_PORT !== undefined) {
    try {
      // The metrics server (Express's router) only where METRICS_PORT asks for it.
      const metricsModule = await import('./http/operations/metrics-server.ts');
      metricsServer = await metricsModule.startMetricsServer(group.metrics, {
        host: config.HOST,
        port: config.METRICS_PORT,
      });
    } catch (error) {
      await group.close();
      throw error;
    }
  }
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      await group.close();
      if (metricsServer) await closeHttpServer(metricsServer.server, 0);
    })();
    return closing;
  };
  return {
    port: group.port,
    metricsPort: metricsServer?.port,
    siteUrl: config.siteUrlFromPort ? `http://localhost:${group.port}` : config.SITE_URL,
    admin,
    processes: config.SERVER_PROCESSES,
    close,
    failed: group.failed.then(async (code) => {
      await close();
      return code;
    }),
  };
}
