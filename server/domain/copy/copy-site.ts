// `directory copy`: moves a whole site between two databases (SQLite ↔ PostgreSQL, or the same
// dialect twice) — every copied table in one transaction at the target, each table's row count and
// checksum read back from the target and compared with the source's before it commits, so a copy
// is either whole and verified or not there at all (decision 0029).
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import type { DatabaseAddress } from '../../../db/address.ts';
import { COPIED_TABLES, type CopiedTable } from '../../../db/copy/copied-tables.ts';
import type { CopySource, CopyTarget, Row } from '../../../db/copy/copy-side.ts';
import { type SiteDataRows, siteDataRowsQuery } from '../../../db/copy/site-data-rows.ts';
import { bumpDataVersionQuery } from '../../../db/stats-repository.ts';
import { CopyError } from './copy-error.ts';
import { openCopySource, openCopyTarget } from './open-copy-sides.ts';

export { CopyError } from './copy-error.ts';

export interface TableCopied {
  table: string;
  rows: number;
  /** SHA-256 of the rows in key order, as read from the source and again from the target. */
  checksum: string;
}

export interface CopyReport {
  from: string;
  to: string;
  tables: TableCopied[];
  ms: number;
}

export interface CopyProgress {
  table: string;
  rows: number;
  of: number;
  phase: 'copy' | 'verify' | 'index';
}

export interface CopyOptions {
  /** Replace what the target holds (--yes); without it a target holding a site is refused. */
  replace?: boolean;
  onProgress?: (progress: CopyProgress) => void;
}

export async function copySite(
  from: DatabaseAddress,
  to: DatabaseAddress,
  options: CopyOptions = {},
): Promise<CopyReport> {
  if (sameDatabase(from, to)) {
    throw new CopyError('same_database', `The source and the target are the same database (${to.display}).`);
  }
  const started = performance.now();
  const source = await openCopySource(from);
  try {
    const target = await openCopyTarget(to);
    try {
      return {
        from: from.display,
        to: to.display,
        tables: await copyInto(source, target, options),
        ms: Math.round(performance.now() - started),
      };
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

async function copyInto(
  source: CopySource,
  target: CopyTarget,
  options: CopyOptions,
): Promise<TableCopied[]> {
  await target.begin();
  try {
    // Inside the target's transaction (on SQLite it holds the write lock): nothing lands in between.
    const rows = (await target.queries.first(siteDataRowsQuery, {})) as SiteDataRows;
    const held = Object.entries(rows).filter(([, count]) => count > 0);
    if (held.length > 0 && !options.replace) {
      const list = held.map(([table, count]) => `${table}: ${count.toLocaleString('en-US')}`).join(', ');
      throw new CopyError(
        'target_not_empty',
        `The target ${target.display} already holds a site (${list}); pass --yes to replace it.`,
      );
    }
    const columns = new Map<string, string[]>();
    for (const table of COPIED_TABLES) columns.set(table.name, await sameColumns(source, target, table.name));
    await target.clear(COPIED_TABLES);
    const copied = await copyTables(source, target, columns, options);
    options.onProgress?.({ table: 'businesses', rows: 0, of: 0, phase: 'index' });
    await target.finish(COPIED_TABLES);
    // Read back inside the transaction: what commits is what was compared.
    for (const [index, table] of COPIED_TABLES.entries())
      await verify(target, table, columns.get(table.name)!, copied[index]!, options);
    // After the verification, which compared the counts as copied: servers on the target drop their caches.
    await target.queries.run(bumpDataVersionQuery, {});
    await target.commit();
    return copied;
  } catch (error) {
    await target.rollback();
    throw error;
  }
}

/** Every table from one snapshot of the source, each checksummed as it passes. */
async function copyTables(
  source: CopySource,
  target: CopyTarget,
  columns: Map<string, string[]>,
  options: CopyOptions,
): Promise<TableCopied[]> {
  const copied: TableCopied[] = [];
  await source.beginSnapshot();
  try {
    for (const table of COPIED_TABLES) {
      const of = await source.count(table.name);
      const sum = new RowChecksum();
      const report = () => options.onProgress?.({ table: table.name, rows: sum.rows, of, phase: 'copy' });
      report();
      const tableColumns = columns.get(table.name)!;
      await target.write(table, tableColumns, sum.pass(source.rows(table, tableColumns), report));
      copied.push({ table: table.name, rows: sum.rows, checksum: sum.digest() });
    }
  } finally {
    await source.endSnapshot();
  }
  return copied;
}

async function verify(
  target: CopyTarget,
  table: CopiedTable,
  columns: string[],
  expected: TableCopied,
  options: CopyOptions,
): Promise<void> {
  const sum = new RowChecksum();
  const report = () =>
    options.onProgress?.({ table: table.name, rows: sum.rows, of: expected.rows, phase: 'verify' });
  for await (const _ of sum.pass(target.rows(table, columns), report)) {
    // Only the checksum is wanted.
  }
  if (sum.rows !== expected.rows || sum.digest() !== expected.checksum) {
    throw new CopyError(
      'verification_failed',
      `Table ${table.name} differs after the copy: ${expected.rows} rows (checksum ${expected.checksum.slice(0, 12)}) at the source, ${sum.rows} (${sum.digest().slice(0, 12)}) at the target. Nothing was changed.`,
    );
  }
}

/** The columns both sides store, which must be the same set (both migrated to this version). */
async function sameColumns(source: CopySource, target: CopyTarget, table: string): Promise<string[]> {
  const from = await source.columns(table);
  const to = new Set(await target.columns(table));
  const missing = from.filter((column) => !to.has(column));
  const extra = [...to].filter((column) => !from.includes(column));
  if (from.length === 0 || missing.length > 0 || extra.length > 0) {
    throw new CopyError(
      'schema_differs',
      `Table ${table} differs between the databases (${[...missing.map((c) => `only the source has ${c}`), ...extra.map((c) => `only the target has ${c}`)].join(', ') || 'missing at the source'}).`,
    );
  }
  return from;
}

/** SHA-256 over the rows as JSON arrays, one per line: the same values give the same sum on either
 *  dialect (numbers as JavaScript prints them, NULL as null). */
class RowChecksum {
  private readonly hash = createHash('sha256');
  rows = 0;

  async *pass(batches: AsyncIterable<Row[]>, onBatch: () => void): AsyncIterable<Row[]> {
    for await (const batch of batches) {
      for (const row of batch) this.hash.update(`${JSON.stringify(row)}\n`);
      this.rows += batch.length;
      onBatch();
      yield batch;
    }
  }

  private value?: string;
  digest(): string {
    this.value ??= this.hash.digest('hex');
    return this.value;
  }
}

function sameDatabase(a: DatabaseAddress, b: DatabaseAddress): boolean {
  if (a.dialect === 'sqlite' && b.dialect === 'sqlite') return resolvePath(a.path) === resolvePath(b.path);
  return a.dialect === 'postgres' && b.dialect === 'postgres' && a.display === b.display;
}

function resolvePath(path: string): string {
  // Two in-memory databases are never the same one.
  return path === ':memory:' ? `${path}${Math.random()}` : resolve(path);
}
