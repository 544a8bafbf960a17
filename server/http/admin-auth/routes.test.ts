// Admin login, sessions and the cross-site check over real HTTP, each test on a SQLite file and on a
// PostgreSQL database: one database per dialect for the file, its admin tables emptied before each test.
import express, { type ErrorRequestHandler } from 'express';
import request, { type Response } from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseDatabaseAddress } from '../../../db/address.ts';
import type { Store } from '../../../db/store/store.ts';
import { type Config, loadConfig } from '../../config.ts';
import { setAdminPassword } from '../../domain/admin/credentials.ts';
import { hashPassword } from '../../domain/admin/password-hash.ts';
import { openStore } from '../../domain/open-database.ts';
import { execIn } from '../../domain/testing/sql-in.ts';
import { createTestStore, DIALECTS, type TestStore } from '../../domain/testing/test-store.ts';
import { createAdminAuthRouter, requireAdmin } from './routes.ts';
import { SESSION_LIMITS } from './session.ts';

const PASSWORD = 'the right password';
const SECRET = 'k'.repeat(40);
const CHEAP = { N: 1024, r: 8, p: 1 };
const MINUTE = 60_000;

/** The database of the dialect whose tests are running. */
let database: TestStore;
let passwordHash: string;
let clock: number;
let answers: Response[];

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD, CHEAP);
});

/** Another server process's own connection to the same database (a second SQLite connection, or a
 *  second PostgreSQL pool), opened as a server opens it. */
function openSecondConnection() {
  return openStore(parseDatabaseAddress(database.address));
}

function makeConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    ADMIN_PASSWORD_HASH: passwordHash,
    SESSION_SECRET: SECRET,
    TRUST_PROXY: 'loopback',
    ...env,
  });
}

function buildApp(config: Config = makeConfig(), store: Store = database.store) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  app.use(createAdminAuthRouter({ store, config, now: () => clock }));
  app.get('/api/admin/secret', requireAdmin, (_req, res) => {
    res.json({ secret: 42 });
  });
  app.delete('/api/admin/delete-all', requireAdmin, (_req, res) => {
    res.json({ message: 'deleted' });
  });
  const onError: ErrorRequestHandler = (_error, _req, res, _next) => {
    res.status(500).json({ error: { code: 'internal', message: 'internal' } });
  };
  app.use(onError);
  return app;
}

async function track<T extends Response>(pending: PromiseLike<T>): Promise<T> {
  const answer = await pending;
  answers.push(answer);
  return answer;
}

function setCookies(answer: Response): string[] {
  const header = answer.headers['set-cookie'] as unknown as string[] | undefined;
  return header ?? [];
}

/** The Cookie header a browser would send back after this answer. */
function cookieOf(answer: Response): string {
  return setCookies(answer)
    .map((line) => line.split(';')[0])
    .join('; ');
}

function login(
  app: express.Express,
  body: object = { username: 'admin', password: PASSWORD },
  ip = '198.51.100.7',
) {
  return track(request(app).post('/api/admin/login').set('X-Forwarded-For', ip).send(body));
}

function checkAuth(app: express.Express, cookie: string) {
  return track(request(app).get('/api/admin/check-auth').set('Cookie', cookie));
}

function secret(app: express.Express, cookie: string) {
  return track(request(app).get('/api/admin/secret').set('Cookie', cookie));
}

describe.each(DIALECTS)('on %s', (dialect) => {
  beforeAll(async () => {
    database = await createTestStore(dialect);
  }, 60_000);
  afterAll(async () => {
    await database?.dispose();
  });
  beforeEach(async () => {
    // As a new database: no stored password, no session generation, no counted failures.
    await execIn(
      database.store,
      'DELETE FROM admin_login_failures; DELETE FROM admin_session_generations; DELETE FROM admin_credentials',
    );
    clock = Date.parse('2026-03-01T10:00:00Z');
    answers = [];
  });
  afterEach(() => {
    // Whatever a test did, no answer may have carried a stack trace or an internal path.
    for (const answer of answers) {
      expect(answer.text).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
      if (new URL(answer.request.url).pathname.startsWith('/api/admin'))
        expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  describe('admin login', () => {
    it('logs in with the right credentials and sets a hardened session cookie', async () => {
      const app = buildApp();
      const answer = await login(app);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ success: true });
      const [value, signature] = setCookies(answer);
      expect(value).toMatch(/^directory_session=/);
      expect(signature).toMatch(/^directory_session\.sig=/);
      expect(value).toMatch(/; httponly/i);
      expect(value).toMatch(/; samesite=strict/i);
      expect(value).not.toMatch(/; secure/i);
      expect(value).toMatch(/; path=\//i);

      const cookie = cookieOf(answer);
      const auth = await checkAuth(app, cookie);
      expect(auth.status).toBe(200);
      expect(auth.body).toEqual({ authenticated: true, username: 'admin' });
      expect((await secret(app, cookie)).body).toEqual({ secret: 42 });
    });

    it('gives a different cookie to every login', async () => {
      const app = buildApp();
      expect(cookieOf(await login(app))).not.toBe(cookieOf(await login(app)));
    });

    it('refuses a wrong password and an unknown user with the same answer', async () => {
      const app = buildApp();
      const wrong = await login(app, { username: 'admin', password: 'not it' });
      const unknown = await login(app, { username: 'mallory', password: PASSWORD });
      for (const answer of [wrong, unknown]) {
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual({ success: false, message: 'Invalid credentials' });
        expect(setCookies(answer)).toEqual([]);
      }
      expect(wrong.text).toBe(unknown.text);
    });

    it('requires both fields, as strings, in a JSON body (400 naming the field)', async () => {
      const app = buildApp();
      const cases: [object, string, RegExp][] = [
        [{ password: PASSWORD }, 'username', /username is required/],
        [{ username: 'admin' }, 'password', /password is required/],
        [{ username: '', password: PASSWORD }, 'username', /username is required/],
        [{ username: 'admin', password: 12345 }, 'password', /password must be a string/],
        [{ username: ['admin'], password: PASSWORD }, 'username', /username must be a string/],
      ];
      for (const [body, field, message] of cases) {
        const answer = await login(app, body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body.error).toMatchObject({ code: 'invalid_request', field });
        expect(answer.body.error.message).toMatch(message);
      }
      const form = await track(
        request(app).post('/api/admin/login').type('form').send('username=admin&password=x'),
      );
      expect(form.status).toBe(400);
      expect(form.body.error.code).toBe('invalid_request');
      const broken = await track(
        request(app)
          .post('/api/admin/login')
          .set('Content-Type', 'application/json')
          .send('{"username": "admin",'),
      );
      expect(broken.status).toBe(400);
      expect(broken.body.error.code).toBe('invalid_json');
    });

    it('answers 413 JSON to a body over 100 kB', async () => {
      const app = buildApp();
      const answer = await login(app, { username: 'admin', password: 'x'.repeat(101 * 1024) });
      expect(answer.status).toBe(413);
      expect(answer.body).toEqual({
        error: { code: 'payload_too_large', message: 'The request body is larger than 100 kB.' },
      });
    });

    it('throttles the 6th failure with 429 and Retry-After, even with the right password', async () => {
      const app = buildApp();
      for (let i = 0; i < 5; i++)
        expect((await login(app, { username: 'admin', password: `guess ${i}` })).status).toBe(401);
      const throttled = await login(app);
      expect(throttled.status).toBe(429);
      expect(throttled.headers['retry-after']).toBe(String(15 * 60));
      expect(throttled.body).toEqual({
        success: false,
        message: 'Too many failed login attempts. Try again in 15 minutes.',
      });
      expect(setCookies(throttled)).toEqual([]);

      clock += 15 * MINUTE;
      expect((await login(app)).status).toBe(200);
    });

    it('counts failures per client address (across accounts) and per account (across addresses)', async () => {
      const app = buildApp();
      for (let i = 0; i < 5; i++)
        await login(app, { username: `user${i}`, password: 'guess' }, '203.0.113.5');
      expect((await login(app, undefined, '203.0.113.5')).status).toBe(429);
      expect((await login(app, undefined, '203.0.113.6')).status).toBe(200);

      for (let i = 0; i < 5; i++)
        await login(app, { username: 'admin', password: 'guess' }, `192.0.2.${i + 1}`);
      expect((await login(app, undefined, '192.0.2.99')).status).toBe(429);
    });

    it('refuses login over plain HTTP in production, and sets a Secure __Host- cookie over HTTPS', async () => {
      const app = buildApp(makeConfig({ NODE_ENV: 'production' }));
      const plain = await login(app);
      expect(plain.status).toBe(403);
      expect(plain.body).toEqual({ success: false, message: 'Admin login requires HTTPS.' });

      const https = await track(
        request(app)
          .post('/api/admin/login')
          .set('X-Forwarded-Proto', 'https')
          .send({ username: 'admin', password: PASSWORD }),
      );
      expect(https.status).toBe(200);
      const [value] = setCookies(https);
      expect(value).toMatch(/^__Host-directory_session=.*; secure/i);
      const auth = await track(
        request(app)
          .get('/api/admin/check-auth')
          .set('X-Forwarded-Proto', 'https')
          .set('Cookie', cookieOf(https)),
      );
      expect(auth.body).toEqual({ authenticated: true, username: 'admin' });
    });

    it('answers 500 JSON without details when the database fails', async () => {
      // A connection of its own, closed under the app: the file's database stays open for the others.
      const broken = await openSecondConnection();
      const app = buildApp(makeConfig(), broken.store);
      await broken.close();
      const answer = await login(app);
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({
        error: { code: 'internal', message: 'Something went wrong on our side.' },
      });
    });
  });

  describe('admin sessions', () => {
    it('answers 401 JSON on check-auth and protected routes without a session', async () => {
      const app = buildApp();
      const auth = await checkAuth(app, '');
      expect(auth.status).toBe(401);
      expect(auth.body).toEqual({ authenticated: false });
      const protectedAnswer = await secret(app, '');
      expect(protectedAnswer.status).toBe(401);
      expect(protectedAnswer.body).toEqual({
        error: { code: 'unauthenticated', message: 'Log in to use the admin area.' },
      });
    });

    it('refuses a tampered cookie, an unsigned one and one signed with another key', async () => {
      const app = buildApp();
      const cookie = cookieOf(await login(app));
      const value = /directory_session=([^;]+)/.exec(cookie)![1]!;
      const session = JSON.parse(Buffer.from(value, 'base64').toString('utf8'));
      const forged = Buffer.from(JSON.stringify({ ...session, issuedAt: clock + 11 * 60 * MINUTE })).toString(
        'base64',
      );
      const signature = /directory_session\.sig=([^;]+)/.exec(cookie)![1]!;

      const tampered = await checkAuth(
        app,
        `directory_session=${forged}; directory_session.sig=${signature}`,
      );
      expect(tampered.status).toBe(401);
      // The dead cookie is cleared so the browser stops sending it.
      expect(setCookies(tampered)[0]).toMatch(/^directory_session=;/);
      expect((await checkAuth(app, `directory_session=${value}`)).status).toBe(401);
      expect((await secret(app, `directory_session=${value}`)).status).toBe(401);

      const otherKeyApp = buildApp(makeConfig({ SESSION_SECRET: 'o'.repeat(40) }));
      expect((await checkAuth(otherKeyApp, cookie)).status).toBe(401);
      expect((await checkAuth(app, cookie)).status).toBe(200);
    });

    it('keeps sessions signed with the previous secret valid after a rotation', async () => {
      const cookie = cookieOf(await login(buildApp()));
      const rotated = buildApp(
        makeConfig({ SESSION_SECRET: 'n'.repeat(40), SESSION_SECRET_PREVIOUS: SECRET }),
      );
      expect((await checkAuth(rotated, cookie)).status).toBe(200);
      const unknownKey = buildApp(makeConfig({ SESSION_SECRET: 'n'.repeat(40) }));
      expect((await checkAuth(unknownKey, cookie)).status).toBe(401);
    });

    it('kills the session and every copy of its cookie on logout', async () => {
      const app = buildApp();
      const cookie = cookieOf(await login(app));
      const otherDevice = cookieOf(await login(app, undefined, '203.0.113.77'));
      const logout = await track(request(app).post('/api/admin/logout').set('Cookie', cookie));
      expect(logout.status).toBe(200);
      expect(logout.body).toEqual({ success: true });
      expect(setCookies(logout)[0]).toMatch(/^directory_session=;.*expires=Thu, 01 Jan 1970/i);

      expect((await checkAuth(app, cookie)).status).toBe(401);
      expect((await secret(app, cookie)).status).toBe(401);
      expect((await checkAuth(app, otherDevice)).status).toBe(401);
      // A new login works again.
      expect((await checkAuth(app, cookieOf(await login(app)))).status).toBe(200);
    });

    it('holds across server processes on one database: a logout through one ends the session on the other', async () => {
      // Two processes of one site: their own connections to the same database, the same SESSION_SECRET.
      const second = await openSecondConnection();
      try {
        const one = buildApp();
        const two = buildApp(makeConfig(), second.store);
        const cookie = cookieOf(await login(one));
        expect((await checkAuth(two, cookie)).status).toBe(200);
        expect((await track(request(two).post('/api/admin/logout').set('Cookie', cookie))).status).toBe(200);
        expect((await checkAuth(one, cookie)).status).toBe(401);
        // Failures counted by one process lock the login on the other.
        for (let i = 0; i < 5; i++) await login(one, { username: 'admin', password: 'not it' });
        expect((await login(two)).status).toBe(429);
      } finally {
        await second.close();
      }
    });

    it('answers logout without a session with success', async () => {
      const app = buildApp();
      const answer = await track(request(app).post('/api/admin/logout'));
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ success: true });
    });

    it('ends a session idle for 30 minutes, refreshing lastSeenAt at most once a minute', async () => {
      const app = buildApp();
      const cookie = cookieOf(await login(app));

      clock += 30_000;
      const soon = await checkAuth(app, cookie);
      expect(soon.status).toBe(200);
      expect(setCookies(soon)).toEqual([]); // under a minute: no Set-Cookie churn

      clock += 29 * MINUTE;
      const refreshed = await checkAuth(app, cookie);
      expect(refreshed.status).toBe(200);
      const renewed = cookieOf(refreshed);
      expect(renewed).toMatch(/directory_session=/);

      clock += 29 * MINUTE; // 58.5 minutes after login
      expect((await checkAuth(app, cookie)).status).toBe(401); // the old copy was last seen at login
      expect((await secret(app, renewed)).status).toBe(200);

      clock += SESSION_LIMITS.idleMs;
      expect((await checkAuth(app, renewed)).status).toBe(401);
    });

    it('ends a session 12 hours after login however active it is', async () => {
      const app = buildApp();
      let cookie = cookieOf(await login(app));
      const loggedInAt = clock;
      while (clock + 20 * MINUTE < loggedInAt + SESSION_LIMITS.absoluteMs) {
        clock += 20 * MINUTE;
        const answer = await checkAuth(app, cookie);
        expect(answer.status).toBe(200);
        cookie = cookieOf(answer) || cookie;
      }
      clock = loggedInAt + SESSION_LIMITS.absoluteMs;
      expect((await checkAuth(app, cookie)).status).toBe(401);
    });

    it('ends existing sessions when the password is changed from the CLI', async () => {
      const app = buildApp();
      const cookie = cookieOf(await login(app));
      await setAdminPassword(database.store, {
        username: 'admin',
        password: 'a brand new password',
      });
      expect((await checkAuth(app, cookie)).status).toBe(401);
      expect((await login(app)).status).toBe(401);
      expect((await login(app, { username: 'admin', password: 'a brand new password' })).status).toBe(200);
    });

    it('ends existing sessions when ADMIN_PASSWORD_HASH or ADMIN_USERNAME changes', async () => {
      const cookie = cookieOf(await login(buildApp()));
      const newHash = await hashPassword('another password', CHEAP);
      expect((await checkAuth(buildApp(makeConfig({ ADMIN_PASSWORD_HASH: newHash })), cookie)).status).toBe(
        401,
      );
      expect((await checkAuth(buildApp(makeConfig({ ADMIN_USERNAME: 'root' })), cookie)).status).toBe(401);
      expect((await checkAuth(buildApp(), cookie)).status).toBe(200);
    });

    it('fails closed when requireAdmin runs without the session router', async () => {
      const app = express();
      app.get('/api/admin/secret', requireAdmin, (_req, res) => {
        res.json({ secret: 42 });
      });
      expect((await request(app).get('/api/admin/secret')).status).toBe(401);
    });
  });

  describe('cross-site protection', () => {
    it('refuses a cross-site login and a cross-site DELETE with 403 JSON', async () => {
      const app = buildApp();
      const crossLogin = await track(
        request(app)
          .post('/api/admin/login')
          .set('Sec-Fetch-Site', 'cross-site')
          .send({ username: 'admin', password: PASSWORD }),
      );
      expect(crossLogin.status).toBe(403);
      expect(crossLogin.body.error.code).toBe('cross_site');
      expect(setCookies(crossLogin)).toEqual([]);

      const cookie = cookieOf(await login(app));
      const forged = [
        { 'Sec-Fetch-Site': 'cross-site' },
        { 'Sec-Fetch-Site': 'same-site', Origin: 'http://admin.example.com' },
        { Origin: 'https://evil.example' },
        { Origin: 'null' },
        { Origin: 'https://admin.example.com' }, // right host, wrong scheme
      ];
      for (const headers of forged) {
        const answer = await track(
          request(app)
            .delete('/api/admin/delete-all')
            .set('Host', 'admin.example.com')
            .set('Cookie', cookie)
            .set(headers),
        );
        expect(answer.status, JSON.stringify(headers)).toBe(403);
        expect(answer.body).toEqual({
          error: { code: 'cross_site', message: 'Cross-site requests to the admin area are refused.' },
        });
      }
    });

    it('lets same-origin browsers and non-browser clients through', async () => {
      const app = buildApp();
      const cookie = cookieOf(await login(app));
      const allowed = [
        { 'Sec-Fetch-Site': 'same-origin' },
        { 'Sec-Fetch-Site': 'none' },
        { Origin: 'http://admin.example.com' },
        { Origin: 'http://ADMIN.example.com:80' },
        { Origin: 'https://admin.example.com', 'X-Forwarded-Proto': 'https' }, // behind a trusted TLS proxy
        {},
      ];
      for (const headers of allowed) {
        const answer = await track(
          request(app)
            .delete('/api/admin/delete-all')
            .set('Host', 'admin.example.com')
            .set('Cookie', cookie)
            .set(headers),
        );
        expect(answer.status, JSON.stringify(headers)).toBe(200);
      }
    });

    it('does not block reads', async () => {
      const app = buildApp();
      const cookie = cookieOf(await login(app));
      const answer = await track(
        request(app).get('/api/admin/check-auth').set('Cookie', cookie).set('Sec-Fetch-Site', 'cross-site'),
      );
      expect(answer.status).toBe(200);
    });
  });
});
