// A PostgreSQL database as a copy's source or target, on one client of its pool: reads stream from
// a cursor (pg-query-stream) in key order — text keys in the "C" collation, bytewise as SQLite sorts
// — inside a REPEATABLE READ snapshot; writes stream in with COPY … FROM STDIN (pg-copy-streams)
// inside one transaction, and each identity sequence is moved past the copied ids.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import QueryStream from 'pg-query-stream';
import { pgDiscoveryRebuild } from '../discovery-index.ts';
import { postgresTypes } from '../postgres/connection.ts';
import { postgresRunner } from '../query/query-runner.ts';
import { type CopyTarget, inBatches, quoteIdentifier as q, type Row } from './copy-side.ts';
import { csvLine } from './csv.ts';

const BATCH = 1000;

export async function postgresCopySide(
  pool: pg.Pool,
  display: string,
  close: () => Promise<void>,
): Promise<CopyTarget> {
  const client = await pool.connect();
  return {
    display,
    queries: postgresRunner(client),
    async beginSnapshot() {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    },
    async endSnapshot() {
      await client.query('COMMIT');
    },
    async columns(table) {
      const result = await client.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns
         WHERE table_schema = current_schema() AND table_name = $1 AND is_generated = 'NEVER'
         ORDER BY ordinal_position`,
        [table],
      );
      return result.rows.map((row) => row.column_name);
    },
    async count(table) {
      return Number((await client.query(`SELECT COUNT(*) AS count FROM ${q(table)}`)).rows[0].count);
    },
    async *rows(table, columns) {
      const order = table.keyIsText ? `${q(table.key)} COLLATE "C"` : q(table.key);
      const stream = client.query(
        new QueryStream(`SELECT ${columns.map(q).join(', ')} FROM ${q(table.name)} ORDER BY ${order}`, [], {
          batchSize: BATCH,
          rowMode: 'array',
          types: postgresTypes,
        }),
      );
      yield* inBatches(stream as AsyncIterable<Row>, BATCH);
    },
    async begin() {
      await client.query('BEGIN');
    },
    async clear(tables) {
      const names = [...tables.map((table) => table.name), 'business_hours', 'hours_patterns'];
      await client.query(`TRUNCATE ${names.map(q).join(', ')} RESTART IDENTITY`);
    },
    async write(table, columns, batches) {
      const keyIndex = columns.indexOf(table.key);
      const copy = client.query(
        copyFrom(`COPY ${q(table.name)} (${columns.map(q).join(', ')}) FROM STDIN WITH (FORMAT csv)`),
      );
      async function* lines() {
        for await (const batch of batches) {
          let chunk = '';
          for (const row of batch) chunk += csvLine(table.name, columns, keyIndex, row);
          yield chunk;
        }
      }
      await pipeline(Readable.from(lines()), copy);
    },
    async finish(tables) {
      for (const table of tables.filter((t) => t.identity)) {
        // The next id the database hands out comes after the copied ones (1 on an empty table).
        await client.query(
          `SELECT setval(pg_get_serial_sequence($1, 'id'), COALESCE((SELECT MAX(id) FROM ${q(table.name)}), 0) + 1, false)`,
          [table.name],
        );
      }
      // The discovery index is not copied (copied-tables.ts): rebuilt here, as SQLite's ftsRebuild does.
      await pgDiscoveryRebuild(client);
      // The planner's statistics of the new rows (ANALYZE samples this transaction's own rows): until
      // autovacuum came by, a city's filtered list was planned blind (52 ms instead of 4 at 100,000).
      await client.query('ANALYZE');
    },
    async commit() {
      await client.query('COMMIT');
    },
    async rollback() {
      await client.query('ROLLBACK');
    },
    async close() {
      client.release();
      await close();
    },
  };
}
