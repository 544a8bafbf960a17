// Who the administrator is and what their password hash is. Precedence, highest first:
//   1. a password set with `directory admin set-password` (stored in the database),
//   2. ADMIN_USERNAME + ADMIN_PASSWORD_HASH from the environment,
//   3. outside production only, a password generated at a development start (stored in the database).
// A generated password never counts in production: it was printed on some developer's console.
import { randomBytes } from 'node:crypto';
import {
  bumpSessionGeneration,
  getAdminCredentials,
  insertAdminCredentialsIfAbsent,
  saveAdminCredentials,
} from '../../../db/admin-repository.ts';
import type { Store } from '../../../db/store/store.ts';
import { type Config, ConfigError } from '../../config.ts';
import { hashPassword, MAX_PASSWORD_LENGTH } from './password-hash.ts';

export type CredentialsConfig = Pick<Config, 'NODE_ENV' | 'ADMIN_USERNAME' | 'ADMIN_PASSWORD_HASH'>;

export type CredentialsSource = 'database' | 'environment' | 'generated';

export interface AdminCredentials {
  username: string;
  passwordHash: string;
  source: CredentialsSource;
}

/** Shortest password `set-password` and `hash-password` accept. */
export const MIN_PASSWORD_LENGTH = 12;

/** Read on every login and session check (not cached at boot), so that `set-password` on a running
 *  server, or on another instance of the same database, takes effect at once. */
export async function effectiveAdminCredentials(
  store: Store,
  config: CredentialsConfig,
): Promise<AdminCredentials | undefined> {
  const stored = await getAdminCredentials(store);
  if (stored?.origin === 'cli') {
    return { username: stored.username, passwordHash: stored.password_hash, source: 'database' };
  }
  if (config.ADMIN_PASSWORD_HASH !== undefined) {
    return {
      username: config.ADMIN_USERNAME,
      passwordHash: config.ADMIN_PASSWORD_HASH,
      source: 'environment',
    };
  }
  if (stored?.origin === 'generated' && config.NODE_ENV !== 'production') {
    return { username: stored.username, passwordHash: stored.password_hash, source: 'generated' };
  }
  return undefined;
}

export interface EnsuredCredentials {
  username: string;
  source: CredentialsSource;
  /** Only when this call generated the password: the boot code prints it once; it is stored nowhere. */
  generatedPassword?: string;
}

/** Boot check. Production without credentials is a ConfigError; a development start without any
 *  gets a strong random password. */
export async function ensureAdminCredentials(
  store: Store,
  config: CredentialsConfig,
  now: () => number = Date.now,
): Promise<EnsuredCredentials> {
  const current = await effectiveAdminCredentials(store, config);
  if (current) return { username: current.username, source: current.source };
  if (config.NODE_ENV === 'production') {
    throw new ConfigError(
      'No admin credentials: with NODE_ENV=production set ADMIN_PASSWORD_HASH (print one with `directory admin hash-password`) or run `directory admin set-password` first.',
    );
  }
  const password = generatePassword();
  const inserted = await insertAdminCredentialsIfAbsent(store, {
    username: config.ADMIN_USERNAME,
    passwordHash: await hashPassword(password),
    origin: 'generated',
    updatedAt: new Date(now()).toISOString(),
  });
  if (!inserted) {
    // Another process starting on the same database generated one meanwhile; it printed its own.
    const winner = await effectiveAdminCredentials(store, config);
    if (winner) return { username: winner.username, source: winner.source };
  }
  return { username: config.ADMIN_USERNAME, source: 'generated', generatedPassword: password };
}

/** 144 random bits as 24 URL-safe characters: easy to copy from a terminal, impossible to guess. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/** Why a new password is refused, or undefined when it is acceptable. */
export function passwordProblem(password: string): string | undefined {
  if (password.trim() === '') return 'The password is empty.';
  if ([...password].length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters.`;
  if (/[\u0000-\u001f\u007f]/.test(password)) return 'The password contains control characters.';
  return undefined;
}

export class PasswordRejectedError extends Error {}

/** Stores a new password (for a possibly new username) and kills every session issued before, of
 *  this admin and of the one it replaces. */
export async function setAdminPassword(
  store: Store,
  input: { username: string; password: string },
  now: () => number = Date.now,
): Promise<{ username: string; generation: number }> {
  const problem = passwordProblem(input.password);
  if (problem) throw new PasswordRejectedError(problem);
  const passwordHash = await hashPassword(input.password);
  const updatedAt = new Date(now()).toISOString();
  // The hash is made before the transaction: a SQLite transaction may await only its own queries.
  return store.transaction(async (tx) => {
    const previous = await getAdminCredentials(tx);
    await saveAdminCredentials(tx, { username: input.username, passwordHash, origin: 'cli', updatedAt });
    if (previous && previous.username !== input.username)
      await bumpSessionGeneration(tx, previous.username, updatedAt);
    const generation = await bumpSessionGeneration(tx, input.username, updatedAt);
    return { username: input.username, generation };
  });
}
