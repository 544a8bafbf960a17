// Keeps one instance's view of the data version current on PostgreSQL (decision 0034): caches ask
// for it on every request, synchronously, so it is held in memory and moved by the database's
// announcements (LISTEN, delivered at the writer's commit) and by a poll every half second that covers a
// listening connection lost to a restart or a failover.
import type pg from 'pg';

const CHANNEL = 'directory_data_version';
/** Half the promised second (issue 18: a change seen everywhere within 1 s), so a lost LISTEN still keeps it. */
export const DEFAULT_POLL_MS = 500;
const READ_VERSION = `SELECT value FROM site_stats WHERE key = 'data_version'`;

export interface DataVersionFollower {
  /** The newest version seen: never goes back. */
  current(): number;
  /** Reads the version now (after this process's own write: its announcement comes back a moment
   *  after the commit, and a request that follows at once must not be answered from the old caches).
   *  A failure is told to onError; the poll carries on. */
  refresh(): Promise<void>;
  stop(): Promise<void>;
}

export interface FollowOptions {
  /** How often the version is read besides the announcements (ms); the worst delay when LISTEN is down. */
  pollMs?: number;
  /** Told of each new version (drop caches, log). */
  onChange?: (version: number) => void;
  onError?: (error: Error) => void;
}

export async function followDataVersion(
  pool: pg.Pool,
  options: FollowOptions = {},
): Promise<DataVersionFollower> {
  let version = 0;
  let stopped = false;
  let listener: { client: pg.PoolClient; onError: (error: Error) => void } | undefined;
  const see = (value: number) => {
    if (!Number.isFinite(value) || value <= version) return;
    version = value;
    options.onChange?.(value);
  };
  const poll = async () => {
    const { rows } = await pool.query<{ value: number }>(READ_VERSION);
    see(rows[0]?.value ?? 0);
  };
  const listen = async () => {
    const client = await pool.connect();
    client.on('notification', (message) => {
      if (message.channel === CHANNEL) see(Number(message.payload));
    });
    // A lost connection: dropped from the pool; the poll carries on and the next one listens again.
    let released = false;
    const onError = (error: Error) => {
      if (listener?.client === client) listener = undefined;
      // pg may report one loss twice (the server's message, then the socket's end).
      if (released) return;
      released = true;
      client.release(error);
      options.onError?.(error);
    };
    client.on('error', onError);
    await client.query(`LISTEN ${CHANNEL}`);
    if (stopped) {
      // Stopped while this connection was being opened by a poll's retry.
      client.off('error', onError);
      client.release(true);
      return;
    }
    listener = { client, onError };
  };
  const tick = async () => {
    try {
      if (!listener) await listen();
      await poll();
    } catch (error) {
      options.onError?.(error as Error);
    }
  };
  await listen();
  await poll();
  const timer = setInterval(() => {
    if (!stopped) void tick();
  }, options.pollMs ?? DEFAULT_POLL_MS);
  timer.unref();
  return {
    current: () => version,
    async refresh() {
      try {
        await poll();
      } catch (error) {
        options.onError?.(error as Error);
      }
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      const held = listener;
      listener = undefined;
      if (held) {
        await held.client.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
        // Back in the pool, the pool's own handler hears a later loss of this connection.
        held.client.off('error', held.onError);
        held.client.release();
      }
    },
  };
}
