// directory serve: runs the web server on the database until SIGINT/SIGTERM.
import type { Command } from 'commander';
import { loadConfig } from '../../server/config.ts';
import { startServer } from '../../server/index.ts';
import { CliError, type CommonOptions, EXIT_USAGE, say } from '../output.ts';
import { seedDemoIfEmpty } from './seed.ts';

export function registerServe(program: Command): Command {
  return program
    .command('serve')
    .description('start the web server')
    .option('--port <port>', 'port to listen on (default: $PORT or 3000)')
    .option('--demo', 'load the demo businesses first when the database is empty')
    .option('--dev', 'development: hot reload of the pages through Vite, no answer cache')
    .action(async (options: CommonOptions & { port?: string; demo?: boolean; dev?: boolean }) => {
      const env = { ...process.env };
      if (options.db) env.DATABASE_PATH = options.db;
      if (options.port !== undefined) env.PORT = String(parsePort(options.port));
      const config = loadConfig(env);
      if (options.demo) await seedDemoIfEmpty(config.DATABASE_PATH);
      const server = await startServer(config, { dev: options.dev });
      say(
        `Serving ${config.SITE_NAME} on http://localhost:${server.port} (database ${config.DATABASE_PATH})`,
      );
      await new Promise<void>((resolve) => {
        const stop = () => {
          void server.close().then(resolve);
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
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
