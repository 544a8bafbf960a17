// Test support: a second server instance's view of a PostgreSQL test database — a store of its own
// (its own pool, its own data-version follower) on the same address, opened before the describe's
// tests and closed after.
import { afterAll, beforeAll } from 'vitest';
import { parseDatabaseAddress } from '../../../../db/address.ts';
import type { Store, StoreHandle } from '../../../../db/store/store.ts';
import { openStore } from '../../open-database.ts';

/** Call inside a describe; `address` is read when its tests start. */
export function useSecondInstance(address: () => string): { store(): Store } {
  let handle: StoreHandle | undefined;
  beforeAll(async () => {
    handle = await openStore(parseDatabaseAddress(address()));
  });
  afterAll(async () => {
    await handle?.close();
  });
  return {
    store() {
      if (!handle) throw new Error('the second instance is open only while the tests run');
      return handle.store;
    },
  };
}
