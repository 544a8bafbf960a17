// A SQLite file as a copy's source or target. Reads iterate one statement in key order (SQLite's
// BINARY collation is bytewise, as PostgreSQL's "C"); writes run in one IMMEDIATE transaction on the
// target's connection, and the search and discovery indexes are rebuilt from the copied rows.
import type { Sqlite } from '../connection.ts';
import { sqliteRunner } from '../query/query-runner.ts';
import { ftsRebuild } from '../search/fts-index.ts';
import { type CopyTarget, inBatches, quoteIdentifier as q, type Row } from './copy-side.ts';

const BATCH = 1000;

export function sqliteCopySide(sqlite: Sqlite, display: string, close: () => Promise<void>): CopyTarget {
  let snapshot = false;
  return {
    display,
    queries: sqliteRunner(sqlite),
    async beginSnapshot() {
      // A deferred transaction's first read fixes its snapshot (WAL): take it now.
      sqlite.exec('BEGIN');
      sqlite.prepare('SELECT COUNT(*) FROM sqlite_master').get();
      snapshot = true;
    },
    async endSnapshot() {
      if (snapshot) sqlite.exec('COMMIT');
      snapshot = false;
    },
    async columns(table) {
      const info = sqlite.pragma(`table_xinfo(${q(table)})`) as { name: string; hidden: number }[];
      // hidden 2 and 3 are generated columns (rank_score): the target computes its own.
      return info.filter((column) => column.hidden === 0).map((column) => column.name);
    },
    async count(table) {
      return sqlite
        .prepare(`SELECT COUNT(*) FROM ${q(table)}`)
        .pluck()
        .get() as number;
    },
    async *rows(table, columns) {
      const statement = sqlite
        .prepare(`SELECT ${columns.map(q).join(', ')} FROM ${q(table.name)} ORDER BY ${q(table.key)}`)
        .raw();
      yield* inBatches(statement.iterate() as Iterable<Row>, BATCH);
    },
    async begin() {
      sqlite.exec('BEGIN IMMEDIATE');
    },
    async clear(tables) {
      for (const table of tables) sqlite.exec(`DELETE FROM ${q(table.name)}`);
      // ftsRebuild empties the search and discovery indexes; the hours patterns go with the rest.
      sqlite.exec('DELETE FROM hours_patterns');
    },
    async write(table, columns, batches) {
      const insert = sqlite.prepare(
        `INSERT INTO ${q(table.name)} (${columns.map(q).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      );
      for await (const batch of batches) for (const row of batch) insert.run(row);
    },
    async finish() {
      ftsRebuild(sqlite);
    },
    async commit() {
      sqlite.exec('COMMIT');
    },
    async rollback() {
      if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
    },
    close,
  };
}
