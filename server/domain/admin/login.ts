// Checking an admin login, with throttling kept in the database: after MAX_FAILURES failures within
// WINDOW_MS for one account or one client address, every attempt is refused (even with the right
// password) until the oldest counted failure leaves the window.
import {
  deleteLoginFailure,
  deleteLoginFailuresOf,
  getSessionGeneration,
  insertLoginFailure,
  pruneLoginFailures,
  recentLoginFailureTimes,
} from '../../../db/admin-repository.ts';
import { immediateTransaction, type Sqlite } from '../../../db/connection.ts';
import { type CredentialsConfig, effectiveAdminCredentials } from './credentials.ts';
import { dummyPasswordHash, verifyPassword } from './password-hash.ts';
import { accountKey, ipKey } from './throttle-keys.ts';

export const LOGIN_THROTTLE = { maxFailures: 5, windowMs: 15 * 60 * 1000 } as const;

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

/** Milliseconds until fewer than maxFailures of these (newest first) remain in the window; 0 if already. */
function waitFor(failureTimes: number[], now: number): number {
  const oldestCounted = failureTimes[LOGIN_THROTTLE.maxFailures - 1];
  return oldestCounted === undefined ? 0 : Math.max(1, oldestCounted + LOGIN_THROTTLE.windowMs - now);
}

export async function attemptLogin(
  sqlite: Sqlite,
  config: CredentialsConfig,
  attempt: LoginAttempt,
  now: () => number = Date.now,
): Promise<LoginResult> {
  const account = accountKey(attempt.username);
  const address = ipKey(attempt.ip);
  const startedAt = now();
  const since = startedAt - LOGIN_THROTTLE.windowMs;

  // The attempt is recorded as a failure BEFORE the password is checked, in the same transaction as
  // the count: a burst of parallel guesses then sees its own in-flight attempts and cannot slip more
  // than maxFailures past the limit while scrypt runs.
  const reservation = immediateTransaction(sqlite, () => {
    pruneLoginFailures(sqlite, since);
    const wait = Math.max(
      waitFor(
        recentLoginFailureTimes(sqlite, 'account', account, since, LOGIN_THROTTLE.maxFailures),
        startedAt,
      ),
      waitFor(recentLoginFailureTimes(sqlite, 'ip', address, since, LOGIN_THROTTLE.maxFailures), startedAt),
    );
    if (wait > 0) return { throttled: true, wait } as const;
    return {
      throttled: false,
      id: insertLoginFailure(sqlite, { accountKey: account, ipKey: address, attemptedAt: startedAt }),
    } as const;
  });
  // Refused attempts are not recorded: the lock lifts on schedule instead of being extended by every
  // knock, and no password is checked, so the answer reveals nothing.
  if (reservation.throttled)
    return { outcome: 'throttled', retryAfterSeconds: Math.ceil(reservation.wait / 1000) };

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
