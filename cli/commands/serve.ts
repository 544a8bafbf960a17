// directory serve: runs the web server on the database until SIGINT/SIGTERM.
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { assertServerConfig, type Config, configuredPostgres, loadConfig } from '../../server/config.ts';
import type { RunningServer } from '../../server/index.ts';
import { drainRequested, isServerProcess, reportReady } from '../../server/runtime/server-processes.ts';
import { CliError, type CommonOptions, EXIT_FAILURE, EXIT_USAGE, say } from '../output.ts';
import type { DemoSeeding } from './seed.ts';

export function registerServe(program: Command): Command {
  return program
    .command('serve')
    .description('start the web server')
    .option('--port <port>', 'port to listen on (default: $PORT or 3000)')
    .option('--demo', 'load the demo businesses first when the database is empty')
    .option('--dev', 'development: hot reload of the pages through Vite, no answer cache')
    .action(async (options: CommonOptions & { port?: string; demo?: boolean; dev?: boolean }) => {
      const env = { ...process.env };
      if (options.db) env.DATABASE_URL = options.db;
      if (options.port !== undefined) env.PORT = String(parsePort(options.port));
      const config = loadConfig(env);
      assertServerConfig(config);
      if (isServerProcess()) return serveAsOneOfSeveral(config);
      if (options.demo && configuredPostgres(config)) {
        throw new CliError(
          '--demo loads a SQLite file; on PostgreSQL, load the demo businesses with `directory seed --db <url>`.',
          EXIT_USAGE,
        );
      }
      const demo = options.demo
        ? await (await import('./seed.ts')).seedDemoIfEmpty(config.DATABASE_PATH)
        : undefined;
      // Development reloads code in one process; several would each run their own Vite.
      if (config.SERVER_PROCESSES > 1 && !options.dev) return servePrimary(config, demo);
      const server = await (await serving()).startServer(config, { dev: options.dev });
      say(startBanner(config, server, demo));
      await untilStopped(() => server.close());
    });
}

/** The serving code (the app, its pages, the search), loaded only by a process that serves: the
 *  primary of several loads none of it (server/process-group.ts). */
const serving = () => import('../../server/index.ts');

/** One of several server processes: serves until the primary (or a signal) asks it to drain. */
async function serveAsOneOfSeveral(config: Config): Promise<void> {
  const drain = drainRequested();
  const server = await (await serving()).startServer(config, { oneOfSeveral: true });
  reportReady(server.port);
  await Promise.race([drain.then(() => server.close()), untilStopped(() => server.close())]);
  // The channel to the primary would keep this process alive.
  process.exit(0);
}

/** The primary of several server processes: they serve; it drains them all on the first signal. */
async function servePrimary(config: Config, demo: DemoSeeding | undefined): Promise<void> {
  const { startServerProcessGroup } = await import('../../server/process-group.ts');
  const group = await startServerProcessGroup(config);
  say(startBanner(config, group, demo));
  const code = await Promise.race([untilStopped(() => group.close()).then(() => 0), group.failed]);
  if (code !== 0) process.exitCode = code;
}

/** Runs until SIGINT/SIGTERM, then `stop()`: the first signal drains (/readyz turns 503, the requests
 *  in flight finish, up to DRAIN_TIMEOUT_MS, then the database closes); a second one stops at once (a
 *  second Ctrl-C). */
function untilStopped(stop: () => Promise<void>): Promise<void> {
  return new Promise<void>((resolve) => {
    const forceStop = () => {
      say('Stopping now, without waiting for the requests in flight.');
      process.exit(EXIT_FAILURE);
    };
    const onSignal = () => {
      process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
      process.once('SIGINT', forceStop).once('SIGTERM', forceStop);
      void stop().then(() => {
        process.off('SIGINT', forceStop).off('SIGTERM', forceStop);
        resolve();
      });
    };
    process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  });
}

/** A port to listen on: a whole number from 1 to 65535 (0 would pick a random one nobody is told of
 *  beforehand; PORT=0 in the environment still does, for tests). */
export function parsePort(text: string): number {
  const port = /^\d{1,5}$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new CliError(`--port takes a whole number from 1 to 65535, not "${text}"`, EXIT_USAGE);
  }
  return port;
}

/** Printed once at start: where the site answers, on which data, and how to sign in. The first line
 *  is what scripts wait for ("Serving"). */
export function startBanner(
  config: Config,
  server: Pick<RunningServer, 'port' | 'metricsPort' | 'siteUrl' | 'admin' | 'processes'>,
  demo: DemoSeeding | undefined,
): string {
  const wildcard = config.HOST === '0.0.0.0' || config.HOST === '::';
  const address = `http://${wildcard ? 'localhost' : config.HOST}:${server.port}`;
  const lines = [`Serving ${config.SITE_NAME} on ${address}`];
  if (server.siteUrl !== address) lines.push(`  public address  ${server.siteUrl} (SITE_URL)`);
  lines.push(`  database        ${configuredPostgres(config)?.display ?? resolve(config.DATABASE_PATH)}`);
  if (server.processes > 1) lines.push(`  processes       ${server.processes} (SERVER_PROCESSES)`);
  if (demo) {
    lines.push(
      demo.seeded
        ? `  demo data       ${demo.businesses} demo businesses loaded now`
        : `  demo data       not loaded: the database already holds ${demo.businesses} businesses`,
    );
  }
  if (server.metricsPort !== undefined)
    lines.push(
      `  metrics         http://${wildcard ? 'localhost' : config.HOST}:${server.metricsPort}/metrics`,
    );
  else if (config.METRICS_TOKEN !== undefined)
    lines.push(`  metrics         ${address}/metrics (METRICS_TOKEN)`);
  const { admin } = server;
  const signIn = `  admin sign-in   ${address}/admin, username "${admin.username}"`;
  if (admin.generatedPassword) {
    lines.push(
      `${signIn}, password "${admin.generatedPassword}"`,
      '                  (generated now and shown only this once; set your own with `directory admin set-password`)',
    );
  } else {
    const from = {
      environment: 'the password whose hash is ADMIN_PASSWORD_HASH',
      database: 'the password set with `directory admin set-password`',
      generated:
        'the password generated and shown at the first start; `directory admin set-password` sets a new one',
    }[admin.source];
    lines.push(`${signIn}, ${from}`);
  }
  return lines.join('\n');
}
