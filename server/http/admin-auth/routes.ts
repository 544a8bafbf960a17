// The admin area's front door: login, check-auth, logout, and requireAdmin for every other admin route.
// Mount the router before any other /api/admin route; it also gives all of /api/admin its no-store,
// cross-site and JSON body (100 kB) handling:
//   app.use(createAdminAuthRouter(deps));
//   app.use('/api/admin', requireAdmin, otherAdminRoutes);
import express, { type ErrorRequestHandler, type RequestHandler, type Router } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Store } from '../../../db/store/store.ts';
import type { Config } from '../../config.ts';
import { attemptLogin } from '../../domain/admin/login.ts';
import { MAX_PASSWORD_LENGTH } from '../../domain/admin/password-hash.ts';
import { rejectCrossSite } from './csrf.ts';
import {
  cookiesMustBeSecure,
  createSessionMiddleware,
  currentAdmin,
  endSession,
  type SessionDeps,
  startSession,
} from './session.ts';

export { currentAdmin } from './session.ts';

export interface AdminAuthDeps {
  /** The database the admin account and its sessions live in. */
  store: Store;
  config: Config;
  logger?: Logger;
  /** Unix milliseconds; injected by tests to move through timeouts and throttling windows. */
  now?: () => number;
}

export const ADMIN_JSON_LIMIT = '100kb';

const loginBody = z.object({
  username: z.string().min(1).max(200),
  password: z.string().min(1).max(MAX_PASSWORD_LENGTH),
});

const INVALID_CREDENTIALS = { success: false, message: 'Invalid credentials' } as const;

function errorBody(code: string, message: string, extra: Record<string, unknown> = {}) {
  return { error: { code, message, ...extra } };
}

/** Names the first field at fault, in words a person reading the response understands. */
function describeLoginProblem(body: unknown, error: z.ZodError): { field?: string; message: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { message: 'Send a JSON object {username, password} with Content-Type: application/json.' };
  }
  const issue = error.issues[0];
  const field = String(issue?.path[0] ?? '');
  const value = (body as Record<string, unknown>)[field];
  if (value === undefined || value === '') return { field, message: `${field} is required` };
  if (issue?.code === 'invalid_type') return { field, message: `${field} must be a string` };
  return { field, message: `${field} is too long` };
}

/** 401 JSON unless the request carries a valid admin session. */
export const requireAdmin: RequestHandler = (req, res, next) => {
  if (currentAdmin(req)) {
    next();
    return;
  }
  res.status(401).json(errorBody('unauthenticated', 'Log in to use the admin area.'));
};

const noStore: RequestHandler = (_req, res, next) => {
  // Admin answers (and the Set-Cookie on them) must never be kept by a browser or a shared cache.
  res.set('Cache-Control', 'no-store');
  next();
};

export function createAdminAuthRouter(deps: AdminAuthDeps): Router {
  const { config, logger } = deps;
  const now = deps.now ?? Date.now;
  // The server still runs on its SQLite connection; the admin area reaches it through the store, as
  // the CLI reaches either database (the store over a connection is made once, here).
  const { store } = deps;
  const sessionDeps: SessionDeps = { store, config, now };
  const router = express.Router();

  router.use(
    '/api/admin',
    noStore,
    rejectCrossSite,
    ...createSessionMiddleware(sessionDeps),
    express.json({ limit: ADMIN_JSON_LIMIT }),
  );

  router.post('/api/admin/login', async (req, res) => {
    const parsed = loginBody.safeParse(req.body);
    if (!parsed.success) {
      const { field, message } = describeLoginProblem(req.body, parsed.error);
      res.status(400).json(errorBody('invalid_request', message, field ? { field } : {}));
      return;
    }
    if (cookiesMustBeSecure(config) && !req.secure) {
      // The Secure cookie would be dropped without a word and the login would seem to succeed.
      logger?.error(
        'admin login over plain HTTP in production: serve HTTPS, or set TRUST_PROXY behind a TLS proxy',
      );
      res.status(403).json({ success: false, message: 'Admin login requires HTTPS.' });
      return;
    }
    const result = await attemptLogin(store, config, { ...parsed.data, ip: req.ip }, now);
    if (result.outcome === 'throttled') {
      logger?.warn({ ip: req.ip }, 'admin login throttled');
      res.set('Retry-After', String(result.retryAfterSeconds));
      const minutes = Math.ceil(result.retryAfterSeconds / 60);
      res.status(429).json({
        success: false,
        message: `Too many failed login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      });
      return;
    }
    if (result.outcome === 'invalid') {
      // The username tried is not logged: people type their password into that field.
      logger?.warn({ ip: req.ip }, 'admin login failed');
      res.status(401).json(INVALID_CREDENTIALS);
      return;
    }
    startSession(req, sessionDeps, result);
    logger?.info({ ip: req.ip, username: result.username }, 'admin logged in');
    res.json({ success: true });
  });

  router.get('/api/admin/check-auth', (req, res) => {
    const admin = currentAdmin(req);
    if (admin) res.json({ authenticated: true, username: admin.username });
    else res.status(401).json({ authenticated: false });
  });

  router.post('/api/admin/logout', async (req, res) => {
    const admin = currentAdmin(req);
    await endSession(req, sessionDeps);
    if (admin) logger?.info({ ip: req.ip, username: admin.username }, 'admin logged out');
    res.json({ success: true });
  });

  // Errors raised inside this router (body parsing, the database): JSON, never a stack trace.
  const onError: ErrorRequestHandler = (error: unknown, _req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const status = (error as { status?: unknown }).status;
    const type = (error as { type?: unknown }).type;
    if (status === 413) {
      res.status(413).json(errorBody('payload_too_large', 'The request body is larger than 100 kB.'));
    } else if (type === 'entity.parse.failed') {
      res.status(400).json(errorBody('invalid_json', 'The request body is not valid JSON.'));
    } else if (typeof status === 'number' && status >= 400 && status < 500) {
      res.status(status).json(errorBody('bad_request', 'The request body could not be read.'));
    } else {
      logger?.error({ err: error }, 'admin auth request failed');
      res.status(500).json(errorBody('internal', 'Something went wrong on our side.'));
    }
  };
  router.use('/api/admin', onError);
  return router;
}
