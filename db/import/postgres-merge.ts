// PostgreSQL's merge of an import's staged rows (db/import/postgres-staging.ts) into the live tables:
// ONE transaction on the connection that staged them, so that a kill -9 at any moment leaves all old
// or all new — the server rolls back a transaction whose connection ends. The same steps, rules and
// results as SQLite's mergeStagedRows (db/import-repository.ts), in set-based statements: matching by
// place id in one join, updates planned by the same rule (planRowUpdate) and written by one
// UPDATE … FROM per batch, inserts by INSERT … SELECT in the file's order, the search index
// (db/search/postgres-search-index.ts) and the hours patterns of the written rows, the counts and the
// data version (refreshAggregatesIn), and the run record (beforeCommit) with them.
// Batches of row numbers exist, as on SQLite, only so that progress moves during the long statements.
import type pg from 'pg';
import { refreshAggregatesIn } from '../aggregates.ts';
import { PG_OPEN_CAPABLE } from '../discovery-index.ts';
import {
  batchesOf,
  DEFAULT_MAX_LISTED,
  IMPORTED_COLUMNS,
  type MergeOptions,
  type MergeResult,
  type MergeStep,
  SITE_TEXT_COLUMNS,
} from '../import-repository.ts';
import {
  PLAN_HEAD_COLUMNS,
  planRowUpdate,
  UPDATE_COLUMNS,
  type UpdateListing,
  type UpdatePlanTotals,
  type Value,
} from '../import-updates.ts';
import { buildIndexes } from '../postgres/rebuilt-indexes.ts';
import { pgAddVocabulary, pgSearchIndex, pgSearchRemove } from '../search/postgres-search-index.ts';
import { postgresStoreOnClient } from '../store/postgres-store.ts';
import type { PostgresStore } from '../store/store.ts';
import { dropIndexesForBulkInsert } from './postgres-bulk-indexes.ts';
import { STAGING_TABLE as S, type StagedSummary } from './postgres-staging.ts';

/** PostgreSQL's statements carry more rows per call than SQLite's for the same time; fewer round trips. */
export const POSTGRES_MERGE_BATCH_ROWS = 10_000;

const UPDATES = 'import_updates';

export interface PostgresMergeOptions extends Omit<MergeOptions, 'beforeCommit'> {
  /** Runs inside the merge's transaction after the rows are written (to finish the run record). */
  beforeCommit?: (result: MergeResult, store: PostgresStore) => Promise<void>;
}

/** Room for a large import's search entries in the pending lists (~60 terms a business). */
const MERGE_GIN_PENDING_LIMIT = '1GB';

/** The search index's GIN indexes, whose pending lists an import fills. */
const SEARCH_GIN_INDEXES = ['search_documents_terms', 'search_documents_name'];

/**
 * Moves what an import left in the search index's pending lists into the GIN trees, in bulk (sorted
 * entries merged at once: much cheaper than the same entries inserted one by one). Runs after the
 * commit, on the import's connection; searches read the pending list until it is done, so they are
 * right meanwhile, only slower.
 */
export async function compactPostgresSearchIndex(client: pg.PoolClient): Promise<void> {
  // The cleanup accumulates entries in work_mem before it writes them.
  await client.query(`SET work_mem = '256MB'`);
  for (const index of SEARCH_GIN_INDEXES)
    await client.query('SELECT gin_clean_pending_list($1::regclass)', [index]);
  await client.query('RESET work_mem');
}

class DryRunRollback extends Error {
  constructor(readonly result: MergeResult) {
    super('dry run');
  }
}

/** Merges the rows staged on `client` (`staged`: the stager's summary of them). */
export async function mergeStagedRowsPostgres(
  client: pg.PoolClient,
  display: string,
  runId: number,
  staged: StagedSummary,
  options: PostgresMergeOptions,
): Promise<MergeResult> {
  await client.query('BEGIN');
  try {
    // The search index's new entries go to its GIN indexes' pending lists (appends) rather than into
    // their trees one by one; compactPostgresSearchIndex merges them in bulk after the commit.
    await client.query(`SET LOCAL gin_pending_list_limit = '${MERGE_GIN_PENDING_LIMIT}'`);
    const result = await mergeInTransaction(
      client,
      postgresStoreOnClient(client, display),
      runId,
      staged,
      options,
    );
    if (options.dryRun) throw new DryRunRollback(result);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    // A connection that has ended has rolled back by itself; the first error is the one to tell.
    await client.query('ROLLBACK').catch(() => {});
    if (error instanceof DryRunRollback) return error.result;
    throw error;
  }
}

async function mergeInTransaction(
  client: pg.PoolClient,
  store: PostgresStore,
  runId: number,
  staged: StagedSummary,
  options: PostgresMergeOptions,
): Promise<MergeResult> {
  const { rowNumbers } = staged;
  const now = new Date().toISOString();
  const batchRows = Math.max(1, options.batchRows ?? POSTGRES_MERGE_BATCH_ROWS);
  const batches = batchesOf(rowNumbers, batchRows);
  const mergeTotal = rowNumbers.length;
  const report = (step: MergeStep, rowsMerged: number) =>
    options.onProgress?.({ step, rowsMerged, mergeTotal });
  const inBatch = 's.row_number >= $1 AND s.row_number < $2';

  report('matching', 0);
  // The staged rows that match a business: those the UPDATE wrote (a count without another scan of
  // the staged rows, ~1 KB each: 0.1 s at 100,000).
  const existing = (
    await client.query(`UPDATE ${S} s SET existing_id = b.id FROM businesses b WHERE b.place_id = s.place_id`)
  ).rowCount!;
  const totals: UpdatePlanTotals = { changed: 0, unchanged: 0, keptEdits: 0 };
  const listing: UpdateListing = {
    maxListed: options.maxListed ?? DEFAULT_MAX_LISTED,
    updates: [],
    keptEdits: [],
  };
  if (options.updateExisting) {
    // The update columns typed as the live table's (no constraints): the planned values, by business.
    await client.query(
      `CREATE TEMPORARY TABLE ${UPDATES} ON COMMIT DROP AS
       SELECT id, 0::integer AS row_number, ${UPDATE_COLUMNS.join(', ')} FROM businesses WITH NO DATA`,
    );
    const planQuery = `SELECT ${PLAN_HEAD_COLUMNS.join(', ')},
        ${UPDATE_COLUMNS.map((column) => `b.${column}`).join(', ')},
        ${UPDATE_COLUMNS.map((column) => `s.${column}`).join(', ')}
      FROM ${S} s JOIN businesses b ON b.id = s.existing_id WHERE ${inBatch} ORDER BY s.row_number`;
    let done = 0;
    for (const batch of batches) {
      const { rows } = await client.query<Value[]>({
        text: planQuery,
        values: [batch.from, batch.to],
        rowMode: 'array',
      });
      const planned = [];
      for (const row of rows) {
        const update = planRowUpdate(row, totals, listing);
        if (update) planned.push(update);
      }
      if (planned.length > 0) await writePlannedUpdates(client, planned);
      done += batch.rows;
      report('matching', done);
    }
    if (totals.changed > 0) await client.query(`ANALYZE ${UPDATES}`);
  } else {
    report('matching', mergeTotal);
  }
  const changed = totals.changed;
  const newRows = mergeTotal - existing;

  // An id the file asks for (an export's) is kept when no business has it; a matched row keeps its own.
  let givenIds = staged.givenIds;
  if (givenIds > 0) {
    const { rowCount: refused } = await client.query(
      `UPDATE ${S} s SET given_id = NULL WHERE given_id IS NOT NULL
         AND (existing_id IS NOT NULL OR EXISTS (SELECT 1 FROM businesses b WHERE b.id = s.given_id))`,
    );
    givenIds -= refused!;
  }

  // Updates never change a slug, so the collisions can be settled before any row is written.
  await resolveSlugCollisions(client, options);

  // As on SQLite: rows with an id of their own go in first, so that no row numbered by the sequence
  // takes an id asked for later; then updates and inserts batch by batch, in the file's order. A
  // place id another process added since the matching (an approved submission) keeps its business.
  const insertColumns = `place_id, slug, ${IMPORTED_COLUMNS.join(', ')}, ${SITE_TEXT_COLUMNS.join(', ')}`;
  // The inserted rows' search index rows, as the stager computed them, and their weekly hours go in
  // with them (one statement per batch; a new business's index rowid is its staged rank part + its id).
  // The hours from the rows as RETURNING gives them: no second read of the staged rows (~1 KB each).
  const insertSql = (withId: boolean, withDocuments: boolean) =>
    `WITH inserted AS (
       INSERT INTO businesses (${withId ? 'id, ' : ''}${insertColumns}, created_at, updated_at, import_run_id)
       SELECT ${withId ? 'given_id, ' : ''}${insertColumns}, COALESCE(created_at, $3), COALESCE(updated_at, $3), $4::bigint
       FROM ${S} s WHERE ${inBatch} AND s.existing_id IS NULL AND s.given_id IS ${withId ? 'NOT NULL' : 'NULL'}
       ORDER BY s.row_number
       ON CONFLICT (place_id) DO NOTHING
       RETURNING id, place_id, hours, time_zone, business_status
     )${
       withDocuments
         ? `, documents AS (
       INSERT INTO search_documents (rowid, business_id, terms, name)
       SELECT s.search_rank + i.id, i.id, s.search_terms, s.search_name
       FROM inserted i JOIN ${S} s ON s.place_id = i.place_id WHERE ${inBatch}
     )`
         : ''
     }, hours AS (
       INSERT INTO business_hours (business_id, pattern_id)
       SELECT b.id, p.id FROM inserted b
       JOIN hours_patterns p ON p.hours = b.hours AND p.time_zone = COALESCE(b.time_zone, '')
       WHERE ${PG_OPEN_CAPABLE}
       ON CONFLICT (business_id) DO UPDATE SET pattern_id = excluded.pattern_id
     )
     SELECT id FROM inserted`;
  const applySql = `UPDATE businesses b SET ${UPDATE_COLUMNS.map((column) => `${column} = u.${column}`).join(', ')},
      updated_at = $3, import_run_id = $4::bigint
    FROM ${UPDATES} u WHERE u.id = b.id AND u.row_number >= $1 AND u.row_number < $2`;
  report('writing', 0);
  /** The businesses this merge inserted, for the indexes (not a row another process added meanwhile). */
  const insertedIds: number[] = [];
  const insert = async (withId: boolean, batch: { from: number; to: number }) => {
    const { rows } = await client.query<{ id: number }>(insertSql(withId, !dropped), [
      batch.from,
      batch.to,
      now,
      runId,
    ]);
    for (const row of rows) insertedIds.push(row.id);
  };
  const passes = givenIds > 0 ? 2 : 1;
  let passedRows = 0;
  const passed = (rows: number) => {
    passedRows += rows;
    report('writing', Math.round(passedRows / passes));
  };
  // The weekly-hours patterns of the staged rows first: the inserts index their rows' hours as they go.
  if (newRows > 0) await insertStagedHoursPatterns(client, staged);
  // A first import (or one that at least doubles the site) writes without the secondary indexes.
  const dropped = options.dryRun ? null : await dropIndexesForBulkInsert(client, newRows);
  if (givenIds > 0) {
    for (const batch of batches) {
      await insert(true, batch);
      passed(batch.rows);
    }
    await moveIdentityPastMaxId(client);
  }
  for (const batch of batches) {
    if (changed > 0) await client.query(applySql, [batch.from, batch.to, now, runId]);
    if (newRows > 0) await insert(false, batch);
    passed(batch.rows);
  }
  if (dropped) {
    await buildIndexes(client, dropped);
    await insertDocumentsInRankOrder(client, S, insertedIds);
  }
  const inserted = insertedIds.length;
  await countInsertedVocabulary(client, store, runId, staged, {
    existing,
    newRows,
    inserted,
  });

  report('indexing', 0);
  // The search index: changed businesses' rows out and in again (a tsvector is read back to count
  // the vocabulary down, so the order against the update is free), in steps; the new ones from the
  // rows the stager computed.
  const changedIds = changed > 0 ? await plannedIds(client) : [];
  await pgSearchRemove(store, changedIds);
  const indexWork = changedIds.length + inserted;
  await indexInSteps(store, changedIds, batchRows, (done) =>
    report('indexing', Math.round((done * mergeTotal) / indexWork)),
  );

  // The discovery index's weekly hours (its geographic half has no PostgreSQL table yet).
  if (changed > 0) await indexChangedHours(client);
  report('indexing', mergeTotal);

  report('counting', 0);
  if (inserted > 0 || changed > 0)
    await refreshAggregatesIn(store, (done, parts) =>
      report('counting', Math.round((mergeTotal * done) / parts)),
    );
  await client.query(`DROP TABLE ${S}`);

  const result: MergeResult = {
    imported: inserted,
    updated: changed,
    existingSkipped: options.updateExisting ? 0 : existing,
    unchanged: totals.unchanged,
    keptEdits: totals.keptEdits,
    updates: listing.updates,
    keptEditNotices: listing.keptEdits,
  };
  if (options.dryRun) return result;
  await options.beforeCommit?.(result, store);
  report('committing', 0);
  return result;
}

/**
 * A bulk import's search rows, all at once in rank order rather than batch by batch in the file's: a
 * site's first import lays its search table out as a rebuild would (pgSearchRebuild), so that the
 * best-ranked matches of any condition lie together (decision 0039). The inserted businesses only
 * (not a place id another process added meanwhile).
 */
async function insertDocumentsInRankOrder(
  client: pg.PoolClient,
  stagedTable: string,
  insertedIds: readonly number[],
): Promise<void> {
  if (insertedIds.length === 0) return;
  // The sort holds the rows' terms (~600 bytes a row): in memory rather than spilled to disk.
  await client.query(`SET LOCAL work_mem = '256MB'`);
  await client.query(
    `INSERT INTO search_documents (rowid, business_id, terms, name)
     SELECT s.search_rank + b.id, b.id, s.search_terms, s.search_name
     FROM businesses b JOIN ${stagedTable} s ON s.place_id = b.place_id
     WHERE b.id = ANY($1::bigint[])
     ORDER BY 1`,
    [insertedIds],
  );
  await client.query('SET LOCAL work_mem TO DEFAULT');
}

/** The search rows of `ids`, `step` at a time, two steps under way at once on the one connection: its
 *  statements still run one after another, in the transaction, but one step's rows are computed in
 *  JavaScript while the server writes the other's (one after the other, the server waited for about a
 *  third of each step). The steps touch different businesses, and the vocabulary's counts add up. */
async function indexInSteps(
  store: PostgresStore,
  ids: readonly number[],
  step: number,
  onDone: (done: number) => void,
): Promise<void> {
  let done = 0;
  let previous: Promise<void> = Promise.resolve();
  for (let at = 0; at < ids.length; at += step) {
    const chunk = ids.slice(at, at + step);
    const current = pgSearchIndex(store, chunk).then(() => {
      done += chunk.length;
      onDone(done);
    });
    // Heard at once, so that a failure while the other step is awaited is not unhandled.
    current.catch(() => {});
    await previous;
    previous = current;
  }
  await previous;
}

/** The vocabulary the inserted businesses add to the search index, from the stager's counts over
 *  every staged row where that is the cheaper side (less the rows matched to stored businesses),
 *  else counted over the inserted rows' staged vocabulary. */
async function countInsertedVocabulary(
  client: pg.PoolClient,
  store: PostgresStore,
  runId: number,
  staged: StagedSummary,
  rows: { existing: number; newRows: number; inserted: number },
): Promise<void> {
  if (rows.inserted === 0) return;
  const counted = async (where: string, values: unknown[] = []) => {
    const { rows: terms } = await client.query<{ term: string; n: number }>(
      `SELECT v AS term, COUNT(*)::integer AS n
       FROM ${S} s CROSS JOIN unnest(string_to_array(s.search_vocab, ' ')) AS v
       WHERE v <> '' AND ${where} GROUP BY v`,
      values,
    );
    return new Map(terms.map((row) => [row.term, row.n]));
  };
  let counts: Map<string, number>;
  if (rows.inserted !== rows.newRows) {
    // Another process added some of the place ids meanwhile (they kept their businesses): the rows
    // of this run that went in.
    counts = await counted(
      `s.existing_id IS NULL AND EXISTS (SELECT 1 FROM businesses b
         WHERE b.place_id = s.place_id AND b.import_run_id = $1::bigint)`,
      [runId],
    );
  } else if (rows.existing > rows.newRows) {
    counts = await counted('s.existing_id IS NULL');
  } else {
    counts = new Map(staged.vocabulary);
    if (rows.existing > 0)
      for (const [term, n] of await counted('s.existing_id IS NOT NULL'))
        counts.set(term, (counts.get(term) ?? 0) - n);
  }
  await pgAddVocabulary(store, counts);
}

/** The planned updates of a batch into the transaction's table of updates, in one statement. */
async function writePlannedUpdates(
  client: pg.PoolClient,
  planned: { id: number; rowNumber: number; after: Value[] }[],
): Promise<void> {
  const records = planned.map((update) => {
    const record: Record<string, Value> = { id: update.id, row_number: update.rowNumber };
    UPDATE_COLUMNS.forEach((column, i) => {
      record[column] = update.after[i] ?? null;
    });
    return record;
  });
  await client.query(
    `INSERT INTO ${UPDATES} (id, row_number, ${UPDATE_COLUMNS.join(', ')})
     SELECT id, row_number, ${UPDATE_COLUMNS.join(', ')} FROM json_populate_recordset(NULL::${UPDATES}, $1)`,
    [JSON.stringify(records)],
  );
}

/** New businesses whose slug is taken get a free one from resolveSlug, its candidates looked up at once. */
async function resolveSlugCollisions(client: pg.PoolClient, options: PostgresMergeOptions): Promise<void> {
  // Nothing to collide with (a site's first import): no scan of every staged row.
  const { rows: any } = await client.query('SELECT 1 FROM businesses LIMIT 1');
  if (any.length === 0) return;
  const { rows: collisions } = await client.query<{
    rowNumber: number;
    name: string;
    placeId: string;
    slug: string;
  }>(
    `SELECT s.row_number AS "rowNumber", s.name, s.place_id AS "placeId", s.slug FROM ${S} s
     WHERE s.existing_id IS NULL AND EXISTS (SELECT 1 FROM businesses b WHERE b.slug = s.slug)
     ORDER BY s.row_number`,
  );
  if (collisions.length === 0) return;
  const asked = new Set<string>();
  for (const row of collisions) {
    asked.add(row.slug);
    for (const candidate of options.slugCandidates?.(row) ?? []) asked.add(candidate);
  }
  const taken = new Set(
    (
      await client.query<{ slug: string }>('SELECT slug FROM businesses WHERE slug = ANY($1::text[])', [
        [...asked],
      ])
    ).rows.map((row) => row.slug),
  );
  const isTaken = (slug: string) => {
    if (!asked.has(slug)) throw new Error(`The slug ${slug} was not among the candidates looked up`);
    return taken.has(slug);
  };
  const numbers: number[] = [];
  const slugs: string[] = [];
  for (const row of collisions) {
    numbers.push(row.rowNumber);
    slugs.push(options.resolveSlug(row, isTaken));
  }
  await client.query(
    `UPDATE ${S} s SET slug = v.slug FROM unnest($1::integer[], $2::text[]) AS v(row_number, slug)
     WHERE s.row_number = v.row_number`,
    [numbers, slugs],
  );
}

async function plannedIds(client: pg.PoolClient): Promise<number[]> {
  return (await client.query<{ id: number }>(`SELECT id FROM ${UPDATES} ORDER BY id`)).rows.map(
    (row) => row.id,
  );
}

/** After rows were inserted with ids of their own, the identity's next value comes after them (only
 *  ever forward: another process may have taken values meanwhile). Not rolled back with the merge,
 *  which only leaves a gap in the ids. */
async function moveIdentityPastMaxId(client: pg.PoolClient): Promise<void> {
  const { seq, max } = (
    await client.query<{ seq: string; max: number | null }>(
      `SELECT pg_get_serial_sequence('businesses', 'id') AS seq, MAX(id) AS max FROM businesses`,
    )
  ).rows[0]!;
  if (max === null) return;
  // The sequence's name comes from the catalog, quoted where it needs to be.
  const { last_value: last, is_called: called } = (
    await client.query<{ last_value: number; is_called: boolean }>(`SELECT last_value, is_called FROM ${seq}`)
  ).rows[0]!;
  if (max > (called ? last : last - 1)) await client.query('SELECT setval($1::regclass, $2)', [seq, max]);
}

/** The weekly-hours patterns of the staged rows that can be open, as the stager gathered them (those
 *  of rows that turn out to be stored already come too: an unused pattern is harmless, as on SQLite,
 *  where patterns are never removed). */
async function insertStagedHoursPatterns(client: pg.PoolClient, staged: StagedSummary): Promise<void> {
  const hours: string[] = [];
  const zones: string[] = [];
  for (const pattern of staged.openHours) {
    const cut = pattern.indexOf('\n');
    zones.push(pattern.slice(0, cut));
    hours.push(pattern.slice(cut + 1));
  }
  await client.query(
    `INSERT INTO hours_patterns (hours, time_zone) SELECT * FROM unnest($1::text[], $2::text[])
     ON CONFLICT (hours, time_zone) DO NOTHING`,
    [hours, zones],
  );
}

/** The weekly-hours index (db/discovery-index.ts's business_hours) of the changed businesses: their new
 *  hours are not among the staged patterns when the file did not give them, and a business whose
 *  hours went, or that closed, leaves the index. */
async function indexChangedHours(client: pg.PoolClient): Promise<void> {
  const changed = `b.id IN (SELECT id FROM ${UPDATES})`;
  await client.query(`DELETE FROM business_hours WHERE business_id IN (SELECT id FROM ${UPDATES})`);
  await client.query(
    `INSERT INTO hours_patterns (hours, time_zone)
     SELECT DISTINCT b.hours, COALESCE(b.time_zone, '') FROM businesses b WHERE ${changed} AND ${PG_OPEN_CAPABLE}
     ON CONFLICT (hours, time_zone) DO NOTHING`,
  );
  await client.query(
    `INSERT INTO business_hours (business_id, pattern_id)
     SELECT b.id, p.id FROM businesses b
     JOIN hours_patterns p ON p.hours = b.hours AND p.time_zone = COALESCE(b.time_zone, '')
     WHERE ${changed} AND ${PG_OPEN_CAPABLE}`,
  );
}
