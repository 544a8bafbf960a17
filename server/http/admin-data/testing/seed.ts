// Test support: generated businesses straight into the table, with the full-text index and the
// precomputed counts brought up to date.
import type { Sqlite } from '../../../../db/connection.ts';
import { ftsRebuild } from '../../../../db/search/fts-index.ts';
import { refreshAggregates } from '../../../../db/stats-repository.ts';
import { fixtureRowToBusiness, insertBusinesses } from '../../../../fixtures/generator/database-rows.ts';
import { generateRows } from '../../../../fixtures/generator/rows.ts';

export function seedBusinesses(sqlite: Sqlite, count: number, seed = 5): void {
  const now = '2026-01-01T00:00:00.000Z';
  insertBusinesses(
    sqlite,
    [...generateRows({ count, seed })].map((row, index) => fixtureRowToBusiness(row, index, now)),
  );
  // As the importer does: the rows are searchable and the counts are right.
  ftsRebuild(sqlite);
  refreshAggregates(sqlite);
}

export function businessCount(sqlite: Sqlite): number {
  return sqlite.prepare('SELECT COUNT(*) FROM businesses').pluck().get() as number;
}
