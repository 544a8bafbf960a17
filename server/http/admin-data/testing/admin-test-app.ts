// Test support: the admin auth router plus the admin data router on a real temporary database,
// a logged-in session cookie, the upload folder and the log lines written.
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import express, { type ErrorRequestHandler } from 'express';
import pino from 'pino';
import request from 'supertest';
import { createTempDatabase, type TempDatabase } from '../../../../db/testing/temp-database.ts';
import { type Config, loadConfig } from '../../../config.ts';
import { hashPassword } from '../../../domain/admin/password-hash.ts';
import { createAdminAuthRouter } from '../../admin-auth/routes.ts';
import { JobSlots } from '../job-slots.ts';
import { createAdminDataRouter } from '../router.ts';

export const ADMIN_PASSWORD = 'correct horse battery staple';
export const SITE_URL = 'https://directory.test';
/** Cheap scrypt parameters: these tests are about the routes, not the hash's cost. */
const CHEAP = { N: 1024, r: 8, p: 1 };
let cheapHash: Promise<string> | undefined;

export interface AdminTestEnv {
  database: TempDatabase;
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

export async function createAdminTestEnv(env: Record<string, string> = {}): Promise<AdminTestEnv> {
  cheapHash ??= hashPassword(ADMIN_PASSWORD, CHEAP);
  const database = await createTempDatabase('admin-data-test-');
  const uploadDir = join(database.dir, 'uploads');
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
  app.use(createAdminAuthRouter({ store: database.store, config, logger }));
  const slots = new JobSlots();
  app.use(createAdminDataRouter({ database, config, logger, slots }));
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

  return {
    database,
    config,
    app,
    cookie,
    uploadDir,
    slots,
    uploads: () => readdirSync(uploadDir),
    logs,
    dispose: () => database.dispose(),
  };
}

/** Whatever happened, an answer never carries a stack trace or an internal path. */
export function expectNoInternals(text: string): void {
  if (/\n\s+at |node_modules|\.ts:\d+/.test(text))
    throw new Error(`answer leaks internals: ${text.slice(0, 300)}`);
}
