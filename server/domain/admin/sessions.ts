// The server side of admin sessions: each administrator has a generation, and a session counts only
// while it was issued under the current one. Ending a session bumps it, which ends every copy of
// that administrator's cookie at once (the cookie itself is the HTTP layer's: admin-auth/session.ts).
import { bumpSessionGeneration, getSessionGeneration } from '../../../db/admin-repository.ts';
import type { Sqlite } from '../../../db/connection.ts';

/** The generation a new session of this administrator is issued under (0 before any logout). */
export function currentSessionGeneration(sqlite: Sqlite, username: string): number {
  return getSessionGeneration(sqlite, username);
}

/** Ends every session of this administrator issued so far. */
export function endAdminSessions(sqlite: Sqlite, username: string, at: Date): void {
  bumpSessionGeneration(sqlite, username, at.toISOString());
}
