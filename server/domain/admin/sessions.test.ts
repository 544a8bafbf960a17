// Admin session generations on both dialects: a logout through one instance ends the administrator's
// sessions on every instance of the same database (each reads the generation at every request).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseDatabaseAddress } from '../../../db/address.ts';
import type { StoreHandle } from '../../../db/store/store.ts';
import { openStore } from '../open-database.ts';
import { createTestStore, DIALECTS, type TestStore } from '../testing/test-store.ts';
import { currentSessionGeneration, endAdminSessions } from './sessions.ts';

describe.each(DIALECTS)('admin sessions on %s', (dialect) => {
  let test: TestStore;
  let other: StoreHandle;
  beforeEach(async () => {
    test = await createTestStore(dialect);
    // What another server instance on the same database has open.
    other = await openStore(parseDatabaseAddress(test.address));
  });
  afterEach(async () => {
    await other.close();
    await test.dispose();
  });

  it('ends every session of an administrator, as another instance sees it at once', async () => {
    const issuedUnder = await currentSessionGeneration(other.store, 'admin');
    expect(issuedUnder).toBe(0);
    await endAdminSessions(test.store, 'admin', new Date('2026-03-01T10:00:00Z'));
    expect(await currentSessionGeneration(other.store, 'admin')).toBe(1);
    await endAdminSessions(other.store, 'admin', new Date('2026-03-01T10:05:00Z'));
    expect(await currentSessionGeneration(test.store, 'admin')).toBe(2);
    // Another administrator's sessions are untouched.
    expect(await currentSessionGeneration(test.store, 'alice')).toBe(0);
  });
});
