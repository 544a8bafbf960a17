// The store on both dialects: shared queries, transactions that commit or roll back whole, and the
// SQLite guard against a transaction body that lets other work in.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestStore, DIALECTS, type TestStore } from '../../server/domain/testing/test-store.ts';
import { preparedQuery } from '../query/prepared-query.ts';
import { StoreHeldError } from './sqlite-store.ts';

const insertActivity = preparedQuery(
  'store_test_insert_activity',
  (db, args: { kind: string; count: number }) =>
    db.insertInto('activity_log').values({
      kind: args.kind,
      actor: 'test',
      detail: 'store test',
      count: args.count,
      created_at: '2026-11-26T00:00:00.000Z',
    }),
);
const activityOfKind = preparedQuery('store_test_activity_of_kind', (db, args: { kind: string }) =>
  db.selectFrom('activity_log').select(['kind', 'count']).where('kind', '=', args.kind).orderBy('id'),
);

describe.each(DIALECTS)('store on %s', (dialect) => {
  let test: TestStore;
  beforeEach(async () => {
    test = await createTestStore(dialect);
  });
  afterEach(async () => {
    await test.dispose();
  });

  it('runs a shared query and reads it back with the same values', async () => {
    expect(await test.store.run(insertActivity, { kind: 'import', count: 3 })).toBe(1);
    await test.store.run(insertActivity, { kind: 'import', count: 2_000_000_000 });
    expect(await test.store.all(activityOfKind, { kind: 'import' })).toEqual([
      { kind: 'import', count: 3 },
      { kind: 'import', count: 2_000_000_000 },
    ]);
    expect(await test.store.first(activityOfKind, { kind: 'import' })).toEqual({ kind: 'import', count: 3 });
    expect(await test.store.first(activityOfKind, { kind: 'none' })).toBeUndefined();
  });

  it('commits a transaction whole and rolls a failed one back whole', async () => {
    const result = await test.store.transaction(async (tx) => {
      await tx.run(insertActivity, { kind: 'kept', count: 1 });
      await tx.run(insertActivity, { kind: 'kept', count: 2 });
      return 'done';
    });
    expect(result).toBe('done');
    await expect(
      test.store.transaction(async (tx) => {
        await tx.run(insertActivity, { kind: 'lost', count: 1 });
        throw new Error('half way');
      }),
    ).rejects.toThrow('half way');
    expect(await test.store.all(activityOfKind, { kind: 'kept' })).toHaveLength(2);
    expect(await test.store.all(activityOfKind, { kind: 'lost' })).toEqual([]);
    // The store still works after a rollback (the connection was given back clean).
    await test.store.transaction(async (tx) => tx.run(insertActivity, { kind: 'after', count: 1 }));
    expect(await test.store.all(activityOfKind, { kind: 'after' })).toHaveLength(1);
  });

  it('refuses a nested transaction by name', async () => {
    await expect(test.store.transaction(async (tx) => tx.transaction(async () => 1))).rejects.toThrow(
      'Transactions do not nest',
    );
  });
});

describe('the SQLite store while a transaction is open', () => {
  it('lets other callers wait for it, in the same turn of the event loop', async () => {
    const test = await createTestStore('sqlite');
    try {
      // Three logins arriving together (pipelined requests): each transaction and the outer read run
      // one after another on the one connection, never inside each other.
      const results = await Promise.all([
        test.store.transaction(async (tx) => {
          await tx.run(insertActivity, { kind: 'together', count: 1 });
          await tx.run(insertActivity, { kind: 'together', count: 2 });
          return 'first';
        }),
        test.store.all(activityOfKind, { kind: 'together' }),
        test.store
          .transaction(async (tx) => {
            await tx.run(insertActivity, { kind: 'together', count: 3 });
            throw new Error('second fails');
          })
          .catch((error: Error) => error.message),
        test.store.transaction(async (tx) => (await tx.all(activityOfKind, { kind: 'together' })).length),
      ]);
      // The outer read waited for the first transaction; the failed one left nothing behind.
      expect(results).toEqual([
        'first',
        [
          { kind: 'together', count: 1 },
          { kind: 'together', count: 2 },
        ],
        'second fails',
        2,
      ]);
    } finally {
      await test.dispose();
    }
  });

  it('rolls back a body that awaits anything but its own queries, and frees the connection', async () => {
    const test = await createTestStore('sqlite');
    try {
      await expect(
        test.store.transaction(async (tx) => {
          await tx.run(insertActivity, { kind: 'held', count: 1 });
          await new Promise((resolve) => setTimeout(resolve, 5));
        }),
      ).rejects.toBeInstanceOf(StoreHeldError);
      expect(await test.store.all(activityOfKind, { kind: 'held' })).toEqual([]);
      await test.store.transaction(async (tx) => tx.run(insertActivity, { kind: 'after', count: 1 }));
      expect(await test.store.all(activityOfKind, { kind: 'after' })).toHaveLength(1);
    } finally {
      await test.dispose();
    }
  });
});
