// The store on both dialects: shared queries, transactions that commit or roll back whole, and the
// SQLite guard against a transaction body that lets other work in.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestStore, DIALECTS, type TestStore } from '../../server/domain/testing/test-store.ts';
import { preparedQuery } from '../query/prepared-query.ts';
import { StoreBusyError } from './sqlite-store.ts';

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
  it('refuses the outer store, so a body that lets other work in fails loudly', async () => {
    const test = await createTestStore('sqlite');
    try {
      let outside: Promise<unknown> | undefined;
      await expect(
        test.store.transaction(async (tx) => {
          await tx.run(insertActivity, { kind: 'inside', count: 1 });
          outside = test.store.all(activityOfKind, { kind: 'inside' });
          await outside;
        }),
      ).rejects.toBeInstanceOf(StoreBusyError);
      await expect(outside).rejects.toBeInstanceOf(StoreBusyError);
      // Rolled back, and the store is usable again.
      expect(await test.store.all(activityOfKind, { kind: 'inside' })).toEqual([]);
    } finally {
      await test.dispose();
    }
  });
});
