// Test support: a test file's seeded stores on both dialects (vitest hooks make and dispose them) and
// the calls that compare their answers. Apart from seeded-store.ts, which benchmarks import too.
import { afterAll, beforeAll, expect } from 'vitest';
import type { Dialect } from '../../../db/query/prepared-query.ts';
import type { Store } from '../../../db/store/store.ts';
import { createSeededTestStore, type SeedOptions } from './seeded-store.ts';
import { DIALECTS, type TestStore } from './test-store.ts';

/** A test file's two seeded stores, one per dialect (made before its tests, disposed after), and the
 *  calls that compare them. */
export interface SeededStores {
  storeOf(dialect: Dialect): Store;
  /** What --db takes for it (for a second connection, or the CLI). */
  addressOf(dialect: Dialect): string;
  /** The same call on each dialect; the answers by dialect. */
  onBoth<T>(fn: (store: Store) => Promise<T>): Promise<Record<Dialect, T>>;
  /** The same call on each dialect, expected to answer alike; SQLite's answer. */
  expectSame<T>(fn: (store: Store) => Promise<T>, label?: string): Promise<T>;
}

export function seededStoresForTests(options: SeedOptions = {}): SeededStores {
  const opened = {} as Record<Dialect, TestStore>;
  beforeAll(async () => {
    for (const dialect of DIALECTS) opened[dialect] = await createSeededTestStore(dialect, options);
  }, 120_000);
  afterAll(async () => {
    for (const dialect of DIALECTS) await opened[dialect]?.dispose();
  });
  const storeOf = (dialect: Dialect): Store => opened[dialect].store;
  const onBoth = async <T>(fn: (store: Store) => Promise<T>): Promise<Record<Dialect, T>> => {
    const answers = {} as Record<Dialect, T>;
    for (const dialect of DIALECTS) answers[dialect] = await fn(storeOf(dialect));
    return answers;
  };
  return {
    storeOf,
    addressOf: (dialect) => opened[dialect].address,
    onBoth,
    async expectSame(fn, label) {
      const answers = await onBoth(fn);
      expect(answers.postgres, label).toEqual(answers.sqlite);
      return answers.sqlite;
    },
  };
}
