// PostgreSQL's staging of an import: the rows stream into a TEMPORARY table of the import's own
// connection through one `COPY … FROM STDIN (FORMAT csv)` (pg-copy-streams) while the file is read.
// A temporary table is never written to the WAL, only that connection sees it, and it goes with the
// connection: an import killed at any point leaves nothing behind to clean up (as SQLite's TEMP table).
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { IMPORTED_COLUMNS, STAGE_COLUMNS, type StagedExtras, type StagedRow } from '../import-repository.ts';
import { type StagedSearchRow, stagedSearchRow } from './staged-search-row.ts';

export const STAGING_TABLE = 'import_staging';

/** The staging table's columns beyond the live table's: how each is declared. */
const EXTRA_TYPES: Record<string, string> = {
  row_number: 'integer NOT NULL',
  place_id: 'text NOT NULL',
  slug: 'text NOT NULL',
  existing_id: 'bigint',
  present_mask: 'integer NOT NULL',
  fill_mask: 'integer NOT NULL',
  given_id: 'bigint',
  about: 'text',
  seo_title: 'text',
  seo_description: 'text',
  canonical_url: 'text',
  created_at: 'text',
  updated_at: 'text',
  search_rank: 'bigint NOT NULL',
  search_terms: 'tsvector NOT NULL',
  search_name: 'tsvector NOT NULL',
  search_vocab: 'text NOT NULL',
};

/** What the stager adds to each row beyond the staged columns: its search index row, computed here
 *  while the file is read rather than in the merge's transaction (staged-search-row.ts). */
const SEARCH_COLUMNS = ['search_rank', 'search_terms', 'search_name', 'search_vocab'] as const;
const COPIED_COLUMNS = [...STAGE_COLUMNS, ...SEARCH_COLUMNS];

/** What the merge needs to know of the staged rows without reading them again. */
export interface StagedSummary {
  /** The staged rows' numbers, in order (the merge's batches are ranges of them). */
  readonly rowNumbers: readonly number[];
  /** The weekly-hours patterns of the staged rows that can be open, each once: `time zone\nhours`
   *  (a zone's name holds no line break). Gathered here, the merge need not scan the new rows for them. */
  readonly openHours: ReadonlySet<string>;
  /** How many staged rows hold each vocabulary term (`w_word`, `f_form`): what the search index's
   *  vocabulary gains when every staged row is inserted. */
  readonly vocabulary: ReadonlyMap<string, number>;
  /** How many staged rows ask for an id of their own (an export's). */
  readonly givenIds: number;
}

export interface PostgresStager extends StagedSummary {
  /** Queues rows into the COPY; resolves once the connection can take more (back-pressure). */
  stage(rows: readonly (StagedRow & StagedExtras)[]): Promise<void>;
  /** Ends the COPY, then indexes and analyses the staged rows for the merge. */
  finish(): Promise<void>;
}

/** Creates the connection's staging table, its imported columns declared as the live table's, and
 *  opens the COPY into it. */
export async function createPostgresStager(client: pg.PoolClient): Promise<PostgresStager> {
  const { rows: live } = await client.query<{ column_name: string; data_type: string; is_nullable: string }>(
    `SELECT column_name, data_type, is_nullable FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = 'businesses'`,
  );
  const liveType = new Map(
    live.map((c) => [c.column_name, `${c.data_type}${c.is_nullable === 'NO' ? ' NOT NULL' : ''}`]),
  );
  const declared = [
    ...STAGE_COLUMNS.slice(0, 3),
    'existing_id',
    ...STAGE_COLUMNS.slice(3),
    ...SEARCH_COLUMNS,
  ].map((column) => {
    const type = (IMPORTED_COLUMNS as readonly string[]).includes(column)
      ? liveType.get(column)
      : EXTRA_TYPES[column];
    if (!type) throw new Error(`The staging table has no type for ${column}`);
    return `${column} ${type}`;
  });
  await client.query(`DROP TABLE IF EXISTS pg_temp.${STAGING_TABLE}`);
  await client.query(`CREATE TEMPORARY TABLE ${STAGING_TABLE} (${declared.join(', ')})`);
  const copy = client.query(
    copyFrom(`COPY ${STAGING_TABLE} (${COPIED_COLUMNS.join(', ')}) FROM STDIN (FORMAT csv)`),
  );
  // A failed COPY (the connection ended, a value refused) rejects here, and wakes a writer waiting
  // for 'drain', which would otherwise wait for ever.
  const done = finished(copy);
  done.catch(() => {});
  let lastBytes = 1 << 20;
  const rowNumbers: number[] = [];
  const openHours = new Set<string>();
  const vocabulary = new Map<string, number>();
  let givenIds = 0;
  return {
    rowNumbers,
    openHours,
    vocabulary,
    get givenIds() {
      return givenIds;
    },
    async stage(rows) {
      const search = rows.map(stagedSearchRow);
      for (const row of search)
        for (const term of row.vocab) vocabulary.set(term, (vocabulary.get(term) ?? 0) + 1);
      for (const row of rows) {
        rowNumbers.push(row.row_number);
        if (row.given_id !== null) givenIds++;
        // db/discovery-index.ts's rule: hours given, and not closed for now or for good.
        const status = row.business_status;
        if (row.hours !== null && status !== 'CLOSED_PERMANENTLY' && status !== 'CLOSED_TEMPORARILY')
          openHours.add(`${row.time_zone ?? ''}\n${row.hours}`);
      }
      const lines = csvLines(rows, search, lastBytes);
      lastBytes = lines.length;
      if (!copy.write(lines)) await Promise.race([once(copy, 'drain'), done]);
    },
    async finish() {
      copy.end();
      await done;
      // Batches of the merge are ranges of row numbers. Autovacuum never analyses temporary tables:
      // the columns the merge joins and filters on are analysed here (all of them took ~1 s at 100k rows).
      await client.query(`CREATE INDEX ON ${STAGING_TABLE} (row_number)`);
      await client.query(`ANALYZE ${STAGING_TABLE} (row_number, place_id, slug, given_id)`);
    },
  };
}

type SearchColumn = (typeof SEARCH_COLUMNS)[number];

const COMMA = 0x2c;
const QUOTE = 0x22;
const NEWLINE = 0x0a;

/** Staged rows as CSV lines, written straight into one buffer (building them as strings and encoding
 *  those took ~3× longer: the staging's largest cost in the import's process). Every text is quoted
 *  (so an empty string stays one, and "\." is data), NULL is an empty unquoted field, numbers are
 *  written as JavaScript prints them (db/copy/csv.ts's rules). The normaliser has already removed the
 *  control characters PostgreSQL's text refuses (NUL). */
function csvLines(
  rows: readonly (StagedRow & StagedExtras)[],
  search: readonly StagedSearchRow[],
  expectedBytes: number,
): Buffer {
  let buffer = Buffer.allocUnsafe(Math.ceil(expectedBytes * 1.25));
  let at = 0;
  /** Room for `bytes` more, and the quotes and separators around them. */
  const room = (bytes: number) => {
    if (buffer.length - at >= bytes + 8) return;
    const larger = Buffer.allocUnsafe(Math.max(buffer.length * 2, at + bytes + 8));
    buffer.copy(larger, 0, 0, at);
    buffer = larger;
  };
  for (const [index, row] of rows.entries()) {
    const record = row as unknown as Record<string, unknown>;
    const searchRow = search[index]!;
    for (let i = 0; i < COPIED_COLUMNS.length; i++) {
      room(0);
      if (i > 0) buffer[at++] = COMMA;
      const column = COPIED_COLUMNS[i]!;
      const value = i < STAGE_COLUMNS.length ? record[column] : searchRow[column as SearchColumn];
      if (value === null || value === undefined) continue;
      if (typeof value === 'string') {
        const text = value.includes('"') ? value.replaceAll('"', '""') : value;
        // UTF-8 takes at most 3 bytes per UTF-16 unit.
        room(text.length * 3);
        buffer[at++] = QUOTE;
        at += buffer.write(text, at);
        buffer[at++] = QUOTE;
      } else if (typeof value === 'number' && Number.isFinite(value)) {
        const text = String(value);
        room(text.length);
        at += buffer.write(text, at, 'latin1');
      } else {
        throw new Error(`Staged column ${column} holds ${String(value)}, not text or a number`);
      }
    }
    room(0);
    buffer[at++] = NEWLINE;
  }
  return buffer.subarray(0, at);
}
