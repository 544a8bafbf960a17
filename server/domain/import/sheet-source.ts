// Where the pipeline gets its rows from: one interface over the readers, so that each file kind is
// read the way that suits it (.xls through SheetJS; .xlsx streamed, see below).
import type { CanonicalColumn, RawRow } from './normalised-business.ts';
import type { SpreadsheetLimits } from './precheck.ts';
import { readSpreadsheet } from './read-sheet.ts';
import { readXlsxStream } from './xlsx-stream/read-xlsx-stream.ts';

export interface SheetSource {
  sheetName: string;
  /** Spreadsheet row number of the header. */
  headerRow: number;
  columns: ReadonlyMap<number, CanonicalColumn>;
  /** Data rows expected, when known in advance (for progress only; never trusted for limits). */
  estimatedRows: number | null;
  /** Data rows, when counted before reading: the SheetJS readers parse the whole sheet first. Null for
   *  the streamed .xlsx reader, whose estimate is the sheet's declared size, which real files get
   *  wrong (blank rows, a stale <dimension>): progress then shows rows read, without a percentage. */
  exactRows: number | null;
  rows: AsyncIterable<RawRow> | Iterable<RawRow>;
  /** How far the reading has got, in any unit (for a progress bar when estimatedRows is null). */
  progress(): { done: number; total: number };
}

export async function openSheetSource(
  bytes: Buffer,
  fileName: string,
  kind: 'xlsx' | 'xls',
  limits: Partial<SpreadsheetLimits>,
): Promise<SheetSource> {
  if (kind === 'xlsx') {
    // --- .xlsx branch (to be replaced by the streaming reader) ---
    // Streamed: memory bounded by the shared strings, ~5× faster than SheetJS (decision 0007).
    return readXlsxStream(bytes, fileName, limits);
    // --- end of .xlsx branch ---
  }
  return fromSheetJs(bytes, fileName, limits);
}

function fromSheetJs(bytes: Buffer, fileName: string, limits: Partial<SpreadsheetLimits>): SheetSource {
  const sheet = readSpreadsheet(bytes, fileName, limits);
  return {
    sheetName: sheet.sheetName,
    headerRow: sheet.headerRow,
    columns: sheet.columns,
    estimatedRows: sheet.totalRows,
    exactRows: sheet.totalRows,
    rows: sheet.rows,
    progress: () => ({ done: 1, total: 1 }),
  };
}
