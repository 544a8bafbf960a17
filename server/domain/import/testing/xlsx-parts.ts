// Builds .xlsx files part by part (the XML Excel writes) so a test controls exactly what a sheet
// declares and contains: dimensions, formula caches, comments, styled empty rows.
import { buildZip, type TestZipEntry } from './zip-writer.ts';

export interface FormulaCell {
  formula: string;
  /** The value Excel cached when it last calculated; absent when never calculated. */
  cached?: string | number | boolean;
}
export type TestCell = string | number | boolean | null | FormulaCell;

export interface TestSheet {
  name: string;
  /** Either whole sheet XML, or rows turned into sheet XML. */
  xml?: string;
  rows?: TestCell[][];
  /** Cell comments, keyed by their (possibly hostile) ref attribute. */
  comments?: Array<{ ref: string; text: string }>;
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** 0 → A, 25 → Z, 26 → AA, 16383 → XFD. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

export function cellXml(cell: TestCell, ref: string): string {
  if (cell === null) return '';
  if (typeof cell === 'string')
    return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(cell)}</t></is></c>`;
  if (typeof cell === 'number') return `<c r="${ref}"><v>${cell}</v></c>`;
  if (typeof cell === 'boolean') return `<c r="${ref}" t="b"><v>${cell ? 1 : 0}</v></c>`;
  const f = `<f>${escapeXml(cell.formula)}</f>`;
  if (cell.cached === undefined) return `<c r="${ref}">${f}</c>`;
  if (typeof cell.cached === 'string')
    return `<c r="${ref}" t="str">${f}<v>${escapeXml(cell.cached)}</v></c>`;
  if (typeof cell.cached === 'boolean') return `<c r="${ref}" t="b">${f}<v>${cell.cached ? 1 : 0}</v></c>`;
  return `<c r="${ref}">${f}<v>${cell.cached}</v></c>`;
}

export function rowXml(cells: readonly TestCell[], rowNumber: number): string {
  return `<row r="${rowNumber}">${cells.map((cell, c) => cellXml(cell, `${columnLetters(c)}${rowNumber}`)).join('')}</row>`;
}

/** Sheet XML around already-built <row> elements; `dimension` is what the file claims. */
export function sheetXml(rowsXml: string, dimension?: string): string {
  const dim = dimension ? `<dimension ref="${dimension}"/>` : '';
  return `${XML_DECL}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">${dim}<sheetData>${rowsXml}</sheetData></worksheet>`;
}

export function rowsToSheetXml(rows: readonly TestCell[][], dimension?: string): string {
  return sheetXml(rows.map((cells, r) => rowXml(cells, r + 1)).join(''), dimension);
}

/** The parts of a minimal, valid workbook holding `sheets`, ready for buildZip. */
export function workbookEntries(sheets: readonly TestSheet[]): TestZipEntry[] {
  const overrides: string[] = [
    `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>`,
  ];
  const workbookRels: string[] = [];
  const sheetElements: string[] = [];
  const entries: TestZipEntry[] = [];
  sheets.forEach((sheet, i) => {
    const n = i + 1;
    overrides.push(
      `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    );
    workbookRels.push(
      `<Relationship Id="rId${n}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${n}.xml"/>`,
    );
    sheetElements.push(`<sheet name="${escapeXml(sheet.name)}" sheetId="${n}" r:id="rId${n}"/>`);
    entries.push({
      name: `xl/worksheets/sheet${n}.xml`,
      data: sheet.xml ?? rowsToSheetXml(sheet.rows ?? []),
    });
    if (sheet.comments) {
      overrides.push(
        `<Override PartName="/xl/comments${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.comments+xml"/>`,
      );
      entries.push({
        name: `xl/worksheets/_rels/sheet${n}.xml.rels`,
        data: `${XML_DECL}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/comments" Target="../comments${n}.xml"/></Relationships>`,
      });
      const list = sheet.comments
        .map(
          (c) =>
            `<comment ref="${escapeXml(c.ref)}" authorId="0"><text><t>${escapeXml(c.text)}</t></text></comment>`,
        )
        .join('');
      entries.push({
        name: `xl/comments${n}.xml`,
        data: `${XML_DECL}<comments xmlns="${MAIN_NS}"><authors><author>polluted</author></authors><commentList>${list}</commentList></comments>`,
      });
    }
  });
  return [
    {
      name: '[Content_Types].xml',
      data: `${XML_DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides.join('')}</Types>`,
    },
    {
      name: '_rels/.rels',
      data: `${XML_DECL}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `${XML_DECL}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>${sheetElements.join('')}</sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `${XML_DECL}<Relationships xmlns="${PKG_REL_NS}">${workbookRels.join('')}</Relationships>`,
    },
    ...entries,
  ];
}

export function buildXlsx(sheets: readonly TestSheet[], extraEntries: readonly TestZipEntry[] = []): Buffer {
  return buildZip([...workbookEntries(sheets), ...extraEntries]);
}
