// The row scanner: turns the text of a worksheet part, fed chunk by chunk, into rows of cell
// values, with indexOf over the current window and no DOM. Only <sheetData> is read (plus the
// <dimension> before it, for a progress estimate); scanning stops at </sheetData>. Cell values are
// what SheetJS gives with the importer's options, so both readers agree (see the differential
// tests): shared/inline/formula strings as text, numbers as numbers, booleans, date cells as serial
// numbers, error cells and formulas without a cached value as nothing.
import type * as XLSX from 'xlsx';
import { type CellValue, cellValue } from '../read-sheet.ts';
import { PartScanner } from './part-scanner.ts';
import { stringItemText } from './shared-strings.ts';
import { attributeValue, isName, localNameStart, nameEnd } from './xml-scan.ts';
import { decodeXmlText } from './xml-text.ts';

/** Excel's last column is XFD (16,384 columns); a cell reference beyond it is ignored. */
export const MAX_COLUMNS = 16_384;

export interface ScannedRow {
  /** 1-based spreadsheet row number. */
  rowNumber: number;
  /** Cell values by 0-based column; holes and undefined are empty cells. */
  values: Array<CellValue | undefined>;
  /** Whether any value was stored (a row of styled empty cells stores none). */
  hasValues: boolean;
}

export interface SheetScanOptions {
  sharedStrings: readonly string[];
  /** The workbook's 1904 date system, for `t="d"` cells only (as SheetJS converts them). */
  date1904: boolean;
}

const SLASH = 47;

export class SheetRowScanner extends PartScanner {
  /** Rows completed by the chunks fed so far; the reader drains this after each chunk. */
  readonly rows: ScannedRow[] = [];
  /** Last row of `<dimension ref="A1:AJ100001">`, when the part declares one (never trusted). */
  dimensionLastRow: number | null = null;

  private inData = false;
  private row: ScannedRow | null = null;
  private lastRowNumber = 0;
  private column = -1;
  /** Columns whose values are kept; null keeps all (until the header row has been found). */
  private wanted: Uint8Array | null = null;

  constructor(
    partName: string,
    shown: string,
    private readonly options: SheetScanOptions,
  ) {
    super(partName, shown);
  }

  /** From now on keep only these columns' values (the others are skipped without decoding). */
  keepColumns(columns: Iterable<number>): void {
    const list = [...columns];
    const wanted = new Uint8Array(Math.max(0, ...list) + 1);
    for (const column of list) wanted[column] = 1;
    this.wanted = wanted;
  }

  protected scan(): void {
    const text = this.text;
    let pos = this.pos;
    for (;;) {
      const lt = text.indexOf('<', pos);
      if (lt === -1) {
        pos = text.length;
        break;
      }
      const gt = text.indexOf('>', lt + 1);
      if (gt === -1) {
        pos = lt;
        break;
      }
      const first = text.charCodeAt(lt + 1);
      if (first === SLASH) {
        pos = gt + 1;
        const end = nameEnd(text, lt + 2, gt);
        const local = localNameStart(text, lt + 2, end);
        if (!this.inData) continue;
        if (isName(text, local, end, 'row')) this.endRow();
        else if (isName(text, local, end, 'sheetData')) {
          this.endRow();
          this.inData = false;
          this.finished = true;
          break;
        }
        continue;
      }
      if (first === 33 /* ! */ || first === 63 /* ? */) {
        // Comments and processing instructions: skip them whole (they may contain '>').
        const terminator = first === 63 ? '?>' : text.startsWith('<![CDATA[', lt) ? ']]>' : '-->';
        const end = text.indexOf(terminator, lt + 2);
        if (end === -1) {
          pos = lt;
          break;
        }
        pos = end + terminator.length;
        continue;
      }
      const end = nameEnd(text, lt + 1, gt);
      const local = localNameStart(text, lt + 1, end);
      const selfClosing = text.charCodeAt(gt - 1) === SLASH;
      const attributesEnd = selfClosing ? gt - 1 : gt;

      if (this.inData && end - local === 1 && text.charCodeAt(local) === 99 /* c */) {
        if (selfClosing) {
          // <c r="C2" s="1"/>: a styled empty cell; it still moves the column on.
          this.cellColumn(text, end, attributesEnd);
          pos = gt + 1;
          continue;
        }
        const prefixed = local !== lt + 1;
        const close = prefixed ? `</${text.slice(lt + 1, end)}>` : '</c>';
        const closeAt = text.indexOf(close, gt + 1);
        if (closeAt === -1) {
          pos = lt;
          break;
        }
        const column = this.cellColumn(text, end, attributesEnd);
        const wanted = this.wanted;
        if (column >= 0 && this.row !== null && (wanted === null || wanted[column] === 1)) {
          const prefix = prefixed ? text.slice(lt + 1, local) : '';
          const type = attributeValue(text, end, attributesEnd, 't');
          const value = this.cellValueOf(text, gt + 1, closeAt, type, prefix);
          if (value !== undefined) {
            this.row.values[column] = value;
            this.row.hasValues = true;
          }
        }
        pos = closeAt + close.length;
        continue;
      }

      if (isName(text, local, end, 'row')) {
        if (this.inData) {
          this.endRow();
          // A self-closing <row/> holds no cells and, as SheetJS reads it, does not count as a row
          // for the numbering of following rows without r.
          if (!selfClosing) this.startRow(text, end, attributesEnd);
        }
      } else if (isName(text, local, end, 'sheetData')) {
        if (selfClosing) {
          this.finished = true;
          pos = gt + 1;
          break;
        }
        this.inData = true;
      } else if (!this.inData && isName(text, local, end, 'dimension')) {
        this.dimensionLastRow = lastRowOfRange(attributeValue(text, end, attributesEnd, 'ref'));
      }
      pos = gt + 1;
    }
    this.pos = pos;
  }

  protected end(): void {
    if (this.finished) return;
    // No <sheetData> at all is an empty sheet; an unclosed one means the part was cut short.
    if (this.inData) throw this.damaged('ends in the middle of the sheet data');
    this.finished = true;
  }

  private startRow(text: string, from: number, to: number): void {
    const declared = parsePositiveInteger(attributeValue(text, from, to, 'r'));
    // Without (or with a nonsensical) r, a row follows the previous one, as SheetJS counts them.
    const rowNumber = declared ?? this.lastRowNumber + 1;
    this.lastRowNumber = rowNumber;
    this.row = { rowNumber, values: [], hasValues: false };
    this.column = -1;
  }

  private endRow(): void {
    if (this.row === null) return;
    if (this.row.hasValues) this.rows.push(this.row);
    this.row = null;
  }

  /** The cell's 0-based column: from its r ("AB12" → 27), else the one after the previous cell. */
  private cellColumn(text: string, from: number, to: number): number {
    const reference = attributeValue(text, from, to, 'r');
    let column = -1;
    if (reference !== undefined) {
      let index = 0;
      let letters = 0;
      for (; letters < reference.length && letters < 4; letters++) {
        const code = reference.charCodeAt(letters) - 64;
        if (code < 1 || code > 26) break;
        index = index * 26 + code;
      }
      if (letters > 0 && letters < 4) column = index - 1;
      else if (letters >= 4) column = MAX_COLUMNS; // past XFD: ignored below
    }
    if (column < 0) column = this.column + 1;
    this.column = column;
    return column < MAX_COLUMNS ? column : -1;
  }

  private cellValueOf(
    text: string,
    from: number,
    to: number,
    type: string | undefined,
    prefix: string,
  ): CellValue | undefined {
    if (type === 'inlineStr') {
      const item =
        prefix === ''
          ? childContent(text, from, to, '<is', '</is>')
          : childContent(text, from, to, `<${prefix}is`, `</${prefix}is>`);
      return item === undefined ? undefined : stringCell(stringItemText(item));
    }
    // Formula cells (<f>) read like any other: their cached <v>, or nothing when never calculated.
    const raw =
      prefix === ''
        ? childContent(text, from, to, '<v', '</v>')
        : childContent(text, from, to, `<${prefix}v`, `</${prefix}v>`);
    if (raw === undefined || raw === '') return undefined;
    switch (type) {
      case undefined:
      case 'n':
        return cellValue({ t: 'n', v: Number.parseFloat(decodeXmlText(raw, false)) });
      case 's':
        return stringCell(this.sharedString(decodeXmlText(raw, false)));
      case 'str':
        return stringCell(decodeXmlText(raw, true));
      case 'b': {
        const flag = decodeXmlText(raw, false);
        return cellValue({ t: 'b', v: flag === '1' || flag === 'true' });
      }
      case 'd':
        return cellValue({ t: 'n', v: dateSerial(decodeXmlText(raw, false), this.options.date1904) });
      default:
        return undefined; // 'e' (#N/A and friends) and unknown types
    }
  }

  private sharedString(index: string): string {
    const strings = this.options.sharedStrings;
    const at = Number.parseInt(index, 10);
    const value = at >= 0 ? strings[at] : undefined;
    if (value === undefined) {
      throw this.damaged(`refers to shared string ${quoteIndex(index)}, which its string table lacks`);
    }
    return value;
  }
}

function stringCell(text: string): CellValue | undefined {
  return cellValue({ t: 's', v: text } as XLSX.CellObject);
}

function quoteIndex(index: string): string {
  return index.length > 12 ? `${index.slice(0, 12)}…` : index;
}

/** The raw content of the first child element opened by `open` (`<v`) and closed by `close`
 *  (`</v>`) in text[from, to), or undefined. */
function childContent(
  text: string,
  from: number,
  to: number,
  open: string,
  close: string,
): string | undefined {
  let at = text.indexOf(open, from);
  while (at !== -1 && at < to) {
    const after = text.charCodeAt(at + open.length);
    if (after === 62 /* > */ || after === 32 || after === 9 || after === 10 || after === 13) {
      const gt = text.indexOf('>', at + open.length);
      if (gt === -1 || gt >= to) return undefined;
      if (text.charCodeAt(gt - 1) === SLASH) return undefined; // <v/>: no value
      const closeAt = text.indexOf(close, gt + 1);
      if (closeAt === -1 || closeAt > to) return undefined;
      return text.slice(gt + 1, closeAt);
    }
    if (after === SLASH) return undefined;
    at = text.indexOf(open, at + 1);
  }
  return undefined;
}

function parsePositiveInteger(text: string | undefined): number | undefined {
  if (text === undefined || text.length === 0 || text.length > 15) return undefined;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return undefined;
  }
  const value = Number(text);
  return value >= 1 ? value : undefined;
}

/** "A1:AJ100001" → 100001; "A1" → 1; anything else → null. */
export function lastRowOfRange(ref: string | undefined): number | null {
  if (!ref) return null;
  const last = ref.slice(ref.indexOf(':') + 1);
  let i = 0;
  while (i < last.length && last.charCodeAt(i) >= 65 && last.charCodeAt(i) <= 90) i++;
  const row = parsePositiveInteger(last.slice(i));
  return row ?? null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const TIME_ONLY = /^(\d+):(\d+)(?::(\d+))?(\.\d+)?$/;
const DATE_ONLY = /^(\d+)-(\d+)-(\d+)$/;
const DATE_TIME = /^(\d+)-(\d+)-(\d+)[T ](\d+):(\d+)(?::(\d+))?(\.\d+)?$/;

/**
 * An ISO 8601 date cell (`t="d"`, rare: Excel writes them only in strict mode) as the serial day
 * number SheetJS gives with cellDates off: days since 1899-12-30 UTC, minus one before 1 March 1900
 * (Excel's phantom 29 Feb 1900); a time alone is a fraction of a day.
 */
export function dateSerial(text: string, date1904: boolean): number {
  const ms = dateMilliseconds(text, date1904);
  const days = (ms - EPOCH_1900) / DAY_MS;
  if (date1904) {
    const shifted = days - 1462;
    return shifted < -1402 ? shifted - 1 : shifted;
  }
  return days < 60 ? days - 1 : days;
}

function dateMilliseconds(text: string, date1904: boolean): number {
  const time = TIME_ONLY.exec(text);
  if (time) {
    const [, h = '0', m = '0', s = '0', fraction] = time;
    const millis = fraction ? Number.parseInt(`${fraction.slice(1)}000`.slice(0, 3), 10) : 0;
    const base = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 31);
    return base + ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + millis;
  }
  const date = DATE_ONLY.exec(text);
  if (date) {
    const [, y = '0', mo = '1', d = '1'] = date;
    return Date.UTC(Number(y), Number(mo) - 1, Number(d));
  }
  const stamp = DATE_TIME.exec(text);
  if (stamp) {
    const [, y = '0', mo = '1', d = '1', h = '0', mi = '0', s = '0', fraction] = stamp;
    const millis = fraction ? Number.parseInt(`${fraction.slice(1)}0000`.slice(0, 3), 10) : 0;
    return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), millis);
  }
  return new Date(text).getTime();
}
