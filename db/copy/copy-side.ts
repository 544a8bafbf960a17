// One database as `directory copy` sees it: tables read in key order in batches, and (as a target)
// written inside one transaction that is verified before it commits. One implementation per dialect.
import type { QueryRunner } from '../query/query-runner.ts';
import type { CopiedTable } from './copied-tables.ts';

export type Row = unknown[];

export interface CopySource {
  /** The address, password hidden. */
  readonly display: string;
  /** Starts a read snapshot: every later read sees the data as it was now. */
  beginSnapshot(): Promise<void>;
  endSnapshot(): Promise<void>;
  /** The table's stored columns in table order (generated columns are recomputed, never copied). */
  columns(table: string): Promise<string[]>;
  count(table: string): Promise<number>;
  /** Every row, in key order, in batches (bounded memory whatever the table's size). */
  rows(table: CopiedTable, columns: readonly string[]): AsyncIterable<Row[]>;
  close(): Promise<void>;
}

export interface CopyTarget extends CopySource {
  /** Runs the queries both dialects share, inside the target's transaction once it began. */
  readonly queries: QueryRunner;
  /** Opens the one write transaction; reads after it see what it wrote. */
  begin(): Promise<void>;
  /** Empties the copied tables and the indexes built from them. */
  clear(tables: readonly CopiedTable[]): Promise<void>;
  write(table: CopiedTable, columns: readonly string[], batches: AsyncIterable<Row[]>): Promise<void>;
  /** Rebuilds what the target derives from the copied rows (indexes, identity sequences). */
  finish(tables: readonly CopiedTable[]): Promise<void>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

/** A value the target cannot store, named by table, row key and column. */
export class CopyValueError extends Error {
  readonly code = 'copy_value';

  constructor(table: string, key: unknown, column: string, problem: string) {
    super(`Table ${table}, row ${JSON.stringify(key)}, column ${column}: ${problem}`);
    this.name = 'CopyValueError';
  }
}

export const quoteIdentifier = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** Rows gathered into batches of `size` (the last one shorter), from a statement's or a cursor's rows. */
export async function* inBatches(
  rows: Iterable<Row> | AsyncIterable<Row>,
  size = 1000,
): AsyncIterable<Row[]> {
  let batch: Row[] = [];
  for await (const row of rows) {
    batch.push(row);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
