// Step 2 of an import: turn the bytes of a checked .xlsx/.xls into raw rows, one at a time.
// Runs inside the import's process (parsing 100,000 rows takes SheetJS seconds and ~900 MB), so it is
// synchronous and pure: bytes in, rows out, nothing written. Everything it refuses, it refuses
// before returning, so the caller knows the row count and the verdict before writing anything.
import * as XLSX from 'xlsx';
import { mapHeaders, requireColumns } from './columns.ts';
import type { CanonicalColumn, RawRow } from './normalised-business.ts';
import {
  asBuffer,
  checkInflatedSizes,
  checkSpreadsheetFile,
  resolveLimits,
  type SpreadsheetLimits,
} from './precheck.ts';
import { quoteFromFile, SpreadsheetRejected } from './spreadsheet-error.ts';

export type CellValue = string | number | boolean;

export interface SpreadsheetRows {
  sheetName: string;
  /** 1-based row number of the header row. */
  headerRow: number;
  /** 0-based column index → canonical column, as read from the header row. */
  columns: ReadonlyMap<number, CanonicalColumn>;
  /** Non-empty data rows below the header: what `rows` yields. */
  totalRows: number;
  /** Re-iterable; each pass builds the rows lazily from the parsed sheet. */
  rows: Iterable<RawRow>;
}

type DenseRow = Array<XLSX.CellObject | undefined>;

/**
 * Reads the first sheet whose first non-empty row has a `name` header. Throws SpreadsheetRejected
 * for a file the precheck refuses, a part that inflates past its declared size, a sheet without
 * name/place_id columns, or more than `maxRows` data rows. Fully empty rows are skipped and not
 * counted; formula cells give their cached value (never evaluated); strings keep their exact text;
 * numbers stay numbers except place_id, which is always text.
 */
export function readSpreadsheet(
  bytes: Buffer | Uint8Array,
  fileName: string,
  limits?: Partial<SpreadsheetLimits>,
): SpreadsheetRows {
  const resolved = resolveLimits(limits);
  const buf = asBuffer(bytes);
  const { kind } = checkSpreadsheetFile(buf, fileName, resolved);
  if (kind === 'xlsx') checkInflatedSizes(buf, fileName, resolved);

  // Header + maxRows data rows + 1 more, so that "more rows than the cap" is visible without
  // SheetJS building cells for the rest (it skips rows past sheetRows as it parses).
  const sheetRows = resolved.maxRows + 2;
  const workbook = parseWorkbook(buf, fileName, sheetRows);
  const sheet = findDataSheet(workbook);
  const columnIndexes = [...sheet.columns.keys()];

  let totalRows = 0;
  for (let r = sheet.headerIndex + 1; r < sheet.data.length; r++) {
    if (!hasContent(sheet.data[r], columnIndexes)) continue;
    totalRows++;
    if (totalRows > resolved.maxRows) throw tooManyRows(sheet.name, resolved.maxRows);
  }
  // With blank rows inside the sheet the cap on physical rows can bite before the count does: if
  // the last row SheetJS read still holds data, rows may continue unseen. Refuse rather than drop.
  if (sheet.data.length >= sheetRows && hasContent(sheet.data[sheetRows - 1], null)) {
    throw tooManyRows(sheet.name, resolved.maxRows, sheetRows);
  }

  const { data, headerIndex, columns } = sheet;
  return {
    sheetName: sheet.name,
    headerRow: headerIndex + 1,
    columns,
    totalRows,
    rows: { [Symbol.iterator]: () => iterateRows(data, headerIndex, columns, columnIndexes) },
  };
}

function parseWorkbook(buf: Buffer, fileName: string, sheetRows: number): XLSX.WorkBook {
  try {
    return XLSX.read(buf, {
      type: 'buffer',
      // Measured fastest and leanest (performance-measured.md); dense keeps cells in `!data`
      // arrays that hold only rows that exist, whatever range the file declares.
      dense: true,
      cellText: false,
      cellHTML: false,
      cellNF: false,
      cellDates: false,
      cellStyles: false,
      // We want cached values only: formulas are neither kept nor evaluated.
      cellFormula: false,
      sheetStubs: false,
      bookVBA: false,
      bookDeps: false,
      bookFiles: false,
      sheetRows,
    });
  } catch (error) {
    if (error instanceof SpreadsheetRejected) throw error;
    const message = error instanceof Error ? error.message : String(error);
    const shown = quoteFromFile(fileName);
    if (/password|encrypt/i.test(message)) {
      throw new SpreadsheetRejected(
        'encrypted',
        `"${shown}" is password-protected; remove the password in Excel and upload it again.`,
        { cause: error },
      );
    }
    throw new SpreadsheetRejected(
      'not_a_spreadsheet',
      `"${shown}" could not be read as a workbook (${quoteFromFile(message, 120)}).`,
      { cause: error },
    );
  }
}

interface DataSheet {
  name: string;
  data: DenseRow[];
  headerIndex: number;
  columns: Map<number, CanonicalColumn>;
}

/** The first sheet whose first non-empty row has a `name` header: a cover or notes sheet before
 *  the data is skipped. That sheet must also have place_id. */
function findDataSheet(workbook: XLSX.WorkBook): DataSheet {
  for (const name of workbook.SheetNames) {
    // Own properties only: a sheet named "__proto__" is not stored as an own key by SheetJS.
    if (!Object.hasOwn(workbook.Sheets, name)) continue;
    const data = workbook.Sheets[name]?.['!data'];
    if (!Array.isArray(data)) continue; // chart sheets have no cells
    const headerIndex = firstNonEmptyRow(data);
    if (headerIndex < 0) continue;
    const mapping = mapHeaders(rowValues(data[headerIndex]));
    if (mapping.missing.includes('name')) continue;
    requireColumns(mapping, name);
    return { name, data, headerIndex, columns: mapping.columns };
  }
  throw new SpreadsheetRejected(
    'missing_column',
    'No sheet has a "name" column: the first row of the data sheet must hold the column headers (name, place_id, …).',
  );
}

function firstNonEmptyRow(data: DenseRow[]): number {
  for (let r = 0; r < data.length; r++) if (hasContent(data[r], null)) return r;
  return -1;
}

/** Whether a row holds a non-blank value: in the given columns, or in any column when null. */
function hasContent(row: DenseRow | undefined, columnIndexes: readonly number[] | null): boolean {
  if (!row) return false;
  if (columnIndexes === null) {
    for (let c = 0; c < row.length; c++) if (!isBlank(cellValue(row[c]))) return true;
    return false;
  }
  for (const c of columnIndexes) if (!isBlank(cellValue(row[c]))) return true;
  return false;
}

function rowValues(row: DenseRow | undefined): unknown[] {
  const values: unknown[] = [];
  if (row) for (let c = 0; c < row.length; c++) values.push(cellValue(row[c]));
  return values;
}

function* iterateRows(
  data: DenseRow[],
  headerIndex: number,
  columns: ReadonlyMap<number, CanonicalColumn>,
  columnIndexes: readonly number[],
): Generator<RawRow> {
  for (let r = headerIndex + 1; r < data.length; r++) {
    const row = data[r];
    if (!row || !hasContent(row, columnIndexes)) continue;
    // Prototype-free: whatever ends up here can never reach Object.prototype.
    const values: RawRow['values'] = Object.create(null);
    for (const [c, column] of columns) {
      const value = cellValue(row[c]);
      if (value === undefined) continue;
      if (column === 'place_id') {
        const id = placeIdText(value);
        if (id !== undefined) values.place_id = id;
      } else values[column] = value;
    }
    yield { rowNumber: r + 1, values };
  }
}

/** The cell's cached value as SheetJS gives it; empty strings, errors (#N/A) and stubs are none. */
export function cellValue(cell: XLSX.CellObject | undefined): CellValue | undefined {
  if (!cell) return undefined;
  const value = cell.v;
  switch (cell.t) {
    case 's':
      return typeof value === 'string' && value !== '' ? value : undefined;
    case 'n':
      return typeof value === 'number' ? value : undefined;
    case 'b':
      return typeof value === 'boolean' ? value : undefined;
    case 'd':
      return value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString() : undefined;
    default:
      return undefined;
  }
}

function isBlank(value: CellValue | undefined): boolean {
  return value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** place_id is an identifier, never a quantity: a number typed into the cell becomes its digits
 *  without exponent notation. Integers beyond 2^53 were already rounded by the spreadsheet (a
 *  double cannot hold them) and cannot be recovered; the normaliser will see the rounded digits. */
function placeIdText(value: CellValue): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  return numberToPlainText(value);
}

export function numberToPlainText(value: number): string | undefined {
  if (!Number.isFinite(value)) return undefined;
  if (Number.isInteger(value)) return BigInt(value).toString();
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/i.exec(text);
  if (!match) return text;
  // Only tiny fractions reach here (every double ≥ 1e21 is an integer). Move the point of the
  // shortest round-trip digits rather than printing the binary expansion (toFixed).
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

function tooManyRows(sheetName: string, maxRows: number, pastRow?: number): SpreadsheetRejected {
  const sheet = `The sheet "${quoteFromFile(sheetName, 31)}"`;
  const limit = maxRows.toLocaleString('en-US');
  return new SpreadsheetRejected(
    'too_many_rows',
    pastRow === undefined
      ? `${sheet} has more than ${limit} data rows, the limit per file; split it into smaller files.`
      : `${sheet} has data past row ${pastRow.toLocaleString('en-US')}, and only that many rows are read (at most ${limit} data rows); remove blank rows or split it into smaller files.`,
  );
}
