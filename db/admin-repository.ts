// All SQL of the admin area: credentials set from the CLI, session generations, login failures.
// Written once for both dialects (decision 0034) and compiled once: the session check runs on every
// admin request. Everything that decides whether a session or a login counts lives in these tables,
// so it holds across every process and machine on the same database.
import type { Kysely } from 'kysely';
import type { AdminCredentialsOrigin, AdminCredentialsTable } from './admin-schema.ts';
import { type Database, preparedQuery } from './query/prepared-query.ts';
import type { Store } from './store/store.ts';

export interface AdminCredentialsInput {
  username: string;
  passwordHash: string;
  origin: AdminCredentialsOrigin;
  /** ISO-8601 UTC. */
  updatedAt: string;
}

const getCredentials = preparedQuery('admin_get_credentials', (db) =>
  db
    .selectFrom('admin_credentials')
    .select(['id', 'username', 'password_hash', 'origin', 'updated_at'])
    .where('id', '=', 1),
);

const credentialsRow = (db: Kysely<Database>, args: AdminCredentialsInput) =>
  db.insertInto('admin_credentials').values({
    id: 1,
    username: args.username,
    password_hash: args.passwordHash,
    origin: args.origin,
    updated_at: args.updatedAt,
  });

const upsertCredentials = preparedQuery('admin_upsert_credentials', (db, args: AdminCredentialsInput) =>
  credentialsRow(db, args).onConflict((conflict) =>
    conflict.column('id').doUpdateSet((eb) => ({
      username: eb.ref('excluded.username'),
      password_hash: eb.ref('excluded.password_hash'),
      origin: eb.ref('excluded.origin'),
      updated_at: eb.ref('excluded.updated_at'),
    })),
  ),
);

const insertCredentialsIfAbsent = preparedQuery(
  'admin_insert_credentials_if_absent',
  (db, args: AdminCredentialsInput) =>
    credentialsRow(db, args).onConflict((conflict) => conflict.column('id').doNothing()),
);

const getGeneration = preparedQuery('admin_get_generation', (db, args: { username: string }) =>
  db.selectFrom('admin_session_generations').select('generation').where('username', '=', args.username),
);

const bumpGeneration = preparedQuery(
  'admin_bump_generation',
  (db, args: { username: string; updatedAt: string }) =>
    db
      .insertInto('admin_session_generations')
      .values({ username: args.username, generation: 1, updated_at: args.updatedAt })
      .onConflict((conflict) =>
        conflict.column('username').doUpdateSet((eb) => ({
          generation: eb('admin_session_generations.generation', '+', 1),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .returning('generation'),
);

type FailureWindow = { key: string; since: number; limit: number };

const failuresByAccount = preparedQuery('admin_failures_by_account', (db, args: FailureWindow) =>
  db
    .selectFrom('admin_login_failures')
    .select('attempted_at')
    .where('account_key', '=', args.key)
    .where('attempted_at', '>', args.since)
    .orderBy('attempted_at', 'desc')
    .limit(args.limit),
);

const failuresByIp = preparedQuery('admin_failures_by_ip', (db, args: FailureWindow) =>
  db
    .selectFrom('admin_login_failures')
    .select('attempted_at')
    .where('ip_key', '=', args.key)
    .where('attempted_at', '>', args.since)
    .orderBy('attempted_at', 'desc')
    .limit(args.limit),
);

const insertFailure = preparedQuery(
  'admin_insert_failure',
  (db, args: { accountKey: string; ipKey: string; attemptedAt: number }) =>
    db
      .insertInto('admin_login_failures')
      .values({ account_key: args.accountKey, ip_key: args.ipKey, attempted_at: args.attemptedAt })
      .returning('id'),
);

const deleteFailure = preparedQuery('admin_delete_failure', (db, args: { id: number }) =>
  db.deleteFrom('admin_login_failures').where('id', '=', args.id),
);

const deleteFailuresOf = preparedQuery(
  'admin_delete_failures_of',
  (db, args: { accountKey: string; ipKey: string }) =>
    db
      .deleteFrom('admin_login_failures')
      .where('account_key', '=', args.accountKey)
      .where('ip_key', '=', args.ipKey),
);

const pruneFailures = preparedQuery('admin_prune_failures', (db, args: { before: number }) =>
  db.deleteFrom('admin_login_failures').where('attempted_at', '<=', args.before),
);

const clearFailures = preparedQuery('admin_clear_failures', (db) => db.deleteFrom('admin_login_failures'));

export async function getAdminCredentials(store: Store): Promise<AdminCredentialsTable | undefined> {
  return store.first(getCredentials, {});
}

/** Replaces the one administrator's credentials. */
export async function saveAdminCredentials(store: Store, input: AdminCredentialsInput): Promise<void> {
  await store.run(upsertCredentials, input);
}

/** Stores credentials only when none exist; false when another process got there first. */
export async function insertAdminCredentialsIfAbsent(
  store: Store,
  input: AdminCredentialsInput,
): Promise<boolean> {
  return (await store.run(insertCredentialsIfAbsent, input)) === 1;
}

/** 0 for an admin who never logged out nor changed password. */
export async function getSessionGeneration(store: Store, username: string): Promise<number> {
  return (await store.first(getGeneration, { username }))?.generation ?? 0;
}

/** Increments and returns the admin's generation: every session issued before is dead. */
export async function bumpSessionGeneration(
  store: Store,
  username: string,
  updatedAt: string,
): Promise<number> {
  const row = await store.first(bumpGeneration, { username, updatedAt });
  if (!row) throw new Error(`The session generation of ${username} was not written`);
  return row.generation;
}

export type FailureScope = 'account' | 'ip';

/** The newest failures of one account or address after `since` (Unix ms), newest first. */
export async function recentLoginFailureTimes(
  store: Store,
  scope: FailureScope,
  key: string,
  since: number,
  limit: number,
): Promise<number[]> {
  const rows = await store.all(scope === 'account' ? failuresByAccount : failuresByIp, { key, since, limit });
  return rows.map((row) => row.attempted_at);
}

export async function insertLoginFailure(
  store: Store,
  failure: { accountKey: string; ipKey: string; attemptedAt: number },
): Promise<number> {
  const row = await store.first(insertFailure, failure);
  if (!row) throw new Error('The login failure was not recorded');
  return row.id;
}

export async function deleteLoginFailure(store: Store, id: number): Promise<void> {
  await store.run(deleteFailure, { id });
}

/** Forgets the failures one client made on one account (its own typos, once it got in). */
export async function deleteLoginFailuresOf(store: Store, accountKey: string, ipKey: string): Promise<void> {
  await store.run(deleteFailuresOf, { accountKey, ipKey });
}

/** Deletes failures at or before `before` (Unix ms); they no longer count toward any limit. */
export async function pruneLoginFailures(store: Store, before: number): Promise<number> {
  return store.run(pruneFailures, { before });
}

/** Forgets every recorded failure: the lock-out of every account and address ends now
 *  (`directory admin unlock`). */
export async function clearLoginFailures(store: Store): Promise<number> {
  return store.run(clearFailures, {});
}
