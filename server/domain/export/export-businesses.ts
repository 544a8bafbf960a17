// The spreadsheet export (GET /api/admin/export and `directory export`): businesses streamed from
// the database page by page into the streaming .xlsx writer, so memory stays flat at any size.
// The rows come from either dialect's source (db/export/): the same data gives the same file.
import { type ExportRowSource, exportRowSource } from '../../../db/export/export-row-source.ts';
import type { Store } from '../../../db/store/store.ts';
import { businessToExportValues, EXPORT_COLUMNS } from './export-columns.ts';
import { createXlsxWriter } from './xlsx-stream-writer.ts';

export interface ExportOptions {
  /** One country (exact name, case-insensitive); undefined exports every business. */
  country?: string;
  /** The export's date, for the file name; pass the same value to exportFileName for headers. */
  now?: Date;
}

export interface ExportResult {
  rows: number;
  fileName: string;
}

export const EXPORT_SHEET_NAME = 'Businesses';

/** Writes the export to `out` and ends it. On failure the output is destroyed (a client sees a
 *  broken download, never a truncated file that looks whole) and the error is rethrown. */
export async function exportBusinesses(
  source: ExportRowSource,
  options: ExportOptions,
  out: NodeJS.WritableStream,
): Promise<ExportResult> {
  const now = options.now ?? new Date();
  const fileName = exportFileName(options.country, now);
  const writer = createXlsxWriter(out, { sheetName: EXPORT_SHEET_NAME, columns: EXPORT_COLUMNS, mtime: now });
  let rows = 0;
  try {
    await source.read({ country: options.country }, async (page) => {
      for (const business of page) {
        const pending = writer.writeRow(businessToExportValues(business));
        if (pending) await pending;
        rows++;
      }
    });
    await writer.finish();
  } catch (error) {
    writer.abort(error);
    throw error;
  }
  return { rows, fileName };
}

/** `businesses_{country or all}_{YYYY-MM-DD}.xlsx`, the date in UTC, the country reduced to ASCII
 *  letters, digits and hyphens so the name is safe in a Content-Disposition header and on any disk. */
export function exportFileName(country: string | undefined, now: Date): string {
  const date = now.toISOString().slice(0, 10);
  return `businesses_${country === undefined ? 'all' : fileNamePart(country)}_${date}.xlsx`;
}

function fileNamePart(country: string): string {
  const part = country
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return part === '' ? 'country' : part;
}

/** exportBusinesses from a store's database, SQLite's pages or PostgreSQL's cursor. */
export async function exportBusinessesFrom(
  store: Store,
  options: ExportOptions,
  out: NodeJS.WritableStream,
): Promise<ExportResult> {
  return exportBusinesses(await exportRowSource(store), options, out);
}
