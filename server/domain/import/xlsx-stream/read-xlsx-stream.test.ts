import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { FIXTURE_FILES_DIR, writeFixtureXlsx } from '../../../../fixtures/generate.ts';
import type { RawRow } from '../normalised-business.ts';
import type { SpreadsheetLimits } from '../precheck.ts';
import { readSpreadsheet } from '../read-sheet.ts';
import { SpreadsheetRejected } from '../spreadsheet-error.ts';
import {
  DATA_ROWS,
  emptyFormattedRows,
  encryptedEntry,
  formulaCells,
  HEADER,
  hugeDeclaredRange,
  lyingZipBomb,
  manyRows,
  plainXlsx,
  prototypeHeaders,
  prototypePollutionProof,
  testDir,
  traversalEntry,
  zipBomb,
} from '../testing/hostile-files.ts';
import { buildXlsx, rowXml, sheetXml, type TestCell, workbookEntries } from '../testing/xlsx-parts.ts';
import { buildZip, type TestZipEntry } from '../testing/zip-writer.ts';
import { readXlsxStream, type StreamTuning } from './read-xlsx-stream.ts';

const files = testDir();
afterAll(() => files.remove());

interface Outcome {
  sheetName?: string;
  headerRow?: number;
  columns?: Array<[number, string]>;
  rows?: Array<{ rowNumber: number; values: Record<string, unknown> }>;
  rejected?: string;
}

function plainRows(rows: Iterable<RawRow>): Outcome['rows'] {
  return [...rows].map((row) => ({ rowNumber: row.rowNumber, values: { ...row.values } }));
}

/** What readSpreadsheet (SheetJS) makes of the file. */
function bySheetJs(bytes: Buffer, name: string, limits?: Partial<SpreadsheetLimits>): Outcome {
  try {
    const sheet = readSpreadsheet(bytes, name, limits);
    return {
      sheetName: sheet.sheetName,
      headerRow: sheet.headerRow,
      columns: [...sheet.columns],
      rows: plainRows(sheet.rows),
    };
  } catch (error) {
    if (error instanceof SpreadsheetRejected) return { rejected: error.code };
    throw error;
  }
}

/** What the streaming reader makes of it, rows included (refusals may come while iterating). */
async function streamed(
  bytes: Buffer,
  name: string,
  limits?: Partial<SpreadsheetLimits>,
  tuning?: StreamTuning,
): Promise<Outcome> {
  try {
    const sheet = await readXlsxStream(bytes, name, limits, tuning);
    const rows: RawRow[] = [];
    for await (const row of sheet.rows as AsyncIterable<RawRow>) rows.push(row);
    return {
      sheetName: sheet.sheetName,
      headerRow: sheet.headerRow,
      columns: [...sheet.columns],
      rows: plainRows(rows),
    };
  } catch (error) {
    if (error instanceof SpreadsheetRejected) return { rejected: error.code };
    throw error;
  }
}

/** Saves the file, reads it back, and holds the streaming reader to SheetJS's result — with the
 *  default chunks and with tiny ones, so tags, entities and characters straddle chunk boundaries. */
async function expectSameAsSheetJs(
  name: string,
  bytes: Buffer,
  limits?: Partial<SpreadsheetLimits>,
  tinyChunk = 7,
): Promise<Outcome> {
  const saved = readFileSync(files.save(name, bytes));
  const expected = bySheetJs(saved, name, limits);
  expect(await streamed(saved, name, limits)).toEqual(expected);
  expect(await streamed(saved, name, limits, { rechunkBytes: tinyChunk })).toEqual(expected);
  return expected;
}

function sheetJsFile(sheets: Array<[string, unknown[][]]>, bookSST: boolean): Buffer {
  const workbook = XLSX.utils.book_new();
  for (const [name, rows] of sheets)
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), name);
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', bookSST });
}

const EXACT_TEXT = [
  'مطعم الشرق الأوسط', // RTL
  '東京ラーメン 一番', // CJK
  'Pizza 🍕 & Café 👩‍🍳', // emoji, ZWJ sequence (surrogate pairs), an entity
  '𠜎𠜱𠝹𠱓 and 😀😀😀😀😀😀😀', // astral characters that straddle 7-byte chunks
  '  leading and trailing spaces  ',
  'two\nlines',
  'cr\r\nlf',
  '<script>alert(1)</script> "quoted" \'single\'',
  'literal _x0041_ escape-lookalike',
  'control \u0001 character',
  '{"Monday": "9AM–5PM", "Tuesday": "Closed"}',
];

const SHARED_STRINGS_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml';
const SHARED_STRINGS_REL =
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings';

/** A hand-built workbook with a shared-strings table made of the given <si> bodies. */
function withSharedStrings(
  sheetXmlText: string,
  items: string[],
  options: { stored?: boolean; absoluteTargets?: boolean } = {},
): Buffer {
  const entries: TestZipEntry[] = workbookEntries([{ name: 'Sheet1', xml: sheetXmlText }]).map((entry) => {
    const data = String(entry.data ?? '');
    if (entry.name === '[Content_Types].xml') {
      return {
        ...entry,
        data: data.replace(
          '</Types>',
          `<Override PartName="/xl/sharedStrings.xml" ContentType="${SHARED_STRINGS_TYPE}"/></Types>`,
        ),
      };
    }
    if (entry.name === 'xl/_rels/workbook.xml.rels') {
      const rels = data.replace(
        '</Relationships>',
        `<Relationship Id="rIdSst" Type="${SHARED_STRINGS_REL}" Target="sharedStrings.xml"/></Relationships>`,
      );
      return { ...entry, data: options.absoluteTargets ? rels.replace(/Target="/g, 'Target="/xl/') : rels };
    }
    return entry;
  });
  entries.push({
    name: 'xl/sharedStrings.xml',
    data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${items.length}" uniqueCount="${items.length}">${items.map((item) => `<si>${item}</si>`).join('')}</sst>`,
  });
  return buildZip(entries.map((entry) => ({ ...entry, stored: options.stored === true })));
}

/** A row of shared-string cells: index i → `<c r="…" t="s"><v>i</v></c>`. */
function sharedRow(rowNumber: number, indexes: Array<number | null>): string {
  const cells = indexes
    .map((index, c) =>
      index === null ? '' : `<c r="${String.fromCharCode(65 + c)}${rowNumber}" t="s"><v>${index}</v></c>`,
    )
    .join('');
  return `<row r="${rowNumber}">${cells}</row>`;
}

describe('readXlsxStream gives what readSpreadsheet (SheetJS) gives', () => {
  const fixtures = readdirSync(FIXTURE_FILES_DIR).filter((file) => file.endsWith('.xlsx'));

  it('has committed fixtures to compare', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(3);
  });

  it.each(fixtures)('committed fixture %s', async (file) => {
    const bytes = readFileSync(join(FIXTURE_FILES_DIR, file));
    const expected = await expectSameAsSheetJs(file, bytes, undefined, 4099);
    expect(expected.rows?.length).toBeGreaterThan(0);
  });

  it.each([true, false])(
    'SheetJS-written workbooks (bookSST: %s): text exact, numbers, booleans',
    async (sst) => {
      const rows: unknown[][] = [
        [
          ' Name ',
          'PLACE ID',
          'Address',
          'site',
          'Postal-Code',
          'reviews_count',
          'Rating',
          'verified',
          'query',
        ],
        ...EXACT_TEXT.map((name, i) => [
          name,
          i % 3 === 0 ? 1e21 + i : `ChIJ${i}`,
          '345 Park Ave S, New York, NY 10010',
          i % 2 ? 'https://x.test/?a=1&b=2' : null,
          2134,
          i % 4 === 0 ? 1.5e-7 : 120,
          4.5,
          i % 2 === 0,
          'q',
        ]),
        [],
        [null, null, '   ', null],
        ['after a gap', 'ChIJgap'],
      ];
      const expected = await expectSameAsSheetJs(
        `sheetjs-${sst}.xlsx`,
        sheetJsFile([['Businesses', rows]], sst),
      );
      // Exact text both ways; SheetJS writes CR LF and `_x0041_` unescaped, so they read back changed.
      expect(expected.rows?.map((row) => row.values.name)).toEqual([
        ...EXACT_TEXT.map((text) => text.replace('\r\n', '\n').replace('_x0041_', 'A')),
        'after a gap',
      ]);
    },
  );

  it('a 20,000-row generated export', async () => {
    const path = join(files.dir, 'generated-20000.xlsx');
    await writeFixtureXlsx(path, { count: 20_000, seed: 7 });
    const expected = await expectSameAsSheetJs(
      'generated-20000-copy.xlsx',
      readFileSync(path),
      undefined,
      4099,
    );
    expect(expected.rows?.length).toBeGreaterThan(19_000);
  }, 120_000);

  it('a 20,000-row SheetJS file with a shared-strings table, read with 1 KiB chunks', async () => {
    const rows: unknown[][] = [['name', 'place_id', 'category', 'rating', 'working_hours']];
    for (let i = 0; i < 20_000; i++) {
      rows.push([
        `Business ${i} ${EXACT_TEXT[i % EXACT_TEXT.length]}`,
        `ChIJ${i}`,
        `Cat ${i % 50}`,
        i % 5,
        '{"Monday": "9AM–5PM"}',
      ]);
    }
    await expectSameAsSheetJs('sst-20000.xlsx', sheetJsFile([['Data', rows]], true), undefined, 1024);
  }, 120_000);

  it('a cover sheet before the data, headers below blank rows and right of column A', async () => {
    const file = sheetJsFile(
      [
        ['Cover', [['Google Maps export'], ['Generated 2025-01-28'], [], ['name is not a header here']]],
        ['Notes', []],
        ['Data', [[], [], [null, 'Name', 'Place_ID'], [null, 'Colonie', 'ChIJY8i4']]],
        ['Later', [HEADER, ['Other', 'ChIJother', 'x', 1]]],
      ],
      true,
    );
    const expected = await expectSameAsSheetJs('cover.xlsx', file);
    expect(expected).toMatchObject({ sheetName: 'Data', headerRow: 3 });
  });

  it('formula cells: cached values only; error cells: empty', async () => {
    await expectSameAsSheetJs('formulas.xlsx', formulaCells());
    const xml = sheetXml(
      `${rowXml(['name', 'place_id', 'rating'], 1)}<row r="2"><c r="A2" t="inlineStr"><is><t>Colonie</t></is></c><c r="B2" t="inlineStr"><is><t>ChIJ1</t></is></c><c r="C2" t="e"><v>#N/A</v></c></row><row r="3"><c r="A3" t="e"><v>#REF!</v></c><c r="C3" t="e"><f>1/0</f><v>#DIV/0!</v></c></row>`,
    );
    const expected = await expectSameAsSheetJs('errors.xlsx', buildXlsx([{ name: 'S', xml }]));
    expect(expected.rows).toEqual([{ rowNumber: 2, values: { name: 'Colonie', place_id: 'ChIJ1' } }]);
  });

  it('a million empty formatted rows are skipped', async () => {
    const expected = await expectSameAsSheetJs(
      'formatted.xlsx',
      emptyFormattedRows(1_000_000),
      undefined,
      4099,
    );
    expect(expected.rows?.map((row) => row.rowNumber)).toEqual([2, 3, 4]);
  }, 120_000);

  it('a sheet declaring A1:XFD1048576 gives its real rows (and no estimate from that range)', async () => {
    await expectSameAsSheetJs('range.xlsx', hugeDeclaredRange());
    const sheet = await readXlsxStream(hugeDeclaredRange(), 'range.xlsx');
    expect(sheet.estimatedRows).toBeNull();
  });

  it('__proto__ headers, the CVE-2023-30533 proof, and a sheet named __proto__', async () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    await expectSameAsSheetJs('proto-headers.xlsx', prototypeHeaders());
    await expectSameAsSheetJs('cve.xlsx', prototypePollutionProof());
    const onlyProto = buildXlsx([{ name: '__proto__', rows: [HEADER, ...DATA_ROWS] }]);
    expect(await expectSameAsSheetJs('proto-sheet.xlsx', onlyProto)).toEqual({ rejected: 'missing_column' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
  });

  it('numeric, boolean and spaced place_ids become the same text', async () => {
    await expectSameAsSheetJs(
      'numeric-ids.xlsx',
      plainXlsx([
        ['name', 'place_id'],
        ['A', 12345678901234],
        ['B', 1e21],
        ['C', true],
        ['D', ' ChIJ spaced '],
        ['E', 2 ** 53 + 1],
        ['F', 1.5e-7],
      ]),
    );
  });

  it('refusals: not a spreadsheet, bombs, encryption, traversal, missing columns, row cap', async () => {
    const cases: Array<[string, Buffer, Partial<SpreadsheetLimits>?]> = [
      ['elf.xlsx', Buffer.from('\u007fELF and more bytes', 'latin1')],
      ['bomb.xlsx', zipBomb()],
      ['enc.xlsx', encryptedEntry()],
      ['escape.xlsx', traversalEntry()],
      [
        'no-place.xlsx',
        plainXlsx([
          ['name', 'category'],
          ['A', 'B'],
        ]),
      ],
      [
        'no-name.xlsx',
        plainXlsx([
          ['title', 'place_id'],
          ['A', 'B'],
        ]),
      ],
      ['blank.xlsx', plainXlsx([])],
      ['many.xlsx', manyRows(25), { maxRows: 10 }],
      ['cap.xlsx', manyRows(10), { maxRows: 10 }],
      ['cap1.xlsx', manyRows(11), { maxRows: 10 }],
    ];
    for (const [name, bytes, limits] of cases) {
      const saved = readFileSync(files.save(name, bytes));
      expect(await streamed(saved, name, limits), name).toEqual(bySheetJs(saved, name, limits));
    }
    expect(bySheetJs(manyRows(11), 'x.xlsx', { maxRows: 10 })).toEqual({ rejected: 'too_many_rows' });
  }, 60_000);

  it('a password-protected workbook (OLE) named .xlsx is refused as encrypted, as before', async () => {
    const cfb = XLSX.CFB.utils.cfb_new();
    XLSX.CFB.utils.cfb_add(cfb, '/EncryptionInfo', Buffer.alloc(512, 4));
    XLSX.CFB.utils.cfb_add(cfb, '/EncryptedPackage', Buffer.alloc(4096, 1));
    const bytes = XLSX.CFB.write(cfb, { type: 'buffer' }) as Buffer;
    expect(await streamed(bytes, 'locked.xlsx')).toEqual({ rejected: 'encrypted' });
  });
});

describe('readXlsxStream: shared strings, cells and rows', () => {
  it('reads rich text runs and skips phonetic runs, as SheetJS does', async () => {
    const items = [
      '<t>name</t>',
      '<t>place_id</t>',
      '<r><rPr><b/></rPr><t>Joe’s </t></r><r><t xml:space="preserve"> Pizza &amp; Co</t></r>',
      '<t>ChIJ1</t>',
      '<r><t>東京</t></r><rPh sb="0" eb="2"><t>トウキョウ</t></rPh><phoneticPr fontId="1"/>',
      '<t>漢字</t><rPh sb="0" eb="2"><t>カンジ</t></rPh>',
      '<t xml:space="preserve">  spaced\r\nline  </t>',
      '<t>_x000D__x000A_escaped &#233; &#x1F600; &lt;&gt;&quot;&apos; &unknown;</t>',
      '<t><![CDATA[<b>&amp; raw</b>]]></t>',
      '<t/>',
      '',
    ];
    const xml = sheetXml(
      [
        sharedRow(1, [0, 1]),
        sharedRow(2, [2, 3]),
        sharedRow(3, [4, 3]),
        sharedRow(4, [5, 3]),
        sharedRow(5, [6, 3]),
        sharedRow(6, [7, 3]),
        sharedRow(7, [8, 3]),
        sharedRow(8, [9, 3]),
        sharedRow(9, [10, 3]),
      ].join(''),
    );
    const bytes = withSharedStrings(xml, items);
    const sheet = await streamed(bytes, 'rich.xlsx', undefined, { rechunkBytes: 3 });
    expect(sheet.rows?.map((row) => row.values.name)).toEqual([
      'Joe’s  Pizza & Co',
      '東京',
      '漢字',
      '  spaced\nline  ',
      '\nescaped é 😀 <>"\' &unknown;',
      '<b>&amp; raw</b>',
      undefined,
      undefined,
    ]);
    // SheetJS agrees on all but the astral character reference, which it truncates to one
    // UTF-16 unit (String.fromCharCode); we decode the code point.
    const expected = bySheetJs(bytes, 'rich.xlsx');
    expect(expected.rows?.[4]?.values.name).toBe('\nescaped é \uF600 <>"\' &unknown;');
    expect(sheet.rows?.filter((_, i) => i !== 4)).toEqual(expected.rows?.filter((_, i) => i !== 4));
  });

  it.each([false, true])(
    'cell types as SheetJS reads them: dates, booleans, numbers, formula strings (1904: %s)',
    async (date1904) => {
      const cells = [
        '<c r="C2" t="d"><v>2024-03-05</v></c><c r="D2" t="d"><v>1900-01-15T12:30:00</v></c><c r="E2" t="d"><v>13:45:30.5</v></c>',
        '<c r="C3" t="b"><v>1</v></c><c r="D3" t="b"><v>0</v></c><c r="E3" t="b"><v>true</v></c>',
        '<c r="C4"><v>1.5E-7</v></c><c r="D4" t="n"><v>-0</v></c><c r="E4"><v>  12abc</v></c>',
        '<c r="C5" t="str"><f>A1&amp;"x"</f><v>a &amp; b</v></c><c r="D5" t="str"><f>""</f><v></v></c><c r="E5" t="inlineStr"><is><r><t>x</t></r><r><t>y</t></r></is></c>',
        '<c r="C6" t="weird"><v>1</v></c><c r="D6" s="3"><v></v></c><c r="E6" t="d"><v>2024-02-30T25:99</v></c>',
      ];
      const rows = cells
        .map(
          (xml, i) =>
            `<row r="${i + 2}"><c r="A${i + 2}" t="inlineStr"><is><t>N${i}</t></is></c><c r="B${i + 2}" t="inlineStr"><is><t>P${i}</t></is></c>${xml}</row>`,
        )
        .join('');
      const xml = sheetXml(`${rowXml(['name', 'place_id', 'rating', 'reviews', 'verified'], 1)}${rows}`);
      let bytes = buildXlsx([{ name: 'S', xml }]);
      if (date1904) {
        bytes = rebuildPart(bytes, 'xl/workbook.xml', (text) =>
          text.replace('<sheets>', '<workbookPr date1904="1"/><sheets>'),
        );
      }
      const expected = await expectSameAsSheetJs(`types-${date1904}.xlsx`, bytes);
      expect(expected.rows?.[1]?.values).toEqual({
        name: 'N1',
        place_id: 'P1',
        rating: true,
        reviews: false,
        verified: true,
      });
    },
  );

  it('decodes a cached formula string once (SheetJS decodes it twice)', async () => {
    const xml = sheetXml(
      `${rowXml(['name', 'place_id'], 1)}<row r="2"><c r="A2" t="str"><f>"x"</f><v>Tom &amp;amp; Jerry _x005F_x0041_</v></c><c r="B2" t="str"><v>p</v></c></row>`,
    );
    const bytes = buildXlsx([{ name: 'S', xml }]);
    expect((await streamed(bytes, 'twice.xlsx')).rows?.[0]?.values.name).toBe('Tom &amp; Jerry _x0041_');
    expect(bySheetJs(bytes, 'twice.xlsx').rows?.[0]?.values.name).toBe('Tom & Jerry A');
  });

  it('reads stored (uncompressed) parts and absolute relationship targets', async () => {
    const xml = sheetXml([sharedRow(1, [0, 1]), sharedRow(2, [2, 3])].join(''));
    const items = ['<t>name</t>', '<t>place_id</t>', '<t>Colonie</t>', '<t>ChIJ1</t>'];
    for (const options of [
      { stored: true },
      { absoluteTargets: true },
      { stored: true, absoluteTargets: true },
    ]) {
      const sheet = await streamed(withSharedStrings(xml, items, options), 'stored.xlsx', undefined, {
        rechunkBytes: 5,
      });
      expect(sheet.rows, JSON.stringify(options)).toEqual([
        { rowNumber: 2, values: { name: 'Colonie', place_id: 'ChIJ1' } },
      ]);
    }
    expect(
      bySheetJs(withSharedStrings(xml, items, { stored: true, absoluteTargets: true }), 'stored.xlsx').rows,
    ).toEqual([{ rowNumber: 2, values: { name: 'Colonie', place_id: 'ChIJ1' } }]);
  });

  it('counts rows and columns that have no r attribute, as SheetJS does', async () => {
    const xml = sheetXml(
      [
        '<row><c t="inlineStr"><is><t>name</t></is></c><c t="inlineStr"><is><t>place_id</t></is></c><c t="inlineStr"><is><t>rating</t></is></c></row>',
        '<row><c t="inlineStr"><is><t>A</t></is></c><c t="inlineStr"><is><t>p1</t></is></c><c><v>4</v></c></row>',
        '<row r="5"><c r="B5" t="inlineStr"><is><t>p5</t></is></c><c><v>3</v></c><c r="A5" t="inlineStr"><is><t>E</t></is></c></row>',
        '<row><c s="1"/><c t="inlineStr"><is><t>p6</t></is></c></row>',
        '<row/>',
        '<row><c t="inlineStr"><is><t>H</t></is></c></row>',
      ].join(''),
    );
    const bytes = buildXlsx([{ name: 'S', xml }]);
    const expected = await expectSameAsSheetJs('no-r.xlsx', bytes);
    expect(expected.rows).toEqual([
      { rowNumber: 2, values: { name: 'A', place_id: 'p1', rating: 4 } },
      { rowNumber: 5, values: { name: 'E', place_id: 'p5', rating: 3 } },
      { rowNumber: 6, values: { place_id: 'p6' } },
      { rowNumber: 7, values: { name: 'H' } },
    ]);
  });

  it('reads namespace-prefixed sheet XML (<x:row>, <x:c>, <x:v>)', async () => {
    const xml = `<?xml version="1.0"?><x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData><x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>name</x:t></x:is></x:c><x:c r="B1" t="str"><x:v>place_id</x:v></x:c></x:row><x:row r="2"><x:c r="A2" t="inlineStr"><x:is><x:t>Colonie</x:t></x:is></x:c><x:c r="B2"><x:v>42</x:v></x:c></x:row></x:sheetData></x:worksheet>`;
    const sheet = await streamed(buildXlsx([{ name: 'S', xml }]), 'ns.xlsx', undefined, { rechunkBytes: 2 });
    expect(sheet.rows).toEqual([{ rowNumber: 2, values: { name: 'Colonie', place_id: '42' } }]);
  });

  it('refuses a DOCTYPE in any part it reads', async () => {
    const doctype = '<?xml version="1.0"?><!DOCTYPE worksheet [<!ENTITY x "boom">]>';
    const xml = rowsToSheet([HEADER, ...DATA_ROWS]).replace(/^<\?xml[^>]*>\n?/, doctype);
    expect(await streamed(buildXlsx([{ name: 'S', xml }]), 'dtd.xlsx')).toEqual({
      rejected: 'not_a_spreadsheet',
    });
    const items = ['<t>name</t>', '<t>place_id</t>'];
    const sst = withSharedStrings(sheetXml(sharedRow(1, [0, 1])), items);
    const hostile = rebuildPart(sst, 'xl/sharedStrings.xml', (text) =>
      text.replace('<sst', '<!DOCTYPE sst SYSTEM "http://evil.test/x.dtd"><sst'),
    );
    expect(await streamed(hostile, 'dtd2.xlsx')).toEqual({ rejected: 'not_a_spreadsheet' });
  });

  it('refuses a sheet part that inflates past its declared size, wherever the lie is found', async () => {
    expect(await streamed(lyingZipBomb(), 'liar.xlsx')).toEqual({ rejected: 'zip_bomb' });
    // The lie is only visible after the header has been read and rows have been handed out.
    const rows: TestCell[][] = [HEADER];
    for (let i = 0; i < 5000; i++) rows.push([`Business ${i}`, `p${i}`, 'Shop', 4]);
    const honest = plainXlsx(rows);
    const declared = readSpreadsheetPartSize(honest, 'xl/worksheets/sheet1.xml');
    const liar = rebuildPart(honest, 'xl/worksheets/sheet1.xml', (text) => text, declared - 1000);
    const sheet = await readXlsxStream(liar, 'liar2.xlsx');
    let seen = 0;
    const failure = await (async () => {
      try {
        for await (const _ of sheet.rows as AsyncIterable<RawRow>) seen++;
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(failure).toBeInstanceOf(SpreadsheetRejected);
    expect((failure as SpreadsheetRejected).code).toBe('zip_bomb');
    expect(seen).toBeGreaterThan(0);
  });

  it('refuses the (maxRows + 1)-th non-empty data row while streaming, not counting blank rows', async () => {
    const rows: TestCell[][] = [HEADER];
    for (let i = 1; i <= 8; i++) rows.push([`B${i}`, `p${i}`, 'Shop', 4], []);
    // read-sheet.ts refuses this (data past its physical row cap); the stream counts data rows only.
    expect(bySheetJs(plainXlsx(rows), 'spread.xlsx', { maxRows: 10 })).toEqual({ rejected: 'too_many_rows' });
    expect((await streamed(plainXlsx(rows), 'spread.xlsx', { maxRows: 10 })).rows).toHaveLength(8);
    const sheet = await readXlsxStream(manyRows(12), 'many.xlsx', { maxRows: 10 });
    const got: number[] = [];
    let message = '';
    try {
      for await (const row of sheet.rows as AsyncIterable<RawRow>) got.push(row.rowNumber);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(got).toHaveLength(10);
    expect(message).toBe(
      'The sheet "Businesses" has more than 10 data rows, the limit per file; split it into smaller files.',
    );
  });

  it('estimates rows from a sane <dimension>, reports progress, and reads rows only once', async () => {
    const xml = rowsToSheet([HEADER, ...DATA_ROWS], 'A1:D4');
    const sheet = await readXlsxStream(buildXlsx([{ name: 'S', xml }]), 'dim.xlsx');
    expect(sheet.estimatedRows).toBe(3);
    expect(Object.getPrototypeOf((await first(sheet.rows as AsyncIterable<RawRow>))?.values)).toBeNull();
    expect(sheet.progress().done).toBe(sheet.progress().total);
    expect(() => (sheet.rows as AsyncIterable<RawRow>)[Symbol.asyncIterator]()).toThrow(/only once/);
    const undeclared = await readXlsxStream(plainXlsx(), 'plain.xlsx');
    expect(undeclared.estimatedRows).toBeNull();
  });

  it('refuses a cell that refers to a shared string the table lacks', async () => {
    const xml = sheetXml([sharedRow(1, [0, 1]), sharedRow(2, [0, 7])].join(''));
    const bytes = withSharedStrings(xml, ['<t>name</t>', '<t>place_id</t>']);
    expect(await streamed(bytes, 'dangling.xlsx')).toEqual({ rejected: 'not_a_spreadsheet' });
  });

  it('refuses a sheet cut off inside its data', async () => {
    const xml = rowsToSheet([HEADER, ...DATA_ROWS]).replace(/<\/sheetData><\/worksheet>$/, '');
    expect(await streamed(buildXlsx([{ name: 'S', xml }]), 'cut.xlsx')).toEqual({
      rejected: 'not_a_spreadsheet',
    });
  });
});

async function first<T>(iterable: AsyncIterable<T>): Promise<T | undefined> {
  for await (const item of iterable) return item;
  return undefined;
}

function rowsToSheet(rows: TestCell[][], dimension?: string): string {
  return sheetXml(rows.map((cells, r) => rowXml(cells, r + 1)).join(''), dimension);
}

/** The declared uncompressed size of a part, read from the central directory. */
function readSpreadsheetPartSize(zip: Buffer, part: string): number {
  const entries = unzip(zip);
  const entry = entries.find((e) => e.name === part);
  if (!entry) throw new Error(`no ${part}`);
  return Buffer.byteLength(entry.data);
}

/** Rebuilds a ZIP with one part's text changed (and optionally a lying declared size). */
function rebuildPart(
  zip: Buffer,
  part: string,
  change: (text: string) => string,
  declaredSize?: number,
): Buffer {
  return buildZip(
    unzip(zip).map((entry) =>
      entry.name === part
        ? { name: entry.name, data: change(entry.data), uncompressedSize: declaredSize }
        : { name: entry.name, data: entry.data },
    ),
  );
}

/** The parts of a ZIP as text, through SheetJS's bundled ZIP reader (independent of ours). */
function unzip(zip: Buffer): Array<{ name: string; data: string }> {
  // SheetJS types its CFB export as any: describe the two fields used.
  const container = XLSX.CFB.read(zip, { type: 'buffer' }) as {
    FileIndex: Array<{ type: number; content: Uint8Array }>;
    FullPaths: string[];
  };
  const parts: Array<{ name: string; data: string }> = [];
  container.FileIndex.forEach((file, i) => {
    if (file.type !== 2) return;
    const name = (container.FullPaths[i] ?? '').replace(/^[^/]*\//, '');
    parts.push({ name, data: Buffer.from(file.content).toString('utf8') });
  });
  return parts;
}
