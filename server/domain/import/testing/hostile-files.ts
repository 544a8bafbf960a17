// Builders for the hostile and awkward uploads of security-and-reliability.md (cases 1, 4–10),
// made in memory at test time so no large or dangerous binary is ever committed.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildXlsx, rowsToSheetXml, type TestCell, workbookEntries } from './xlsx-parts.ts';
import { buildZip, repeatedDeflate, repeatedDeflateSize } from './zip-writer.ts';

export const HEADER: TestCell[] = ['name', 'place_id', 'category', 'rating'];
export const DATA_ROWS: TestCell[][] = [
  ['Colonie', 'ChIJY8i4kEVawokR4uFtFh8npMQ', 'Restaurant', 4.5],
  ['Joe’s Pizza', 'ChIJ8Q2WSpJZwokRQz-bYYgEskM', 'Pizza', 4.7],
  ['Café Ümlaut', 'ChIJN1t_tDeuEmsRUsoyG83frY4', 'Cafe', 4],
];

/** Real files in a temp dir, removed by `remove()`. */
export function testDir(): {
  dir: string;
  save: (name: string, bytes: Buffer) => string;
  remove: () => void;
} {
  const dir = mkdtempSync(join(tmpdir(), 'spreadsheet-test-'));
  return {
    dir,
    save: (name, bytes) => {
      const path = join(dir, name);
      writeFileSync(path, bytes);
      return path;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A small, normal workbook written by hand (the base the hostile variants start from). */
export function plainXlsx(rows: TestCell[][] = [HEADER, ...DATA_ROWS]): Buffer {
  return buildXlsx([{ name: 'Businesses', rows }]);
}

/** Case 1: the start of a Linux executable. */
export function elfBytes(): Buffer {
  const bytes = Buffer.alloc(4096);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01]).copy(bytes);
  return bytes;
}

/** Case 1: a CSV export renamed .xlsx. */
export function csvBytes(): Buffer {
  return Buffer.from('name,place_id,category\nColonie,ChIJY8i4kEVawokR4uFtFh8npMQ,Restaurant\n');
}

/** Case 1: the HTML table many web apps save as "export.xls". */
export function htmlBytes(): Buffer {
  return Buffer.from(
    '<html><head><meta charset="utf-8"></head><body><table><tr><td>name</td><td>place_id</td></tr><tr><td>Colonie</td><td>ChIJY8i4kEVawokR4uFtFh8npMQ</td></tr></table></body></html>',
  );
}

// A 4-byte period lets deflate reach its ~1000:1 ceiling (longer patterns need distance bits).
const BOMB_PREFIX = '<?xml version="1.0"?><worksheet><sheetData><row r="1">';
const BOMB_UNIT = '<c/>';

/** Case 4: a real zip bomb: ~1.5 MB whose sheet honestly declares and inflates to ~1.5 GB of XML. */
export function zipBomb(inflatedBytes = 1.5e9): Buffer {
  const chunk = 16 * 1024 * 1024;
  return buildZip([
    ...workbookEntries([{ name: 'Sheet1', rows: [HEADER] }]).filter(
      (e) => e.name !== 'xl/worksheets/sheet1.xml',
    ),
    {
      name: 'xl/worksheets/sheet1.xml',
      deflated: repeatedDeflate(BOMB_UNIT, inflatedBytes, chunk, BOMB_PREFIX),
      uncompressedSize: repeatedDeflateSize(BOMB_UNIT, inflatedBytes, chunk, BOMB_PREFIX),
    },
  ]);
}

/** Case 4, disguised: the directory declares a tiny sheet, the data inflates to `inflatedBytes`. */
export function lyingZipBomb(inflatedBytes = 256 * 1024 * 1024, declaredBytes = 4096): Buffer {
  return buildZip([
    ...workbookEntries([{ name: 'Sheet1', rows: [HEADER] }]).filter(
      (e) => e.name !== 'xl/worksheets/sheet1.xml',
    ),
    {
      name: 'xl/worksheets/sheet1.xml',
      deflated: repeatedDeflate(BOMB_UNIT, inflatedBytes, 4 * 1024 * 1024, BOMB_PREFIX),
      uncompressedSize: declaredBytes,
    },
  ]);
}

/** Case 4, the cheap kind: only the central directory claims a huge size. */
export function hugeDeclaredSize(declaredBytes = 0xfffffff0): Buffer {
  const entries = workbookEntries([{ name: 'Sheet1', rows: [HEADER, ...DATA_ROWS] }]);
  return buildZip(
    entries.map((e) =>
      e.name === 'xl/worksheets/sheet1.xml' ? { ...e, uncompressedSize: declaredBytes } : e,
    ),
  );
}

/** Case 5: a few KB that declare the whole grid, A1:XFD1048576. */
export function hugeDeclaredRange(): Buffer {
  return buildXlsx([{ name: 'Sheet1', xml: rowsToSheetXml([HEADER, ...DATA_ROWS], 'A1:XFD1048576') }]);
}

/** Case 6: the data, then `emptyRows` rows that are formatted (styled cells, custom row format)
 *  but hold no value, as Excel writes them when a whole range was formatted. */
export function emptyFormattedRows(emptyRows = 1_000_000, data: TestCell[][] = DATA_ROWS): Buffer {
  const parts: string[] = [rowsToSheetXml([HEADER, ...data]).replace(/<\/sheetData><\/worksheet>$/, '')];
  const first = data.length + 2;
  for (let r = first; r < first + emptyRows; r++) {
    parts.push(
      `<row r="${r}" spans="1:4" s="1" customFormat="1"><c r="A${r}" s="1"/><c r="B${r}" s="1"/></row>`,
    );
  }
  parts.push('</sheetData></worksheet>');
  return buildXlsx([{ name: 'Sheet1', xml: parts.join('') }]);
}

/** Case 7: `count` distinct data rows. */
export function manyRows(count: number): Buffer {
  const rows: TestCell[][] = [HEADER];
  for (let i = 1; i <= count; i++) rows.push([`Business ${i}`, `place-${i}`, 'Shop', 4]);
  return plainXlsx(rows);
}

/** Case 8: the CVE-2023-30533 shape: a cell comment whose ref is "__proto__" (SheetJS ≤ 0.19.2
 *  looked the cell up as sheet["__proto__"] and added `c` to Object.prototype), plus a sheet and
 *  headers named after prototype keys and a "polluted" column. */
export function prototypePollutionProof(): Buffer {
  return buildXlsx([
    {
      name: 'Data',
      rows: [
        ['name', 'place_id', '__proto__', 'polluted', 'constructor'],
        ['Colonie', 'ChIJY8i4kEVawokR4uFtFh8npMQ', 'yes', 'yes', 'yes'],
      ],
      comments: [
        { ref: '__proto__', text: 'polluted' },
        { ref: 'constructor', text: 'polluted' },
        { ref: 'A1', text: 'a normal comment' },
      ],
    },
    { name: '__proto__', rows: [['polluted'], ['yes']] },
  ]);
}

/** Case 9: headers named after JavaScript internals next to the real ones. */
export function prototypeHeaders(): Buffer {
  return plainXlsx([
    ['__proto__', 'constructor', 'prototype', 'name', 'place_id', 'hasOwnProperty', 'toString'],
    ['x', 'y', 'z', 'Colonie', 'ChIJY8i4kEVawokR4uFtFh8npMQ', 'a', 'b'],
  ]);
}

/** Case 10: formula cells with cached values (text, number, boolean) and one never calculated. */
export function formulaCells(): Buffer {
  return plainXlsx([
    ['name', 'place_id', 'rating', 'reviews', 'verified', 'category'],
    [
      { formula: 'CONCAT("Colo","nie")', cached: 'Colonie' },
      'ChIJY8i4kEVawokR4uFtFh8npMQ',
      { formula: 'ROUND(4.46,1)', cached: 4.5 },
      { formula: 'SUM(100,20)', cached: 120 },
      { formula: 'TRUE()', cached: true },
      { formula: 'NOW()' },
    ],
  ]);
}

/** A workbook whose sheet part is flagged encrypted (general-purpose bit 0). */
export function encryptedEntry(): Buffer {
  const entries = workbookEntries([{ name: 'Sheet1', rows: [HEADER, ...DATA_ROWS] }]);
  return buildZip(entries.map((e) => (e.name === 'xl/worksheets/sheet1.xml' ? { ...e, flags: 0x0001 } : e)));
}

/** A workbook carrying an extra part whose name climbs out of the extraction folder. */
export function traversalEntry(name = '../../evil.sh'): Buffer {
  return buildXlsx(
    [{ name: 'Sheet1', rows: [HEADER, ...DATA_ROWS] }],
    [{ name, data: '#!/bin/sh\necho owned\n' }],
  );
}

/** A binary workbook (.xlsb) renamed .xlsx. */
export function xlsbRenamed(): Buffer {
  return buildZip([
    { name: '[Content_Types].xml', data: '<Types/>' },
    { name: 'xl/workbook.bin', data: Buffer.alloc(64) },
    { name: 'xl/worksheets/sheet1.bin', data: Buffer.alloc(64) },
  ]);
}

/** A Word document renamed .xlsx. */
export function docxRenamed(): Buffer {
  return buildZip([
    { name: '[Content_Types].xml', data: '<Types/>' },
    { name: 'word/document.xml', data: '<w:document/>' },
  ]);
}

/** A ZIP with more entries than any workbook needs. */
export function manyEntries(count: number): Buffer {
  const entries = workbookEntries([{ name: 'Sheet1', rows: [HEADER] }]);
  for (let i = 0; entries.length < count; i++) entries.push({ name: `xl/media/image${i}.png`, data: 'x' });
  return buildZip(entries);
}
