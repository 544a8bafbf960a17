// A small .xlsx writer for the browser: the import's problem rows and changes, downloadable without
// pulling a spreadsheet library (SheetJS is ~400 KB) into the admin chunk. An .xlsx is a ZIP of a few
// XML parts; the entries are stored uncompressed (a few thousand rows make a few hundred KB), so
// all it needs is a CRC-32. Strings are inline: nothing is ever read as a formula.

export type Cell = string | number;

function contentTypes(sheets: number): string {
  const overrides = Array.from(
    { length: sheets },
    (_, i) =>
      `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
  ).join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${overrides}</Types>`;
}

const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

function workbookRels(sheets: number): string {
  const relations = Array.from(
    { length: sheets },
    (_, i) =>
      `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
  ).join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relations}</Relationships>`;
}

/** Excel refuses sheet names longer than 31 characters or holding any of : \ / ? * [ ]. */
function sheetName(name: string): string {
  return name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet';
}

function workbook(names: readonly string[]): string {
  const sheets = names
    .map((name, i) => `<sheet name="${escapeXml(sheetName(name))}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${sheets}</sheets></workbook>`;
}

/** XML 1.0 allows tab, LF, CR and printable characters; anything else (a stray control character
 *  from an imported cell) would make Excel refuse the whole file. */
function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Excel's cell limit; longer text would be refused. */
const MAX_CELL_CHARS = 32_767;

function sheet(rows: readonly (readonly Cell[])[]): string {
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
  ];
  rows.forEach((row, r) => {
    parts.push(`<row r="${r + 1}">`);
    row.forEach((cell, c) => {
      const ref = `${columnName(c)}${r + 1}`;
      if (typeof cell === 'number' && Number.isFinite(cell)) parts.push(`<c r="${ref}"><v>${cell}</v></c>`);
      else
        parts.push(
          `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(String(cell).slice(0, MAX_CELL_CHARS))}</t></is></c>`,
        );
    });
    parts.push('</row>');
  });
  parts.push('</sheetData></worksheet>');
  return parts.join('');
}

let crcTable: Uint32Array | undefined;

export function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A ZIP of stored (uncompressed) entries with ASCII names. */
function zip(entries: { name: string; data: Uint8Array }[]): Uint8Array<ArrayBuffer>[] {
  const encoder = new TextEncoder();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const central: Uint8Array<ArrayBuffer>[] = [];
  let offset = 0;
  // 1980-01-01 00:00 in DOS form: a fixed time, so the same rows give the same bytes.
  const dosDate = (0 << 9) | (1 << 5) | 1;
  for (const entry of entries) {
    const name = encoder.encode(entry.name);
    const crc = crc32(entry.data);
    const size = entry.data.length;
    const local = new Uint8Array(30 + name.length);
    const l = new DataView(local.buffer);
    l.setUint32(0, 0x04034b50, true);
    l.setUint16(4, 20, true); // version needed
    l.setUint16(6, 0, true); // flags
    l.setUint16(8, 0, true); // stored
    l.setUint16(10, 0, true); // time
    l.setUint16(12, dosDate, true);
    l.setUint32(14, crc, true);
    l.setUint32(18, size, true);
    l.setUint32(22, size, true);
    l.setUint16(26, name.length, true);
    l.setUint16(28, 0, true);
    local.set(name, 30);

    const record = new Uint8Array(46 + name.length);
    const c = new DataView(record.buffer);
    c.setUint32(0, 0x02014b50, true);
    c.setUint16(4, 20, true); // version made by
    c.setUint16(6, 20, true);
    c.setUint16(8, 0, true);
    c.setUint16(10, 0, true);
    c.setUint16(12, 0, true);
    c.setUint16(14, dosDate, true);
    c.setUint32(16, crc, true);
    c.setUint32(20, size, true);
    c.setUint32(24, size, true);
    c.setUint16(28, name.length, true);
    c.setUint32(42, offset, true);
    record.set(name, 46);

    chunks.push(local, new Uint8Array(entry.data));
    central.push(record);
    offset += local.length + size;
  }
  const centralSize = central.reduce((sum, record) => sum + record.length, 0);
  const end = new Uint8Array(22);
  const e = new DataView(end.buffer);
  e.setUint32(0, 0x06054b50, true);
  e.setUint16(8, entries.length, true);
  e.setUint16(10, entries.length, true);
  e.setUint32(12, centralSize, true);
  e.setUint32(16, offset, true);
  return [...chunks, ...central, end];
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface SheetRows {
  name: string;
  /** The first row is the header. */
  rows: readonly (readonly Cell[])[];
}

/** The sheets as one .xlsx file. */
export function buildWorkbook(sheets: readonly SheetRows[]): Blob {
  const encoder = new TextEncoder();
  const part = (name: string, text: string) => ({ name, data: encoder.encode(text) });
  return new Blob(
    zip([
      part('[Content_Types].xml', contentTypes(sheets.length)),
      part('_rels/.rels', ROOT_RELS),
      part('xl/workbook.xml', workbook(sheets.map((s) => s.name))),
      part('xl/_rels/workbook.xml.rels', workbookRels(sheets.length)),
      ...sheets.map((s, i) => part(`xl/worksheets/sheet${i + 1}.xml`, sheet(s.rows))),
    ]),
    { type: XLSX_MIME },
  );
}

/** The rows (the first one is the header) as a one-sheet .xlsx file. */
export function buildXlsx(rows: readonly (readonly Cell[])[], name = 'Sheet1'): Blob {
  return buildWorkbook([{ name, rows }]);
}
