import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTempDatabase, type TempDatabase } from '../../../db/testing/temp-database.ts';
import { claimSeoRun } from './seo-run-lock.ts';

let database: TempDatabase;
beforeEach(async () => {
  database = await createTempDatabase();
});
afterEach(async () => {
  await database.dispose();
});

it('lets one SEO run at a time hold the database lock, whichever process asks', () => {
  const first = claimSeoRun(database.sqlite, 'admin:alice');
  expect(first.acquired).toBe(true);
  // A second panel (another server process on the same file) is refused, told since when.
  const second = claimSeoRun(database.sqlite, 'admin:bob');
  expect(second).toMatchObject({ acquired: false, startedAt: expect.any(String) });
  if (first.acquired) first.release();
  const third = claimSeoRun(database.sqlite, 'admin:bob');
  expect(third.acquired).toBe(true);
  if (third.acquired) third.release();
});
