// Test support: a test file's demo database (the demo spreadsheet imported into a temporary SQLite
// file), the HTTP servers its tests start on it (closed after the file), and the request log lines
// their logger writes (emptied before each test).
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { type Logger, pino } from 'pino';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createTempDatabase, type TempDatabase } from '../../../db/testing/temp-database.ts';
import { importSpreadsheet } from '../../domain/import/import-spreadsheet.ts';
import { DEMO_SPREADSHEET } from './demo-store.ts';

export interface DemoServers {
  /** The database (after the file's beforeAll). */
  readonly database: TempDatabase;
  /** Every line the loggers from logger() wrote since the test began, parsed. */
  readonly logLines: Record<string, unknown>[];
  logger(): Logger;
  /** Serves the handler on a free port of 127.0.0.1; resolves to its base URL. */
  listen(handler: RequestListener): Promise<string>;
}

export function demoServersForFile(): DemoServers {
  let database: TempDatabase | undefined;
  const servers: Server[] = [];
  const logLines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    database = await createTempDatabase();
    await importSpreadsheet(database, { filePath: DEMO_SPREADSHEET, startedBy: 'test' });
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    await database?.dispose();
  });
  beforeEach(() => {
    logLines.length = 0;
  });
  return {
    get database() {
      if (!database) throw new Error('the demo database is made in beforeAll');
      return database;
    },
    logLines,
    logger: () =>
      pino(
        { level: 'info' },
        new Writable({
          write(chunk, _encoding, done) {
            for (const line of String(chunk).split('\n')) if (line) logLines.push(JSON.parse(line));
            done();
          },
        }),
      ),
    async listen(handler) {
      const server = createServer(handler);
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
  };
}
