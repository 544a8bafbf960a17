// PostgreSQL's named lock: pg_try_advisory_lock on a connection held for as long as the lock is
// (decision 0034). The server ends the lock with the session, so a holder killed at any point frees
// it; the app_locks row only tells a refused caller who holds it.
import { hostname } from 'node:os';
import type pg from 'pg';
import type { AppLockTable } from '../schema.ts';
import type { PostgresStore } from '../store/store.ts';
import type { NamedLockResult } from './named-lock.ts';

/** The first key of every advisory lock this product takes, so that other software on the same
 *  database (which picks its own numbers) does not collide with ours. ASCII "dir1". */
const LOCK_NAMESPACE = 0x64697231;

const TRY_LOCK = 'SELECT pg_try_advisory_lock($1::integer, hashtext($2)) AS acquired';
const UNLOCK = 'SELECT pg_advisory_unlock($1::integer, hashtext($2))';

export async function acquirePostgresLock(
  store: PostgresStore,
  name: string,
  ownerTag: string,
): Promise<NamedLockResult> {
  const client = await store.connect();
  // A checked-out client whose connection ends (a server restart, a terminated backend) emits
  // 'error'; unheard, that would end the process. The lock ends with the connection: it is lost.
  let lost: Error | undefined;
  const onError = (error: Error) => {
    if (lost) return;
    lost = error;
    if (handedOver) client.release(error);
  };
  client.on('error', onError);
  // Until the lock is handed over, this function gives the connection back on the way out.
  let handedOver = false;
  let held = false;
  try {
    const { rows } = await client.query<{ acquired: boolean }>(TRY_LOCK, [LOCK_NAMESPACE, name]);
    if (!rows[0]?.acquired) return { acquired: false, holder: await holderOf(client, name) };
    held = true;
    const now = new Date().toISOString();
    const owner = `${hostname()}:${process.pid}:${ownerTag}`;
    await client.query(
      `INSERT INTO app_locks (name, owner, host, pid, acquired_at, heartbeat_at) VALUES ($1, $2, $3, $4, $5, $5)
       ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, host = excluded.host, pid = excluded.pid,
         acquired_at = excluded.acquired_at, heartbeat_at = excluded.heartbeat_at`,
      [name, owner, hostname(), process.pid, now],
    );
    let released = false;
    handedOver = true;
    return {
      acquired: true,
      lock: {
        owner,
        async heartbeat() {
          if (lost)
            throw new Error(
              `The lock ${name} was lost: its connection to PostgreSQL ended (${lost.message})`,
            );
          await client.query('UPDATE app_locks SET heartbeat_at = $1 WHERE name = $2 AND owner = $3', [
            new Date().toISOString(),
            name,
            owner,
          ]);
        },
        async release() {
          if (released || lost) return;
          released = true;
          try {
            await client.query('DELETE FROM app_locks WHERE name = $1 AND owner = $2', [name, owner]);
            await client.query(UNLOCK, [LOCK_NAMESPACE, name]);
            client.off('error', onError);
            client.release();
          } catch (error) {
            // A connection in doubt is closed, not pooled: closing it ends the lock as well.
            if (!lost) client.release(true);
            throw error;
          }
        },
      },
    };
  } finally {
    // A connection that took the lock and failed before handing it over is closed, which ends the lock.
    if (!handedOver) {
      client.off('error', onError);
      client.release(lost ?? (held ? true : undefined));
    }
  }
}

/** The row a holder wrote; a holder that has just taken the lock may not have written it yet. */
async function holderOf(client: pg.PoolClient, name: string): Promise<AppLockTable> {
  const { rows } = await client.query<AppLockTable>('SELECT * FROM app_locks WHERE name = $1', [name]);
  return (
    rows[0] ?? {
      name,
      owner: 'another process',
      host: '',
      pid: 0,
      acquired_at: new Date().toISOString(),
      heartbeat_at: new Date().toISOString(),
    }
  );
}
