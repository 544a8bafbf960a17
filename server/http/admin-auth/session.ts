// Admin sessions in a signed cookie (cookie-session), made revocable and bounded on the server:
// cookie-session alone signs but cannot revoke, and a copied cookie would live as long as its keys.
// A session counts only while
//   - its generation equals the admin's generation in the database (bumped on logout and password change),
//   - it was issued for the current administrator and password (username and password fingerprint),
//   - it is younger than 12 hours and was seen within the last 30 minutes.
// Anything else is treated as no session at all, and the cookie is cleared. What decides validity on
// the server (generation, credentials) is read from the database at every request, never kept in the
// process, so several instances on one database agree; the cookie's keys must then be the same on all
// of them (SESSION_SECRET: without it each process signs with a key of its own).
import { createHash, randomBytes } from 'node:crypto';
import cookieSession from 'cookie-session';
import type { Request, RequestHandler } from 'express';
import { z } from 'zod';
import type { Store } from '../../../db/store/store.ts';
import type { Config } from '../../config.ts';
import { effectiveAdminCredentials } from '../../domain/admin/credentials.ts';
import { currentSessionGeneration, endAdminSessions } from '../../domain/admin/sessions.ts';

export const SESSION_LIMITS = {
  idleMs: 30 * 60 * 1000,
  absoluteMs: 12 * 60 * 60 * 1000,
  /** lastSeenAt is rewritten at most this often, so that a busy admin page does not get a new
   *  Set-Cookie on every call. The idle limit is therefore exact to within this much. */
  refreshMs: 60 * 1000,
  /** Tolerated clock difference between server instances for a session issued "in the future". */
  clockSkewMs: 60 * 1000,
} as const;

export interface SessionDeps {
  store: Store;
  config: Config;
  now: () => number;
}

export interface AdminIdentity {
  username: string;
  issuedAt: number;
}

const sessionSchema = z.object({
  username: z.string().min(1).max(200),
  issuedAt: z.number().int(),
  lastSeenAt: z.number().int(),
  generation: z.number().int().min(0),
  /** Fingerprint of the password hash the session was issued under: a new ADMIN_PASSWORD_HASH
   *  (which never passes through set-password) still ends the old sessions. */
  credential: z.string(),
  /** Makes every login's cookie different, even within one millisecond. */
  nonce: z.string(),
});

type SessionData = z.infer<typeof sessionSchema>;

// Keyed by the request object itself: cannot be set from outside, and needs no type merging.
const admins = new WeakMap<Request, AdminIdentity>();

/** The administrator of this request, when the session layer accepted its cookie. */
export function currentAdmin(req: Request): AdminIdentity | undefined {
  return admins.get(req);
}

/** Secure cookies in production. Over plain HTTP the cookie module refuses to send them (silently,
 *  inside cookie-session), which is why login checks req.secure first. */
export function cookiesMustBeSecure(config: Pick<Config, 'NODE_ENV'>): boolean {
  return config.NODE_ENV === 'production';
}

/** __Host- makes browsers refuse the cookie from a sibling subdomain or over HTTP; only usable with Secure. */
export function sessionCookieName(config: Pick<Config, 'NODE_ENV'>): string {
  return cookiesMustBeSecure(config) ? '__Host-directory_session' : 'directory_session';
}

// Development without SESSION_SECRET: one random key per process (sessions end on restart). loadConfig
// refuses production without a secret, so this never signs a production cookie.
const processKey = randomBytes(32).toString('base64url');

export function sessionKeys(config: Pick<Config, 'SESSION_SECRET' | 'SESSION_SECRET_PREVIOUS'>): string[] {
  if (config.SESSION_SECRET === undefined) return [processKey];
  // The first key signs; the others only verify (and cookies they signed are re-signed with the first).
  return config.SESSION_SECRET_PREVIOUS === undefined
    ? [config.SESSION_SECRET]
    : [config.SESSION_SECRET, config.SESSION_SECRET_PREVIOUS];
}

/** Not secret material: without the salt inside the hash, a digest of the hash cannot test guesses. */
function credentialFingerprint(passwordHash: string): string {
  return createHash('sha256').update(passwordHash).digest('base64url').slice(0, 22);
}

async function isValid(data: SessionData, deps: SessionDeps, at: number): Promise<boolean> {
  if (at - data.issuedAt >= SESSION_LIMITS.absoluteMs) return false;
  if (data.issuedAt - at > SESSION_LIMITS.clockSkewMs) return false;
  if (at - data.lastSeenAt >= SESSION_LIMITS.idleMs) return false;
  const admin = await effectiveAdminCredentials(deps.store, deps.config);
  if (!admin || admin.username !== data.username) return false;
  if (credentialFingerprint(admin.passwordHash) !== data.credential) return false;
  return (await currentSessionGeneration(deps.store, data.username)) === data.generation;
}

/** cookie-session, then the server-side checks; sets currentAdmin(req) for a valid session. */
export function createSessionMiddleware(deps: SessionDeps): RequestHandler[] {
  const name = sessionCookieName(deps.config);
  const cookies = cookieSession({
    name,
    keys: sessionKeys(deps.config),
    httpOnly: true,
    sameSite: 'strict',
    secure: cookiesMustBeSecure(deps.config),
    path: '/',
    // The browser forgets the cookie at the absolute limit anyway; the server enforces it regardless.
    maxAge: SESSION_LIMITS.absoluteMs,
  });

  const check: RequestHandler = async (req, _res, next) => {
    const session = req.session;
    if (!session || session.isNew) {
      // No cookie, or one whose signature failed: clear a leftover so the browser stops sending it.
      if (req.headers.cookie?.includes(`${name}=`)) req.session = null;
      next();
      return;
    }
    const parsed = sessionSchema.safeParse({ ...session });
    const at = deps.now();
    if (!parsed.success || !(await isValid(parsed.data, deps, at))) {
      req.session = null;
      next();
      return;
    }
    admins.set(req, { username: parsed.data.username, issuedAt: parsed.data.issuedAt });
    if (at - parsed.data.lastSeenAt >= SESSION_LIMITS.refreshMs) session.lastSeenAt = at;
    next();
  };
  return [cookies, check];
}

/** A fresh session after a successful login (a new object, so nothing of an earlier cookie survives). */
export function startSession(
  req: Request,
  deps: SessionDeps,
  admin: { username: string; passwordHash: string; generation: number },
): void {
  const at = deps.now();
  const data: SessionData = {
    username: admin.username,
    issuedAt: at,
    lastSeenAt: at,
    generation: admin.generation,
    credential: credentialFingerprint(admin.passwordHash),
    nonce: randomBytes(12).toString('base64url'),
  };
  req.session = data;
  admins.set(req, { username: admin.username, issuedAt: at });
}

/** Logout: bumping the generation kills this cookie and every copy of it, wherever they are. */
export async function endSession(req: Request, deps: SessionDeps): Promise<void> {
  const admin = currentAdmin(req);
  if (admin) await endAdminSessions(deps.store, admin.username, new Date(deps.now()));
  admins.delete(req);
  req.session = null;
}
