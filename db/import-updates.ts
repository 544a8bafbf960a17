// What an update import writes into a business that is already stored. The rule, field by field
// (db/business-fields.ts): a field the row gives replaces the stored one, unless the administrator
// edited that field by hand (then the edit stays and the report says so); a field the row does not give
// (blank cell, missing column, a bad value dropped with a warning) keeps the stored value; a time zone
// guessed from the state only fills a business that has none. The slug, the approval (Verified), the
// creation time and the place id are the site's own and never change.
// The plan is made in JavaScript (one place for the rule, on both dialects: planRowUpdate) and written
// by one set-based statement per batch from a TEMP table, like the rest of the merge.
import { BUSINESS_FIELDS, type BusinessField, hasBit } from './business-fields.ts';
import type { Sqlite } from './connection.ts';
import { cachedStatement as cached } from './statement-cache.ts';

/** The columns an update may write (every field's columns but the approval). */
export const UPDATE_COLUMNS = BUSINESS_FIELDS.filter((field) => field.key !== 'isVerified').flatMap(
  (field) => field.columns,
) as readonly string[];

const UPDATE_FIELDS: readonly BusinessField[] = BUSINESS_FIELDS.filter((field) => field.key !== 'isVerified');

export type Value = string | number | null;

// The shapes below are the import report's (server/contract/business.ts), restated here because db/
// imports nothing of the server; the domain passes them on as they are, so they must stay assignable.

/** One field an update changes: its name as the Business JSON spells it, its old and new value. */
export interface FieldChange {
  field: string;
  old: Value;
  new: Value;
}

/** A stored business an update import changes, field by field. */
export interface BusinessUpdate {
  /** The spreadsheet row it came from. */
  row: number;
  id: number;
  placeId: string;
  name: string;
  slug: string;
  changes: FieldChange[];
}

/** A notice about one cell: 1-based spreadsheet row (the header is row 1), column name, words. */
export interface RowIssue {
  row: number;
  column: string;
  message: string;
}

/** Creates (or empties) this connection's table of planned updates. */
export function createUpdatesTable(sqlite: Sqlite): void {
  sqlite.exec(
    `CREATE TEMP TABLE IF NOT EXISTS import_updates (
       id INTEGER PRIMARY KEY, row_number INTEGER NOT NULL, ${UPDATE_COLUMNS.join(', ')}
     );
     CREATE INDEX IF NOT EXISTS temp.import_updates_row ON import_updates (row_number);
     DELETE FROM temp.import_updates;`,
  );
}

export interface UpdatePlanTotals {
  /** Businesses the file changes. */
  changed: number;
  /** Matched businesses the file gives nothing new for. */
  unchanged: number;
  /** Fields the file would change but that the administrator edited by hand (kept). */
  keptEdits: number;
}

export interface UpdateListing {
  /** Cap on the listed updates and kept-edit notices (the totals are always exact). */
  maxListed: number;
  updates: BusinessUpdate[];
  keptEdits: RowIssue[];
}

/** Plans the updates of the staged rows in [from, to) that match a stored business: writes each changed
 *  business's new values into temp.import_updates and lists what changes (up to the cap). */
export function planUpdates(
  sqlite: Sqlite,
  runId: number,
  batch: { from: number; to: number },
  totals: UpdatePlanTotals,
  listing: UpdateListing,
): void {
  const stored = UPDATE_COLUMNS.map((column) => `b.${column}`).join(', ');
  const staged = UPDATE_COLUMNS.map((column) => `s.${column}`).join(', ');
  // Cached: the same statements run once per batch of the merge.
  const rows = cached(
    sqlite,
    `SELECT ${PLAN_HEAD_COLUMNS.join(', ')},
         ${stored}, ${staged}
       FROM temp.import_staging s JOIN businesses b ON b.id = s.existing_id
       WHERE s.run_id = ? AND s.row_number >= ? AND s.row_number < ?`,
  )
    .raw(true)
    .all(runId, batch.from, batch.to) as Value[][];
  const insert = cached(
    sqlite,
    `INSERT INTO temp.import_updates (id, row_number, ${UPDATE_COLUMNS.join(', ')})
     VALUES (?, ?, ${UPDATE_COLUMNS.map(() => '?').join(', ')})`,
  );
  for (const row of rows) {
    const planned = planRowUpdate(row, totals, listing);
    if (planned) insert.run(planned.id, planned.rowNumber, ...planned.after);
  }
}

/** The columns before the stored and the staged values in a row planRowUpdate reads, in this order:
 *  the staged row's number, present and fill masks, then the stored business's id, edited mask,
 *  place id, name and slug. */
export const PLAN_HEAD_COLUMNS = [
  's.row_number',
  's.present_mask',
  's.fill_mask',
  'b.id',
  'b.edited_mask',
  'b.place_id',
  'b.name',
  'b.slug',
] as const;

/** A matched business's planned update: its id, the staged row's number, and every update column's
 *  value after the update (in UPDATE_COLUMNS order). */
export interface PlannedUpdate {
  id: number;
  rowNumber: number;
  after: Value[];
}

/** The rule for one matched row (both dialects plan with it): the PLAN_HEAD_COLUMNS values, then
 *  UPDATE_COLUMNS as stored, then as staged. Counts it in totals, lists it (up to the cap) and
 *  returns the update to write, or undefined when the row changes nothing. */
export function planRowUpdate(
  row: Value[],
  totals: UpdatePlanTotals,
  listing: UpdateListing,
): PlannedUpdate | undefined {
  const width = UPDATE_COLUMNS.length;
  const head = PLAN_HEAD_COLUMNS.length;
  const [rowNumber, present, fill, id, edited, placeId, name, slug] = row as [
    number,
    number,
    number,
    number,
    number,
    string,
    string,
    string,
  ];
  const before = row.slice(head, head + width);
  const file = row.slice(head + width);
  const after = before.slice();
  const changes: FieldChange[] = [];
  let offset = 0;
  for (const field of UPDATE_FIELDS) {
    const at = offset;
    offset += field.columns.length;
    if (!differs(before, file, at, field.columns.length)) continue;
    const given = hasBit(present, field.bit);
    const fills = hasBit(fill, field.bit) && isEmpty(before[at]);
    if (!given && !fills) continue;
    if (given && hasBit(edited, field.bit)) {
      totals.keptEdits++;
      if (listing.keptEdits.length < listing.maxListed) {
        listing.keptEdits.push({
          row: rowNumber,
          column: field.key,
          message: `edited by hand in the panel: kept ${shown(field, before, at)} (the file has ${shown(field, file, at)})`,
        });
      }
      continue;
    }
    for (let i = 0; i < field.columns.length; i++) after[at + i] = file[at + i] as Value;
    changes.push({ field: field.key, old: display(field, before, at), new: display(field, file, at) });
  }
  if (changes.length === 0) {
    totals.unchanged++;
    return undefined;
  }
  totals.changed++;
  if (listing.updates.length < listing.maxListed) {
    listing.updates.push({ row: rowNumber, id, placeId, name, slug, changes });
  }
  return { id, rowNumber, after };
}

/** Writes the planned updates of the staged rows in [from, to); returns how many rows changed. */
export function applyUpdates(
  sqlite: Sqlite,
  batch: { from: number; to: number },
  updatedAt: string,
  runId: number,
): number {
  return cached(
    sqlite,
    `UPDATE businesses SET ${UPDATE_COLUMNS.map((column) => `${column} = u.${column}`).join(', ')},
         updated_at = ?, import_run_id = ?
       FROM temp.import_updates u WHERE u.id = businesses.id AND u.row_number >= ? AND u.row_number < ?`,
  ).run(updatedAt, runId, batch.from, batch.to).changes;
}

export function plannedUpdateIds(sqlite: Sqlite): number[] {
  return sqlite.prepare('SELECT id FROM temp.import_updates ORDER BY id').pluck().all() as number[];
}

function differs(before: Value[], file: Value[], at: number, length: number): boolean {
  for (let i = at; i < at + length; i++) if (before[i] !== file[i]) return true;
  return false;
}

function isEmpty(value: Value | undefined): boolean {
  return value === null || value === undefined || value === '';
}

/** A field's value as the report shows it: the first column (hours as their text), coordinates as a
 *  pair, photos as their list. */
function display(field: BusinessField, values: Value[], at: number): string | number | null {
  const first = values[at] ?? null;
  if (field.key === 'coordinates') return first === null ? null : `${first}, ${values[at + 1]}`;
  if (field.key === 'photos' && typeof first === 'string') {
    try {
      const photos = JSON.parse(first) as unknown;
      return Array.isArray(photos) ? (photos.length === 0 ? null : photos.join(', ')) : first;
    } catch {
      return first;
    }
  }
  return first;
}

const SHOWN_MAX = 80;

function shown(field: BusinessField, values: Value[], at: number): string {
  const value = display(field, values, at);
  if (value === null || value === '') return 'nothing';
  const text = String(value);
  return `"${text.length > SHOWN_MAX ? `${text.slice(0, SHOWN_MAX)}…` : text}"`;
}
