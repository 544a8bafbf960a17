// All SQL of the admin area: credentials set from the CLI, session generations, login failures.
// Raw better-sqlite3 with statements prepared once per connection: the session check runs on every
// admin request.
import type {
  AdminCredentialsOrigin,
  AdminCredentialsTable,
  AdminLoginFailureTable,
} from './admin-schema.ts';
import type { Sqlite } from './connection.ts';
import { type CachedStatement, cachedStatement } from './statement-cache.ts';

const SQL = {
  getCredentials:
    'SELECT id, username, password_hash, origin, updated_at FROM admin_credentials WHERE id = 1',
  upsertCredentials: `INSERT INTO admin_credentials (id, username, password_hash, origin, updated_at)
    VALUES (1, @username, @passwordHash, @origin, @updatedAt)
    ON CONFLICT (id) DO UPDATE SET username = excluded.username, password_hash = excluded.password_hash,
      origin = excluded.origin, updated_at = excluded.updated_at`,
  insertCredentialsIfAbsent: `INSERT INTO admin_credentials (id, username, password_hash, origin, updated_at)
    VALUES (1, @username, @passwordHash, @origin, @updatedAt) ON CONFLICT (id) DO NOTHING`,
  getGeneration: 'SELECT generation FROM admin_session_generations WHERE username = ?',
  bumpGeneration: `INSERT INTO admin_session_generations (username, generation, updated_at) VALUES (?, 1, ?)
    ON CONFLICT (username) DO UPDATE SET generation = generation + 1, updated_at = excluded.updated_at
    RETURNING generation`,
  failuresByAccount: `SELECT attempted_at FROM admin_login_failures
    WHERE account_key = ? AND attempted_at > ? ORDER BY attempted_at DESC LIMIT ?`,
  failuresByIp: `SELECT attempted_at FROM admin_login_failures
    WHERE ip_key = ? AND attempted_at > ? ORDER BY attempted_at DESC LIMIT ?`,
  insertFailure: 'INSERT INTO admin_login_failures (account_key, ip_key, attempted_at) VALUES (?, ?, ?)',
  deleteFailure: 'DELETE FROM admin_login_failures WHERE id = ?',
  deleteFailuresOf: 'DELETE FROM admin_login_failures WHERE account_key = ? AND ip_key = ?',
  pruneFailures: 'DELETE FROM admin_login_failures WHERE attempted_at <= ?',
  clearFailures: 'DELETE FROM admin_login_failures',
} as const;

type StatementName = keyof typeof SQL;

function statement(sqlite: Sqlite, name: StatementName): CachedStatement {
  return cachedStatement(sqlite, SQL[name]);
}

export interface AdminCredentialsInput {
  username: string;
  passwordHash: string;
  origin: AdminCredentialsOrigin;
  /** ISO-8601 UTC. */
  updatedAt: string;
}

export function getAdminCredentials(sqlite: Sqlite): AdminCredentialsTable | undefined {
  return statement(sqlite, 'getCredentials').get() as AdminCredentialsTable | undefined;
}

/** Replaces the one administrator's credentials. */
export function saveAdminCredentials(sqlite: Sqlite, input: AdminCredentialsInput): void {
  statement(sqlite, 'upsertCredentials').run(input);
}

/** Stores credentials only when none exist; false when another process got there first. */
export function insertAdminCredentialsIfAbsent(sqlite: Sqlite, input: AdminCredentialsInput): boolean {
  return statement(sqlite, 'insertCredentialsIfAbsent').run(input).changes === 1;
}

/** 0 for an admin who never logged out nor changed password. */
export function getSessionGeneration(sqlite: Sqlite, username: string): number {
  const row = statement(sqlite, 'getGeneration').get(username) as { generation: number } | undefined;
  return row?.generation ?? 0;
}

/** Increments and returns the admin's generation: every session issued before is dead. */
export function bumpSessionGeneration(sqlite: Sqlite, username: string, updatedAt: string): number {
  const row = statement(sqlite, 'bumpGeneration').get(username, updatedAt) as { generation: number };
  return row.generation;
}

export type FailureScope = 'account' | 'ip';

/** The newest failures of one account or address after `since` (Unix ms), newest first. */
export function recentLoginFailureTimes(
  sqlite: Sqlite,
  scope: FailureScope,
  key: string,
  since: number,
  limit: number,
): number[] {
  const rows = statement(sqlite, scope === 'account' ? 'failuresByAccount' : 'failuresByIp').all(
    key,
    since,
    limit,
  ) as Pick<AdminLoginFailureTable, 'attempted_at'>[];
  return rows.map((row) => row.attempted_at);
}

export function insertLoginFailure(
  sqlite: Sqlite,
  failure: { accountKey: string; ipKey: string; attemptedAt: number },
): number {
  const result = statement(sqlite, 'insertFailure').run(
    failure.accountKey,
    failure.ipKey,
    failure.attemptedAt,
  );
  return Number(result.lastInsertRowid);
}

export function deleteLoginFailure(sqlite: Sqlite, id: number): void {
  statement(sqlite, 'deleteFailure').run(id);
}

/** Forgets the failures one client made on one account (its own typos, once it got in). */
export function deleteLoginFailuresOf(sqlite: Sqlite, accountKey: string, ipKey: string): void {
  statement(sqlite, 'deleteFailuresOf').run(accountKey, ipKey);
}

/** Deletes failures at or before `before` (Unix ms); they no longer count toward any limit. */
export function pruneLoginFailures(sqlite: Sqlite, before: number): number {
  return statement(sqlite, 'pruneFailures').run(before).changes;
}

/** Forgets every recorded failure: the lock-out of every account and address ends now
 *  (`directory admin unlock`). */
export function clearLoginFailures(sqlite: Sqlite): number {
  return statement(sqlite, 'clearFailures').run().changes;
}
