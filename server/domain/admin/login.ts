// Checking an admin login, with throttling kept in the database: after LOGIN_THROTTLE.maxEvents
// failures within its window for one account or one client address, every attempt is refused (even
// with the right password) until the oldest counted failure leaves the window (the site's sliding
// window, rate-limit/sliding-window.ts). Nothing of it is kept in a process: every instance on the
// same database counts the same failures.
import {
  clearLoginFailures,
  deleteLoginFailure,
  deleteLoginFailuresOf,
  getSessionGeneration,
  insertLoginFailure,
  pruneLoginFailures,
  recentLoginFailureTimes,
} from '../../../db/admin-repository.ts';
import type { Store } from '../../../db/store/store.ts';
import { lockTableForWrites } from '../../../db/table-write-lock.ts';
import {
  retryAfterSeconds,
  type SlidingWindowPolicy,
  type StoredSlidingWindowLimiter,
  storedSlidingWindowLimiter,
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

function loginLimiter(store: Store): StoredSlidingWindowLimiter<LoginSubject> {
  return storedSlidingWindowLimiter(LOGIN_THROTTLE, {
    recentTimes: async ({ account, address }, since, limit) => [
      await recentLoginFailureTimes(store, 'account', account, since, limit),
      await recentLoginFailureTimes(store, 'ip', address, since, limit),
    ],
    record: ({ account, address }, at) =>
      insertLoginFailure(store, { accountKey: account, ipKey: address, attemptedAt: at }),
    prune: async (before) => {
      await pruneLoginFailures(store, before);
    },
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
  store: Store,
  config: CredentialsConfig,
  attempt: LoginAttempt,
  now: () => number = Date.now,
): Promise<LoginResult> {
  const account = accountKey(attempt.username);
  const address = ipKey(attempt.ip);

  // The attempt is recorded as a failure BEFORE the password is checked, in the same transaction as
  // the count: a burst of parallel guesses then sees its own in-flight attempts and cannot slip more
  // than maxEvents past the limit while scrypt runs. On PostgreSQL the table is locked for that
  // (SQLite's write transaction keeps other writers out already), so instances cannot slip past it
  // together either.
  const reservation = await store.transaction(async (tx) => {
    await lockTableForWrites(tx, 'admin_login_failures');
    return loginLimiter(tx).reserve({ account, address }, now());
  });
  // A refused attempt checks no password, so the answer reveals nothing.
  if (!reservation.allowed)
    return { outcome: 'throttled', retryAfterSeconds: retryAfterSeconds(reservation.waitMs) };

  // Unknown user and wrong password do the same work: scrypt against a hash of the same cost.
  const admin = await effectiveAdminCredentials(store, config);
  const known = admin !== undefined && accountKey(admin.username) === account;
  const hash = known ? admin.passwordHash : dummyPasswordHash(admin?.passwordHash);
  const matches = await verifyPassword(attempt.password, hash);
  if (!known || !matches) return { outcome: 'invalid' };

  await deleteLoginFailure(store, reservation.id);
  // The client's own earlier typos on this account are forgiven; failures from elsewhere still count.
  await deleteLoginFailuresOf(store, account, address);
  return {
    outcome: 'success',
    username: admin.username,
    passwordHash: admin.passwordHash,
    generation: await getSessionGeneration(store, admin.username),
  };
}

/** Forgets every failed login: the lock-out of every account and address ends now (`directory admin
 *  unlock`). Returns how many failures were forgotten. */
export function unlockLogins(store: Store): Promise<number> {
  return clearLoginFailures(store);
}
