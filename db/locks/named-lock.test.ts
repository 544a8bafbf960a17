// Named locks on both dialects: one holder at a time, the refused caller told who holds it, and on
// PostgreSQL a holder whose connection dies frees the lock by itself.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestStore, DIALECTS, type TestStore } from '../../server/domain/testing/test-store.ts';
import { acquireNamedLock } from './named-lock.ts';

describe.each(DIALECTS)('named lock on %s', (dialect) => {
  let test: TestStore;
  beforeEach(async () => {
    test = await createTestStore(dialect);
  });
  afterEach(async () => {
    await test.dispose();
  });

  it('lets one holder in at a time and names it to the next caller', async () => {
    const first = await acquireNamedLock(test.store, 'import', 'first');
    expect(first.acquired).toBe(true);
    const second = await acquireNamedLock(test.store, 'import', 'second');
    expect(second).toMatchObject({ acquired: false, holder: { name: 'import' } });
    if (!second.acquired) expect(second.holder.owner).toMatch(/:first$/);
    // Another name is another lock.
    const other = await acquireNamedLock(test.store, 'seo', 'other');
    expect(other.acquired).toBe(true);
    if (!first.acquired || !other.acquired) throw new Error('unreachable');
    await first.lock.heartbeat();
    await first.lock.release();
    await first.lock.release();
    const third = await acquireNamedLock(test.store, 'import', 'third');
    expect(third.acquired).toBe(true);
    if (third.acquired) await third.lock.release();
    await other.lock.release();
  });
});

describe('named lock on postgres when its holder dies', () => {
  it('is free again once the holding connection has ended', async () => {
    const test = await createTestStore('postgres');
    try {
      if (test.store.dialect !== 'postgres') throw new Error('unreachable');
      const held = await acquireNamedLock(test.store, 'import', 'doomed');
      expect(held.acquired).toBe(true);
      // What a kill -9 does to the holder's session, done from outside it.
      await test.store.query(
        // Only this test's own database: other tests (and Kysely's migrator) hold advisory locks too.
        `SELECT pg_terminate_backend(pid) FROM pg_locks
         WHERE locktype = 'advisory' AND pid <> pg_backend_pid()
           AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      );
      let next = await acquireNamedLock(test.store, 'import', 'next');
      for (let attempt = 0; !next.acquired && attempt < 50; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        next = await acquireNamedLock(test.store, 'import', 'next');
      }
      expect(next.acquired).toBe(true);
      if (next.acquired) await next.lock.release();
    } finally {
      await test.dispose();
    }
  });
});
