// Test support: a test file's own database on each dialect, made before its tests and disposed after
// (vitest hooks); the file's tests reset what they need in it. Kept apart from test-store.ts, which
// benchmarks import without vitest.
import { afterAll, beforeAll } from 'vitest';
import type { Dialect } from '../../../db/query/prepared-query.ts';
import { createTestStore, DIALECTS, type TestStore } from './test-store.ts';

/** The file's stores by dialect (filled once its beforeAll has run). */
export function testStoresForFile(): Record<Dialect, TestStore> {
  const opened = {} as Record<Dialect, TestStore>;
  beforeAll(async () => {
    for (const dialect of DIALECTS) opened[dialect] = await createTestStore(dialect);
  }, 60_000);
  afterAll(async () => {
    for (const dialect of DIALECTS) await opened[dialect]?.dispose();
  });
  return opened;
}
