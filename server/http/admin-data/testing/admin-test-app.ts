// Test support: the admin auth router plus the admin data router on a real temporary database (a
// SQLite file by default, or a PostgreSQL database of its own with `dialect: 'postgres'`), a
// logged-in session cookie, the upload folder and the log lines written.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import express, { type ErrorRequestHandler } from 'express';
import pino from 'pino';
import request, { type Response } from 'supertest';
import { parseDatabaseAddress } from '../../../../db/address.ts';
import type { Dialect } from '../../../../db/query/prepared-query.ts';
import type { Store } from '../../../../db/store/store.ts';
import { createTempDatabase, type TempDatabase } from '../../../../db/testing/temp-database.ts';
import { type Config, loadConfig } from '../../../config.ts';
import { hashPassword } from '../../../domain/admin/password-hash.ts';
import type { ServerDatabase } from '../../../domain/server-database.ts';
import { createSeededTestStore } from '../../../domain/testing/seeded-store.ts';
import { createTestStore } from '../../../domain/testing/test-store.ts';
import { createAdminAuthRouter } from '../../admin-auth/routes.ts';
import { JobSlots } from '../job-slots.ts';
import { createAdminDataRouter } from '../router.ts';
import { seedBusinesses } from './seed.ts';

export const ADMIN_PASSWORD = 'correct horse battery staple';
export const SITE_URL = 'https://directory.test';
/** Cheap scrypt parameters: these tests are about the routes, not the hash's cost. */
const CHEAP = { N: 1024, r: 8, p: 1 };
let cheapHash: Promise<string> | undefined;

export interface AdminTestEnv {
  /** The SQLite file (the default dialect); reading it on PostgreSQL throws: use `store`. */
  database: TempDatabase;
  /** The routes' database on either dialect. */
  store: Store;
  /** What --db takes for it (a file path or a postgres:// URL). */
  address: string;
  config: Config;
  app: express.Express;
  /** The Cookie header of a logged-in admin. */
  cookie: string;
  uploadDir: string;
  /** The admin routes' view of running jobs, to stage one. */
  slots: JobSlots;
  uploads(): string[];
  logs: Array<Record<string, unknown>>;
  dispose(): Promise<void>;
}

export async function createAdminTestEnv(
  env: Record<string, string> = {},
  options: { dialect?: Dialect; businesses?: number } = {},
): Promise<AdminTestEnv> {
  cheapHash ??= hashPassword(ADMIN_PASSWORD, CHEAP);
  const opened = await openTestDatabase(options.dialect ?? 'sqlite', options.businesses ?? 0);
  const uploadDir = join(opened.dir, 'uploads');
  mkdirSync(uploadDir);
  const config = loadConfig({
    NODE_ENV: 'test',
    ADMIN_PASSWORD_HASH: await cheapHash,
    SESSION_SECRET: 's'.repeat(40),
    SITE_URL,
    UPLOAD_DIR: uploadDir,
    ...env,
  });
  const logs: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n')) if (line) logs.push(JSON.parse(line));
      callback();
    },
  });
  const logger = pino({ level: 'debug' }, sink);

  const app = express();
  app.disable('x-powered-by');
  app.use(createAdminAuthRouter({ store: opened.server.store, config, logger }));
  const slots = new JobSlots();
  app.use(createAdminDataRouter({ database: opened.server, config, logger, slots }));
  app.use('/api', (_req, res) => {
    res.status(404).json({ error: { code: 'not_found', message: 'No such API endpoint.' } });
  });
  const onError: ErrorRequestHandler = (_error, _req, res, _next) => {
    res.status(500).json({ error: { code: 'internal', message: 'internal' } });
  };
  app.use(onError);

  const login = await request(app)
    .post('/api/admin/login')
    .send({ username: 'admin', password: ADMIN_PASSWORD });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  const setCookie = (login.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
  const cookie = setCookie.map((line) => line.split(';')[0]).join('; ');

  const testEnv = {
    store: opened.server.store,
    address: opened.address,
    config,
    app,
    cookie,
    uploadDir,
    slots,
    uploads: () => readdirSync(uploadDir),
    logs,
    dispose: opened.dispose,
  };
  return Object.defineProperty(testEnv, 'database', {
    enumerable: true,
    get() {
      if (!opened.sqlite) throw new Error('env.database is the SQLite file; on PostgreSQL use env.store');
      return opened.sqlite;
    },
  }) as AdminTestEnv;
}

/** The database and a folder for the uploads (beside the SQLite file, or a temporary one). */
async function openTestDatabase(
  dialect: Dialect,
  businesses: number,
): Promise<{
  server: ServerDatabase;
  sqlite?: TempDatabase;
  address: string;
  dir: string;
  dispose(): Promise<void>;
}> {
  if (dialect === 'sqlite') {
    const database = await createTempDatabase('admin-data-test-');
    if (businesses > 0) seedBusinesses(database.sqlite, businesses, 5);
    return {
      server: database,
      sqlite: database,
      address: database.path,
      dir: database.dir,
      dispose: () => database.dispose(),
    };
  }
  // The same generated businesses as on SQLite (copied over), or none.
  const database =
    businesses > 0
      ? await createSeededTestStore('postgres', { businesses, seed: 5 })
      : await createTestStore('postgres');
  const dir = mkdtempSync(join(tmpdir(), 'admin-data-test-'));
  return {
    server: { store: database.store, address: parseDatabaseAddress(database.address) },
    address: database.address,
    dir,
    async dispose() {
      await database.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Whatever happened, an answer never carries a stack trace or an internal path. */
export function expectNoInternals(text: string): void {
  if (/\n\s+at |node_modules|\.ts:\d+/.test(text))
    throw new Error(`answer leaks internals: ${text.slice(0, 300)}`);
}

/** supertest's `.parse()` for a binary answer (a spreadsheet): the body as one Buffer. */
export function binaryBody(res: Response, callback: (error: Error | null, body: unknown) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}
