// Test support: generated businesses straight into the table, with the precomputed counts refreshed.
import type { Sqlite } from '../../../../db/connection.ts';
import { refreshAggregates } from '../../../../db/stats-repository.ts';
import { fixtureRowToBusiness, insertBusinesses } from '../../../../fixtures/generator/database-rows.ts';
import { generateRows } from '../../../../fixtures/generator/rows.ts';

export function seedBusinesses(sqlite: Sqlite, count: number, seed = 5): void {
  const now = '2026-01-01T00:00:00.000Z';
  insertBusinesses(
    sqlite,
    [...generateRows({ count, seed })].map((row, index) => fixtureRowToBusiness(row, index, now)),
  );
  refreshAggregates(sqlite);
}

export function businessCount(sqlite: Sqlite): number {
  return sqlite.prepare('SELECT COUNT(*) FROM businesses').pluck().get() as number;
}
