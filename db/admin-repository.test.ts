// The admin area's rows on both dialects: one credentials row, generations counted per admin, failures
// listed newest first and pruned.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestStore, DIALECTS, type TestStore } from '../server/domain/testing/test-store.ts';
import {
  bumpSessionGeneration,
  clearLoginFailures,
  getAdminCredentials,
  getSessionGeneration,
  insertAdminCredentialsIfAbsent,
  insertLoginFailure,
  pruneLoginFailures,
  recentLoginFailureTimes,
  saveAdminCredentials,
} from './admin-repository.ts';
import { preparedQuery } from './query/prepared-query.ts';

const credentialsCount = preparedQuery('admin_test_credentials_count', (db) =>
  db.selectFrom('admin_credentials').select((eb) => eb.fn.countAll<number>().as('n')),
);

describe.each(DIALECTS)('admin repository on %s', (dialect) => {
  let test: TestStore;
  beforeEach(async () => {
    test = await createTestStore(dialect);
  });
  afterEach(async () => {
    await test.dispose();
  });

  it('keeps one credentials row; an insert-if-absent never overwrites it', async () => {
    const { store } = test;
    expect(await getAdminCredentials(store)).toBeUndefined();
    const first = {
      username: 'admin',
      passwordHash: 'h1',
      origin: 'generated',
      updatedAt: '2026-01-01T00:00:00.000Z',
    } as const;
    expect(await insertAdminCredentialsIfAbsent(store, first)).toBe(true);
    expect(await insertAdminCredentialsIfAbsent(store, { ...first, passwordHash: 'h2' })).toBe(false);
    await saveAdminCredentials(store, { ...first, username: 'alice', passwordHash: 'h3', origin: 'cli' });
    expect(await getAdminCredentials(store)).toEqual({
      id: 1,
      username: 'alice',
      password_hash: 'h3',
      origin: 'cli',
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    expect(Number((await store.first(credentialsCount, {}))?.n)).toBe(1);
  });

  it('counts session generations per admin from 0', async () => {
    const { store } = test;
    expect(await getSessionGeneration(store, 'admin')).toBe(0);
    expect(await bumpSessionGeneration(store, 'admin', 'now')).toBe(1);
    expect(await bumpSessionGeneration(store, 'admin', 'now')).toBe(2);
    expect(await getSessionGeneration(store, 'admin')).toBe(2);
    expect(await getSessionGeneration(store, 'other')).toBe(0);
  });

  it('lists recent failures newest first per account or address, and prunes old ones', async () => {
    const { store } = test;
    const ids: number[] = [];
    for (const [account, ip, at] of [
      ['admin', '1.1.1.1', 100],
      ['admin', '2.2.2.2', 200],
      ['bob', '1.1.1.1', 300],
      ['admin', '1.1.1.1', 400],
    ] as const) {
      ids.push(await insertLoginFailure(store, { accountKey: account, ipKey: ip, attemptedAt: at }));
    }
    expect(new Set(ids).size).toBe(4);
    expect(ids.every((id) => typeof id === 'number')).toBe(true);
    expect(await recentLoginFailureTimes(store, 'account', 'admin', 0, 10)).toEqual([400, 200, 100]);
    expect(await recentLoginFailureTimes(store, 'account', 'admin', 150, 10)).toEqual([400, 200]);
    expect(await recentLoginFailureTimes(store, 'ip', '1.1.1.1', 0, 2)).toEqual([400, 300]);
    expect(await pruneLoginFailures(store, 200)).toBe(2);
    expect(await recentLoginFailureTimes(store, 'ip', '1.1.1.1', 0, 10)).toEqual([400, 300]);
    expect(await clearLoginFailures(store)).toBe(2);
    expect(await recentLoginFailureTimes(store, 'ip', '1.1.1.1', 0, 10)).toEqual([]);
  });
});
