import { describe, expect, it } from 'vitest';
import { SpreadsheetRejected } from '../spreadsheet-error.ts';
import { lastRowOfRange } from './sheet-rows.ts';
import { resolveTarget } from './workbook.ts';
import { checkProlog } from './xml-scan.ts';
import { decodeXmlText } from './xml-text.ts';

describe('decodeXmlText', () => {
  it.each([
    ['plain text', 'plain text'],
    ['Tom &amp; Jerry &lt;3 &gt; &quot;x&quot; &apos;y&apos;', 'Tom & Jerry <3 > "x" \'y\''],
    ['&#233;&#xE9;&#XE9; &#128512;&#x1F600;', 'ééé 😀😀'],
    ['&amp;amp; decoded once', '&amp; decoded once'],
    [
      '&nbsp; &AMP; &#xZZ; &#; &#1a; & alone; &#x110000;',
      '&nbsp; &AMP; &#xZZ; &#; &#1a; & alone; &#x110000;',
    ],
    ['_x000D__x000A_ and _x0041_ and _x005F_x0041_ and _xZZZZ_', '\r\n and A and _x0041_ and _xZZZZ_'],
    // The escape belongs to the decoded text (ECMA-376 ST_Xstring), so a referenced '_' starts one.
    ['&#95;x0041_ is an escape once decoded', 'A is an escape once decoded'],
    ['a <![CDATA[<b>&amp; _x0041_</b>]]> &amp; b', 'a <b>&amp; _x0041_</b> & b'],
  ])('%j → %j', (raw, text) => {
    expect(decodeXmlText(raw, false)).toBe(text);
  });

  it('turns CR LF into LF for cell text, after decoding (as SheetJS does)', () => {
    expect(decodeXmlText('a\r\nb', true)).toBe('a\nb');
    expect(decodeXmlText('a_x000D_\nb', true)).toBe('a\nb');
    expect(decodeXmlText('a&#13;&#10;b\rc', true)).toBe('a\nb\rc');
    expect(decodeXmlText('a\r\nb', false)).toBe('a\r\nb');
  });
});

describe('checkProlog', () => {
  const run = (text: string) => checkProlog(text, 'xl/worksheets/sheet1.xml', 'f.xlsx');

  it('waits for the root element and passes declarations, comments and a BOM', () => {
    expect(run('\uFEFF<?xml version="1.0"?>\n<!-- c --><worksheet>')).toBe('root');
    expect(run('<?xml version="1.0"')).toBe('more');
    expect(run('<?xml version="1.0"?><!-')).toBe('more');
  });

  it('refuses a DOCTYPE or any other declaration before the root', () => {
    for (const text of ['<!DOCTYPE x [<!ENTITY a "b">]><x/>', '<?xml?><!doctype x><x/>', '<!ENTITY a "b">']) {
      expect(() => run(text)).toThrow(SpreadsheetRejected);
    }
  });
});

describe('part paths and ranges', () => {
  it.each([
    ['worksheets/sheet1.xml', 'xl/worksheets/sheet1.xml'],
    ['/xl/worksheets/sheet1.xml', 'xl/worksheets/sheet1.xml'],
    ['./worksheets/../worksheets/sheet2.xml', 'xl/worksheets/sheet2.xml'],
    ['../xl/sharedStrings.xml', 'xl/sharedStrings.xml'],
  ])('relationship target %s → %s', (target, path) => {
    expect(resolveTarget(target)).toBe(path);
  });

  it.each([
    ['A1:AJ100001', 100001],
    ['B2', 2],
    ['A1:XFD1048576', 1048576],
    ['A1:', null],
    ['garbage', null],
    ['', null],
  ])('last row of %j is %j', (ref, row) => {
    expect(lastRowOfRange(ref)).toBe(row);
  });
});
