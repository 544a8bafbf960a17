import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  bumpSessionGeneration,
  getAdminCredentials,
  getSessionGeneration,
  insertAdminCredentialsIfAbsent,
  insertLoginFailure,
  pruneLoginFailures,
  recentLoginFailureTimes,
  saveAdminCredentials,
} from './admin-repository.ts';
import { createTempDatabase, type TempDatabase } from './testing/temp-database.ts';

let database: TempDatabase;
beforeEach(async () => {
  database = await createTempDatabase();
});
afterEach(async () => {
  await database.dispose();
});

describe('admin repository', () => {
  it('keeps one credentials row; an insert-if-absent never overwrites it', () => {
    const { sqlite } = database;
    expect(getAdminCredentials(sqlite)).toBeUndefined();
    const first = {
      username: 'admin',
      passwordHash: 'h1',
      origin: 'generated',
      updatedAt: '2026-01-01T00:00:00.000Z',
    } as const;
    expect(insertAdminCredentialsIfAbsent(sqlite, first)).toBe(true);
    expect(insertAdminCredentialsIfAbsent(sqlite, { ...first, passwordHash: 'h2' })).toBe(false);
    saveAdminCredentials(sqlite, { ...first, username: 'alice', passwordHash: 'h3', origin: 'cli' });
    expect(getAdminCredentials(sqlite)).toEqual({
      id: 1,
      username: 'alice',
      password_hash: 'h3',
      origin: 'cli',
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    expect(sqlite.prepare('SELECT count(*) AS n FROM admin_credentials').get()).toEqual({ n: 1 });
  });

  it('counts session generations per admin from 0', () => {
    const { sqlite } = database;
    expect(getSessionGeneration(sqlite, 'admin')).toBe(0);
    expect(bumpSessionGeneration(sqlite, 'admin', 'now')).toBe(1);
    expect(bumpSessionGeneration(sqlite, 'admin', 'now')).toBe(2);
    expect(getSessionGeneration(sqlite, 'admin')).toBe(2);
    expect(getSessionGeneration(sqlite, 'other')).toBe(0);
  });

  it('lists recent failures newest first per account or address, and prunes old ones', () => {
    const { sqlite } = database;
    for (const [account, ip, at] of [
      ['admin', '1.1.1.1', 100],
      ['admin', '2.2.2.2', 200],
      ['bob', '1.1.1.1', 300],
      ['admin', '1.1.1.1', 400],
    ] as const) {
      insertLoginFailure(sqlite, { accountKey: account, ipKey: ip, attemptedAt: at });
    }
    expect(recentLoginFailureTimes(sqlite, 'account', 'admin', 0, 10)).toEqual([400, 200, 100]);
    expect(recentLoginFailureTimes(sqlite, 'account', 'admin', 150, 10)).toEqual([400, 200]);
    expect(recentLoginFailureTimes(sqlite, 'ip', '1.1.1.1', 0, 2)).toEqual([400, 300]);
    expect(pruneLoginFailures(sqlite, 200)).toBe(2);
    expect(recentLoginFailureTimes(sqlite, 'ip', '1.1.1.1', 0, 10)).toEqual([400, 300]);
  });
});
