// The server side of admin sessions: each administrator has a generation, and a session counts only
// while it was issued under the current one. Ending a session bumps it, which ends every copy of
// that administrator's cookie at once (the cookie itself is the HTTP layer's: admin-auth/session.ts).
// The generation lives in the database only, so a logout through one server instance ends the
// session on every instance of the same database at its next request.
import { bumpSessionGeneration, getSessionGeneration } from '../../../db/admin-repository.ts';
import type { Store } from '../../../db/store/store.ts';

/** The generation a new session of this administrator is issued under (0 before any logout). */
export function currentSessionGeneration(store: Store, username: string): Promise<number> {
  return getSessionGeneration(store, username);
}

/** Ends every session of this administrator issued so far. */
export async function endAdminSessions(store: Store, username: string, at: Date): Promise<void> {
  await bumpSessionGeneration(store, username, at.toISOString());
}
