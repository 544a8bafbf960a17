// Two instances on one PostgreSQL database: a change committed through one is seen by the other's
// follower at once (LISTEN), and within a poll when it is not listening.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestStore, type TestStore } from '../../server/domain/testing/test-store.ts';
import { bumpDataVersionQuery } from '../stats-repository.ts';
import { openPostgres, type PostgresHandle } from './connection.ts';
import { type DataVersionFollower, followDataVersion } from './data-version-follower.ts';

async function until(check: () => boolean, withinMs: number): Promise<number> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return Date.now() - started;
}

describe('following the data version on PostgreSQL', () => {
  let writer: TestStore;
  let other: PostgresHandle;
  let follower: DataVersionFollower | undefined;
  beforeEach(async () => {
    writer = await createTestStore('postgres');
    other = openPostgres(writer.address, writer.address);
  });
  afterEach(async () => {
    await follower?.stop();
    await other.close();
    await writer.dispose();
  });

  it('sees a committed raise through the announcement, and nothing of one rolled back', async () => {
    const seen: number[] = [];
    follower = await followDataVersion(other.pool, { pollMs: 60_000, onChange: (v) => seen.push(v) });
    const start = follower.current();
    await writer.store.run(bumpDataVersionQuery, {});
    await until(() => follower?.current() === start + 1, 1000);
    await expect(
      writer.store.transaction(async (tx) => {
        await tx.run(bumpDataVersionQuery, {});
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // A rolled-back raise is never announced.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(follower.current()).toBe(start + 1);
    await writer.store.transaction(async (tx) => {
      await tx.run(bumpDataVersionQuery, {});
      await tx.run(bumpDataVersionQuery, {});
    });
    await until(() => follower?.current() === start + 3, 1000);
    expect(seen.at(-1)).toBe(start + 3);
  });

  it("lets a store see its own write's version as soon as the write's transaction returns", async () => {
    // The writer's store is opened as the server opens its own: with a follower. Without reading the
    // version after its commit, the announcement comes back a moment later, and a request answered
    // in between would be served from the old version's caches.
    const { store } = writer;
    for (let write = 0; write < 20; write++) {
      await store.transaction(async (tx) => {
        await tx.run(bumpDataVersionQuery, {});
      });
      if (store.dialect !== 'postgres') throw new Error('unreachable');
      const { rows } = await store.query<{ value: number }>(
        `SELECT value FROM site_stats WHERE key = 'data_version'`,
      );
      expect(store.dataVersion()).toBe(rows[0]?.value);
    }
  });

  it('catches up by polling when its listening connection is gone', async () => {
    follower = await followDataVersion(other.pool, { pollMs: 100, onError: () => undefined });
    const start = follower.current();
    if (writer.store.dialect !== 'postgres') throw new Error('unreachable');
    // End the follower's LISTEN session from outside, as a failover would.
    await writer.store.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND datname = current_database()`,
    );
    await writer.store.run(bumpDataVersionQuery, {});
    await until(() => follower?.current() === start + 1, 1000);
  });
});
