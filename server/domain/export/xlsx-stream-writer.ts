// Writes one-sheet .xlsx files row by row with bounded memory, however many rows.
// Strings are inline (t="inlineStr"): no shared-strings table accumulates in memory. The sheet XML is
// streamed through yazl's deflate into the output; writeRow waits for 'drain' when the output is slow.
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';

export type CellValue = string | number | boolean | null | undefined;

export interface XlsxWriterOptions {
  sheetName: string;
  columns: readonly string[];
  /** Time stored in the ZIP entries; fixed by the fixture generator so files are reproducible. */
  mtime?: Date;
  /** zlib level for the sheet entry (1 fastest … 9 smallest). The default, 3, measured about 25 %
   *  faster than zlib's usual 6 for a file about 13 % larger (docs/decisions/0004). */
  compressionLevel?: number;
}

export interface XlsxWriter {
  /** Appends one row. Returns a promise only when the caller must wait for the output to drain.
   *  Throws if the output has failed (closed by the client, disk full …): stop producing rows. */
  writeRow(values: readonly CellValue[]): Promise<void> | void;
  /** Closes the sheet and the ZIP, and resolves once the output has received every byte. */
  finish(): Promise<void>;
  /** Abandons the file: the output is destroyed, so a reader never mistakes a partial file for a whole one. */
  abort(reason?: unknown): void;
  readonly rowsWritten: number;
}

/** Excel's limits: rows per sheet, characters per cell, columns per sheet. */
export const MAX_SHEET_ROWS = 1_048_576;
export const MAX_CELL_CHARS = 32_767;
export const MAX_SHEET_COLUMNS = 16_384;

const DEFAULT_COMPRESSION_LEVEL = 3;

// Cell styles (indexes into cellXfs of styles.xml).
const STYLE_QUOTED = 1;
const STYLE_HEADER = 2;
const STYLE_HEADER_QUOTED = 3;

// Rows are gathered into chunks of about this many characters before being written: one write per
// few hundred rows keeps stream overhead small, and the chunk bounds the memory used.
const CHUNK_CHARS = 64 * 1024;

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

export function createXlsxWriter(out: NodeJS.WritableStream, options: XlsxWriterOptions): XlsxWriter {
  const mtime = options.mtime ?? new Date();
  const zip = new yazl.ZipFile();
  const sheet = new PassThrough({ highWaterMark: 256 * 1024 });
  let failure: Error | undefined;
  const failureListeners = new Set<(error: Error) => void>();
  const fail = (reason: unknown): void => {
    if (failure) return;
    failure = reason instanceof Error ? reason : new Error(String(reason));
    for (const listener of failureListeners) listener(failure);
    failureListeners.clear();
  };

  zip.on('error', fail);
  const done = pipeline(zip.outputStream as Readable, out);
  done.catch(fail);

  const small = { mtime, compress: true } as const;
  zip.addBuffer(Buffer.from(contentTypesXml()), '[Content_Types].xml', small);
  zip.addBuffer(Buffer.from(rootRelsXml()), '_rels/.rels', small);
  zip.addBuffer(Buffer.from(workbookXml(safeSheetName(options.sheetName))), 'xl/workbook.xml', small);
  zip.addBuffer(Buffer.from(workbookRelsXml()), 'xl/_rels/workbook.xml.rels', small);
  zip.addBuffer(Buffer.from(stylesXml()), 'xl/styles.xml', small);
  // Size unknown in advance: yazl writes a data descriptor, and switches to ZIP64 records by itself
  // once the entry or the archive passes 4 GB.
  zip.addReadStream(sheet, 'xl/worksheets/sheet1.xml', {
    mtime,
    compressionLevel: options.compressionLevel ?? DEFAULT_COMPRESSION_LEVEL,
  });

  const letters: string[] = [];
  const columnLetters = (count: number): string[] => {
    for (let index = letters.length; index < count; index++) letters.push(columnName(index));
    return letters;
  };

  let pending = `${XML_DECL}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>`;
  let rowNumber = 0;
  let finished = false;

  const waitForDrain = (): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const onDrain = (): void => {
        failureListeners.delete(onFailure);
        resolve();
      };
      const onFailure = (error: Error): void => {
        sheet.off('drain', onDrain);
        reject(error);
      };
      sheet.once('drain', onDrain);
      failureListeners.add(onFailure);
    });

  const flush = (): Promise<void> | undefined => {
    const ok = sheet.write(pending);
    pending = '';
    return ok ? undefined : waitForDrain();
  };

  const appendRow = (values: readonly CellValue[], header: boolean): Promise<void> | undefined => {
    if (failure) throw failure;
    if (finished) throw new Error('The workbook is already finished');
    if (rowNumber >= MAX_SHEET_ROWS) {
      throw new RangeError(`A worksheet holds at most ${MAX_SHEET_ROWS} rows`);
    }
    if (values.length > MAX_SHEET_COLUMNS) {
      throw new RangeError(`A worksheet holds at most ${MAX_SHEET_COLUMNS} columns`);
    }
    rowNumber++;
    const cols = columnLetters(values.length);
    let xml = `<row r="${rowNumber}">`;
    for (let index = 0; index < values.length; index++) {
      const value = values[index];
      if (value === null || value === undefined) continue;
      const ref = `${cols[index]}${rowNumber}`;
      if (typeof value === 'string') {
        if (value === '') continue;
        const quoted = needsQuotePrefix(value);
        const style = header ? (quoted ? STYLE_HEADER_QUOTED : STYLE_HEADER) : quoted ? STYLE_QUOTED : 0;
        xml += `<c r="${ref}"${style === 0 ? '' : ` s="${style}"`} t="inlineStr"><is>${textElement(value)}</is></c>`;
      } else if (typeof value === 'number') {
        // NaN and ±Infinity have no representation in a number cell: left empty rather than invented.
        if (Number.isFinite(value)) xml += `<c r="${ref}"><v>${value}</v></c>`;
      } else {
        xml += `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
      }
    }
    pending += `${xml}</row>`;
    return pending.length >= CHUNK_CHARS ? flush() : undefined;
  };

  // The header goes into the first chunk; no output can be pending yet, so this never waits.
  appendRow(options.columns, true);

  return {
    writeRow(values) {
      return appendRow(values, false);
    },
    async finish() {
      if (failure) throw failure;
      if (finished) throw new Error('The workbook is already finished');
      finished = true;
      sheet.end(`${pending}</sheetData></worksheet>`);
      pending = '';
      zip.end();
      await done;
      if (failure) throw failure;
    },
    abort(reason) {
      const error = reason instanceof Error ? reason : new Error('Export aborted');
      fail(error);
      finished = true;
      // The error goes to the pipeline (which destroys the output with it), not to the sheet
      // stream, which has no listener until yazl starts reading it.
      sheet.destroy();
      (zip.outputStream as Readable).destroy(error);
    },
    get rowsWritten() {
      // The header row is not a data row.
      return Math.max(0, rowNumber - 1);
    },
  };
}

/** A1-style column name for a 0-based index: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  let rest = index + 1;
  while (rest > 0) {
    const digit = (rest - 1) % 26;
    name = String.fromCharCode(65 + digit) + name;
    rest = Math.floor((rest - 1) / 26);
  }
  return name;
}

/** Text a spreadsheet could turn into a formula or a command when edited or re-saved as CSV
 *  (OWASP's CSV-injection list). Such cells get Excel's quotePrefix style: the value itself is unchanged. */
export function needsQuotePrefix(text: string): boolean {
  const first = text.charCodeAt(0);
  // = + - @ TAB CR
  return first === 61 || first === 43 || first === 45 || first === 64 || first === 9 || first === 13;
}

// Characters needing work: markup, whitespace that needs xml:space or (CR) a character reference
// (an XML parser would turn a raw CR into LF), characters XML 1.0 forbids, any surrogate (to keep
// pairs and drop lone halves), and literal `_xHHHH_`, which OOXML readers decode as an escape.
// Most cells contain none of these: one regex test, and the text goes out as it is.
const SPECIAL =
  /[&<>\t\n\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]|_x[0-9A-Fa-f]{4}_/;
const NEEDS_ESCAPE =
  /[&<>\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]|_x[0-9A-Fa-f]{4}_/;
const ESCAPE_ALL =
  /[\uD800-\uDBFF][\uDC00-\uDFFF]|[&<>\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]|_(?=x[0-9A-Fa-f]{4}_)/g;
const INNER_WHITESPACE = /[\t\n\r]/;

function escapeMatch(match: string): string {
  switch (match) {
    case '&':
      return '&amp;';
    case '<':
      return '&lt;';
    case '>':
      return '&gt;';
    case '\r':
      return '&#xD;';
    case '_':
      return '_x005F_';
    default:
      // A surrogate pair is kept; anything else matched here is forbidden in XML 1.0 and dropped.
      return match.length === 2 ? match : '';
  }
}

/** Escapes text for element content, dropping what XML 1.0 cannot carry. */
export function escapeXmlText(text: string): string {
  return NEEDS_ESCAPE.test(text) ? text.replace(ESCAPE_ALL, escapeMatch) : text;
}

function escapeXmlAttribute(text: string): string {
  return escapeXmlText(text).replace(/"/g, '&quot;');
}

/** XML whitespace (space, tab, LF, CR): readers may trim it at the ends without xml:space="preserve". */
function isXmlSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

function textElement(value: string): string {
  const text = value.length > MAX_CELL_CHARS ? truncate(value, MAX_CELL_CHARS) : value;
  const edge = isXmlSpace(text.charCodeAt(0)) || isXmlSpace(text.charCodeAt(text.length - 1));
  if (!SPECIAL.test(text)) return edge ? `<t xml:space="preserve">${text}</t>` : `<t>${text}</t>`;
  const open = edge || INNER_WHITESPACE.test(text) ? '<t xml:space="preserve">' : '<t>';
  return `${open}${escapeXmlText(text)}</t>`;
}

function truncate(text: string, max: number): string {
  // Do not cut a surrogate pair in half.
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** Excel's sheet-name rules: 1–31 characters, none of : \ / ? * [ ], no apostrophe at either end. */
export function safeSheetName(name: string): string {
  const cleaned = Array.from(name.replace(/[:\\/?*[\]\u0000-\u001F]/g, ' ').trim())
    .slice(0, 31)
    .join('')
    .replace(/^'+|'+$/g, '')
    .trim();
  return cleaned === '' ? 'Sheet1' : cleaned;
}

function contentTypesXml(): string {
  return `${XML_DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
}

function rootRelsXml(): string {
  return `${XML_DECL}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
}

function workbookXml(sheetName: string): string {
  return `${XML_DECL}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><bookViews><workbookView/></bookViews><sheets><sheet name="${escapeXmlAttribute(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
}

function workbookRelsXml(): string {
  return `${XML_DECL}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`;
}

function stylesXml(): string {
  // xf 0 default, 1 quote-prefixed text, 2 bold header, 3 bold quote-prefixed header.
  return `${XML_DECL}<styleSheet xmlns="${MAIN_NS}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" quotePrefix="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1" quotePrefix="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;
}
