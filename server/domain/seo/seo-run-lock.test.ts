// One SEO run at a time, on either dialect: a second claim — another panel, the CLI, another machine
// on the same database — is refused and told since when.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../open-database.ts';
import { parseDatabaseAddress } from '../../../db/address.ts';
import type { StoreHandle } from '../../../db/store/store.ts';
import { createTestStore, DIALECTS, type TestStore } from '../testing/test-store.ts';
import { claimSeoRun, seoRunningMessage } from './seo-run-lock.ts';

describe.each(DIALECTS)('claimSeoRun on %s', (dialect) => {
  let test: TestStore;
  let other: StoreHandle;
  beforeEach(async () => {
    test = await createTestStore(dialect);
    // A second connection to the same database, as another process would hold.
    other = await openStore(parseDatabaseAddress(test.address));
  });
  afterEach(async () => {
    await other.close();
    await test.dispose();
  });

  it('lets one SEO run at a time hold the database lock, whichever connection asks', async () => {
    const first = await claimSeoRun(test.store, 'admin:alice');
    expect(first.acquired).toBe(true);
    const second = await claimSeoRun(other.store, 'admin:bob');
    expect(second).toMatchObject({ acquired: false, startedAt: expect.any(String) });
    if (!second.acquired) {
      expect(seoRunningMessage(second.startedAt)).toMatch(
        /^SEO generation is already running \(started \d{4}-\d\d-\d\dT[\d:.]+Z\)\.$/,
      );
    }
    if (first.acquired) await first.release();
    const third = await claimSeoRun(other.store, 'admin:bob');
    expect(third.acquired).toBe(true);
    if (third.acquired) await third.release();
  });
});
