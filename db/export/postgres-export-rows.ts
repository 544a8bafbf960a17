// PostgreSQL's export rows: one server-side cursor (pg-query-stream) inside a REPEATABLE READ READ
// ONLY transaction on one client. The export reads one snapshot however long it takes, and this
// process holds only the cursor's current fetch (a page) whatever the table's size. Same columns,
// same order (id) and same values as SQLite's pages (db/export-repository.ts).
import type pg from 'pg';
import QueryStream from 'pg-query-stream';
import {
  EXPORT_SOURCE_COLUMNS,
  type ExportSourceRow,
  exportPageSize,
  foldCountry,
  rowFromTuple,
  type SourceTuple,
} from '../export-repository.ts';
import { postgresTypes } from '../postgres/connection.ts';
import type { PostgresStore } from '../store/store.ts';
import type { ExportRowSource } from './export-row-source.ts';

const SELECTED = EXPORT_SOURCE_COLUMNS.join(', ');
const ALL_SQL = `SELECT ${SELECTED} FROM businesses ORDER BY id`;
const COUNTRY_SQL = `SELECT ${SELECTED} FROM businesses WHERE country = ANY($1::text[]) ORDER BY id`;

/** The distinct countries, one index seek each (a loose index scan: PostgreSQL 15 has no skip scan),
 *  in bytewise order as SQLite lists them. */
const DISTINCT_COUNTRIES_SQL = `
  WITH RECURSIVE countries(country) AS (
    SELECT MIN(country) FROM businesses
    UNION ALL
    SELECT (SELECT MIN(b.country) FROM businesses b WHERE b.country > c.country)
    FROM countries c WHERE c.country IS NOT NULL
  )
  SELECT country FROM countries WHERE country IS NOT NULL ORDER BY country COLLATE "C"`;

export function postgresExportRows(store: PostgresStore): ExportRowSource {
  return {
    async read(query, onRows) {
      const pageSize = exportPageSize(query);
      await store.transaction(
        (snapshot) =>
          snapshot.withClient(async (client) => {
            const spellings =
              query.country === undefined ? undefined : await countrySpellingsOn(client, query.country);
            if (spellings?.length === 0) return;
            // A cursor fetches pageSize rows at a time; the stream holds at most one fetch ahead.
            const stream = client.query(
              new QueryStream(spellings ? COUNTRY_SQL : ALL_SQL, spellings ? [spellings] : [], {
                batchSize: pageSize,
                rowMode: 'array',
                types: postgresTypes,
              }),
            );
            // Leaving the loop early (onRows threw) destroys the stream, which closes the cursor
            // before the transaction rolls back.
            let page: ExportSourceRow[] = [];
            for await (const tuple of stream as AsyncIterable<SourceTuple>) {
              page.push(rowFromTuple(tuple));
              if (page.length === pageSize) {
                await onRows(page);
                page = [];
              }
            }
            if (page.length > 0) await onRows(page);
          }),
        { readOnly: true },
      );
    },
    async count(country) {
      if (country === undefined) {
        return (await store.query<{ n: number }>('SELECT COUNT(*) AS n FROM businesses')).rows[0]!.n;
      }
      return store.transaction(
        (snapshot) =>
          snapshot.withClient(async (client) => {
            const spellings = await countrySpellingsOn(client, country);
            if (spellings.length === 0) return 0;
            const result = await client.query<{ n: number }>(
              'SELECT COUNT(*) AS n FROM businesses WHERE country = ANY($1::text[])',
              [spellings],
            );
            return result.rows[0]!.n;
          }),
        { readOnly: true },
      );
    },
  };
}

/** The stored spellings of `country`, compared in JavaScript exactly as on SQLite. */
async function countrySpellingsOn(client: pg.PoolClient, country: string): Promise<string[]> {
  const wanted = foldCountry(country);
  const result = await client.query<{ country: string }>(DISTINCT_COUNTRIES_SQL);
  return result.rows.map((row) => row.country).filter((stored) => foldCountry(stored) === wanted);
}
