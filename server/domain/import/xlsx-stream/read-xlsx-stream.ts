// Step 2 of an import for .xlsx files, streamed: the sheet XML is inflated, decoded and scanned chunk
// by chunk, and rows are handed out as they are found. Memory is the shared-strings table plus a
// window of a few hundred KB, whatever the sheet's size; SheetJS materialises the whole workbook
// (1.15 GB for 100,000 rows) and cannot read a part longer than V8's longest string at all.
// Semantics are read-sheet.ts's (the differential tests hold both readers to the same rows); why and
// the few deliberate differences: docs/decisions/0007-streaming-xlsx-reader.md.
import { mapHeaders, requireColumns } from '../columns.ts';
import type { CanonicalColumn, RawRow } from '../normalised-business.ts';
import {
  asBuffer,
  checkSpreadsheetFile,
  resolveLimits,
  type SpreadsheetLimits,
  type ZipEntry,
} from '../precheck.ts';
import { type CellValue, numberToPlainText, readSpreadsheet } from '../read-sheet.ts';
import type { SheetSource } from '../sheet-source.ts';
import { quoteFromFile, SpreadsheetRejected } from '../spreadsheet-error.ts';
import { readSharedStrings } from './shared-strings.ts';
import { type ScannedRow, SheetRowScanner } from './sheet-rows.ts';
import { readWorkbook } from './workbook.ts';
import { inflateEntry, openZipParts } from './zip-entries.ts';

export interface StreamTuning {
  /** Tests only: cut every inflated chunk into pieces of this many bytes. */
  rechunkBytes?: number;
}

/**
 * Opens the data sheet of an .xlsx: the first sheet (workbook order) whose first non-empty row has a
 * `name` header, which must also have place_id. Resolves once that header is read; `rows` then
 * streams the data rows below it (single pass). Throws SpreadsheetRejected — on opening, or while
 * iterating for what only the data can show: a part that inflates past its declared size
 * ('zip_bomb'), more than `maxRows` non-empty data rows ('too_many_rows'), damaged XML.
 */
export async function readXlsxStream(
  bytes: Buffer,
  fileName: string,
  limits?: Partial<SpreadsheetLimits>,
  tuning: StreamTuning = {},
): Promise<SheetSource> {
  const resolved = resolveLimits(limits);
  const buf = asBuffer(bytes);
  const { kind } = checkSpreadsheetFile(buf, fileName, resolved);
  if (kind === 'xls') return fromSheetJs(buf, fileName, resolved); // OLE content: SheetJS says what it is
  const shown = quoteFromFile(fileName);
  const parts = openZipParts(buf, shown, resolved);
  const workbook = await readWorkbook(buf, parts);
  let sharedStrings: readonly string[] = [];
  if (workbook.sharedStrings) {
    sharedStrings = await readSharedStrings(buf, workbook.sharedStrings, shown, tuning.rechunkBytes);
  }

  for (const sheet of workbook.sheets) {
    // A sheet named "__proto__" is skipped, as read-sheet.ts skips it (SheetJS cannot store it).
    if (sheet.entry === null || sheet.name === '__proto__') continue;
    const reader = new SheetReader(buf, sheet.entry, shown, {
      sharedStrings,
      date1904: workbook.date1904,
      rechunkBytes: tuning.rechunkBytes,
    });
    let header: ScannedRow | null;
    try {
      header = await reader.firstNonEmptyRow();
      if (header === null) {
        await reader.close();
        continue;
      }
    } catch (error) {
      await reader.close();
      throw error;
    }
    const mapping = mapHeaders(denseValues(header.values));
    if (mapping.missing.includes('name')) {
      await reader.close();
      continue;
    }
    try {
      requireColumns(mapping, sheet.name);
    } catch (error) {
      await reader.close();
      throw error;
    }
    reader.keepColumns(mapping.columns.keys());
    const lastRow = reader.dimensionLastRow;
    const estimate = lastRow === null ? null : lastRow - header.rowNumber;
    return {
      sheetName: sheet.name,
      headerRow: header.rowNumber,
      columns: mapping.columns,
      estimatedRows: estimate !== null && estimate >= 0 && estimate <= resolved.maxRows + 1 ? estimate : null,
      exactRows: null,
      rows: dataRows(reader, sheet.name, mapping.columns, resolved.maxRows),
      progress: () => reader.progress(),
    };
  }
  throw new SpreadsheetRejected(
    'missing_column',
    'No sheet has a "name" column: the first row of the data sheet must hold the column headers (name, place_id, …).',
  );
}

/** The rows below the header, built as read-sheet.ts builds them; single pass. */
function dataRows(
  reader: SheetReader,
  sheetName: string,
  columns: ReadonlyMap<number, CanonicalColumn>,
  maxRows: number,
): AsyncIterable<RawRow> {
  let started = false;
  return {
    [Symbol.asyncIterator]: () => {
      if (started) throw new Error('The rows of a streamed sheet can be read only once.');
      started = true;
      return iterate();
    },
  };

  async function* iterate(): AsyncGenerator<RawRow> {
    const entries = [...columns];
    let count = 0;
    try {
      for (let row = await reader.next(); row !== null; row = await reader.next()) {
        const raw = toRawRow(row, entries);
        if (raw === null) continue;
        count++;
        if (count > maxRows) throw tooManyRows(sheetName, maxRows);
        yield raw;
      }
    } finally {
      await reader.close();
    }
  }
}

function toRawRow(row: ScannedRow, columns: ReadonlyArray<[number, CanonicalColumn]>): RawRow | null {
  // Prototype-free: whatever ends up here can never reach Object.prototype.
  const values: RawRow['values'] = Object.create(null);
  let content = false;
  for (const [c, column] of columns) {
    const value = row.values[c];
    if (value === undefined) continue;
    if (!isBlank(value)) content = true;
    if (column === 'place_id') {
      const id = placeIdText(value);
      if (id !== undefined) values.place_id = id;
    } else values[column] = value;
  }
  return content ? { rowNumber: row.rowNumber, values } : null;
}

/** read-sheet.ts's rule: place_id is always text; a number becomes its digits without exponent. */
function placeIdText(value: CellValue): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  return numberToPlainText(value);
}

function isBlank(value: CellValue | undefined): boolean {
  return value === undefined || (typeof value === 'string' && value.trim() === '');
}

function denseValues(values: ReadonlyArray<CellValue | undefined>): unknown[] {
  const dense: unknown[] = [];
  for (let c = 0; c < values.length; c++) dense.push(values[c]);
  return dense;
}

/** The same words as read-sheet.ts's refusal, so the administrator sees one message whatever reader. */
function tooManyRows(sheetName: string, maxRows: number): SpreadsheetRejected {
  return new SpreadsheetRejected(
    'too_many_rows',
    `The sheet "${quoteFromFile(sheetName, 31)}" has more than ${maxRows.toLocaleString('en-US')} data rows, the limit per file; split it into smaller files.`,
  );
}

/** One worksheet part being read: inflate → decode → scan, one chunk at a time, on demand. */
class SheetReader {
  private readonly scanner: SheetRowScanner;
  private readonly chunks: AsyncGenerator<Buffer>;
  private readonly total: number;
  private consumed = 0;
  private queued = 0;
  private ended = false;

  constructor(
    buf: Buffer,
    entry: ZipEntry,
    shown: string,
    options: { sharedStrings: readonly string[]; date1904: boolean; rechunkBytes: number | undefined },
  ) {
    this.scanner = new SheetRowScanner(entry.name, shown, options);
    this.total = entry.compressedSize;
    this.chunks = inflateEntry(buf, entry, shown, {
      rechunkBytes: options.rechunkBytes,
      onInput: (bytes) => {
        this.consumed = bytes;
      },
    });
  }

  get dimensionLastRow(): number | null {
    return this.scanner.dimensionLastRow;
  }

  keepColumns(columns: Iterable<number>): void {
    this.scanner.keepColumns(columns);
  }

  progress(): { done: number; total: number } {
    return { done: this.ended ? this.total : this.consumed, total: this.total };
  }

  /** The next row holding at least one non-blank value, or null at the end of the sheet. */
  async firstNonEmptyRow(): Promise<ScannedRow | null> {
    for (let row = await this.next(); row !== null; row = await this.next()) {
      for (const value of row.values) if (!isBlank(value)) return row;
    }
    return null;
  }

  /** The next row that stored a value, or null at the end of the sheet data. */
  async next(): Promise<ScannedRow | null> {
    const rows = this.scanner.rows;
    while (this.queued >= rows.length) {
      rows.length = 0;
      this.queued = 0;
      if (this.ended) return null;
      if (this.scanner.done) {
        this.ended = true;
        await this.close();
        continue;
      }
      const chunk = await this.chunks.next();
      if (chunk.done) {
        this.ended = true;
        this.scanner.close();
      } else this.scanner.write(chunk.value);
    }
    const row = rows[this.queued] as ScannedRow;
    this.queued++;
    return row;
  }

  async close(): Promise<void> {
    await this.chunks.return(undefined);
  }
}

/** An .xlsx whose content is an OLE file (a password-protected workbook, or an .xls renamed):
 *  SheetJS reads it or names the problem, exactly as before. */
function fromSheetJs(buf: Buffer, fileName: string, limits: SpreadsheetLimits): SheetSource {
  const sheet = readSpreadsheet(buf, fileName, limits);
  const rows = sheet.rows;
  return {
    sheetName: sheet.sheetName,
    headerRow: sheet.headerRow,
    columns: sheet.columns,
    estimatedRows: sheet.totalRows,
    exactRows: sheet.totalRows,
    rows: {
      async *[Symbol.asyncIterator]() {
        yield* rows;
      },
    },
    progress: () => ({ done: 1, total: 1 }),
  };
}
