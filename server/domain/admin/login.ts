// Checking an admin login, with throttling kept in the database: after LOGIN_THROTTLE.maxEvents
// failures within its window for one account or one client address, every attempt is refused (even
// with the right password) until the oldest counted failure leaves the window (the site's sliding
// window, rate-limit/sliding-window.ts).
import {
  clearLoginFailures,
  deleteLoginFailure,
  deleteLoginFailuresOf,
  getSessionGeneration,
  insertLoginFailure,
  pruneLoginFailures,
  recentLoginFailureTimes,
} from '../../../db/admin-repository.ts';
import { immediateTransaction, type Sqlite } from '../../../db/connection.ts';
import {
  retryAfterSeconds,
  type SlidingWindowLimiter,
  type SlidingWindowPolicy,
  slidingWindowLimiter,
} from '../rate-limit/sliding-window.ts';
import { accountKey, ipKey } from '../rate-limit/throttle-keys.ts';
import { type CredentialsConfig, effectiveAdminCredentials } from './credentials.ts';
import { dummyPasswordHash, verifyPassword } from './password-hash.ts';

export const LOGIN_THROTTLE: SlidingWindowPolicy = { maxEvents: 5, windowMs: 15 * 60 * 1000 };

/** One failure counts against the account tried and against the client's address. */
interface LoginSubject {
  account: string;
  address: string;
}

function loginLimiter(sqlite: Sqlite): SlidingWindowLimiter<LoginSubject> {
  return slidingWindowLimiter(LOGIN_THROTTLE, {
    recentTimes: ({ account, address }, since, limit) => [
      recentLoginFailureTimes(sqlite, 'account', account, since, limit),
      recentLoginFailureTimes(sqlite, 'ip', address, since, limit),
    ],
    record: ({ account, address }, at) =>
      insertLoginFailure(sqlite, { accountKey: account, ipKey: address, attemptedAt: at }),
    prune: (before) => pruneLoginFailures(sqlite, before),
  });
}

export interface LoginAttempt {
  username: string;
  password: string;
  /** The client address as the HTTP layer sees it (after trust proxy). */
  ip: string | undefined;
}

export type LoginResult =
  | { outcome: 'success'; username: string; passwordHash: string; generation: number }
  | { outcome: 'invalid' }
  | { outcome: 'throttled'; retryAfterSeconds: number };

export async function attemptLogin(
  sqlite: Sqlite,
  config: CredentialsConfig,
  attempt: LoginAttempt,
  now: () => number = Date.now,
): Promise<LoginResult> {
  const account = accountKey(attempt.username);
  const address = ipKey(attempt.ip);

  // The attempt is recorded as a failure BEFORE the password is checked, in the same transaction as
  // the count: a burst of parallel guesses then sees its own in-flight attempts and cannot slip more
  // than maxEvents past the limit while scrypt runs.
  const limiter = loginLimiter(sqlite);
  const reservation = immediateTransaction(sqlite, () => limiter.reserve({ account, address }, now()));
  // A refused attempt checks no password, so the answer reveals nothing.
  if (!reservation.allowed)
    return { outcome: 'throttled', retryAfterSeconds: retryAfterSeconds(reservation.waitMs) };

  // Unknown user and wrong password do the same work: scrypt against a hash of the same cost.
  const admin = effectiveAdminCredentials(sqlite, config);
  const known = admin !== undefined && accountKey(admin.username) === account;
  const hash = known ? admin.passwordHash : dummyPasswordHash(admin?.passwordHash);
  const matches = await verifyPassword(attempt.password, hash);
  if (!known || !matches) return { outcome: 'invalid' };

  deleteLoginFailure(sqlite, reservation.id);
  // The client's own earlier typos on this account are forgiven; failures from elsewhere still count.
  deleteLoginFailuresOf(sqlite, account, address);
  return {
    outcome: 'success',
    username: admin.username,
    passwordHash: admin.passwordHash,
    generation: getSessionGeneration(sqlite, admin.username),
  };
}

/** Forgets every failed login: the lock-out of every account and address ends now (`directory admin
 *  unlock`). Returns how many failures were forgotten. */
export function unlockLogins(sqlite: Sqlite): number {
  return clearLoginFailures(sqlite);
}
