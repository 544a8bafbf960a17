// Boot: configuration → database (migrated) → app → listen → graceful shutdown.
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { assertServerConfig, type Config, loadConfig } from './config.ts';
import { ensureAdminCredentials } from './domain/admin/credentials.ts';
import { openAndPrepareDatabase } from './domain/open-database.ts';
import { createApp } from './http/app.ts';

export interface RunningServer {
  port: number;
  close(): Promise<void>;
}

export async function startServer(config: Config = loadConfig()): Promise<RunningServer> {
  assertServerConfig(config);
  const logger = pino({ level: config.LOG_LEVEL });
  const database = await openAndPrepareDatabase(config.DATABASE_PATH);
  const admin = await ensureAdminCredentials(database.sqlite, config);
  if (admin.generatedPassword) {
    // Development only (production refuses to start without credentials): shown once, stored hashed.
    process.stderr.write(
      `\nAdmin sign-in for this database: username "${admin.username}", password "${admin.generatedPassword}"\n` +
        'Set your own with `directory admin set-password` or ADMIN_PASSWORD_HASH.\n\n',
    );
  }
  const app = createApp({ database, config, logger });
  const server = app.listen(config.PORT, config.HOST);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  logger.info({ port, database: config.DATABASE_PATH }, 'listening');

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= new Promise<void>((resolve) => {
      // Stop accepting, let in-flight requests finish, then close the database.
      server.close(() => {
        void database.close().then(resolve);
      });
      server.closeIdleConnections();
    });
    return closing;
  };
  return { port, close };
}
