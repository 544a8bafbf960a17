import { describe, expect, it } from 'vitest';
import { isSpreadsheetName, splitByType } from './accepted-files.ts';

describe('accepted import files', () => {
  it('takes .xlsx and .xls in any case, nothing else', () => {
    expect(isSpreadsheetName('export.xlsx')).toBe(true);
    expect(isSpreadsheetName('LEGACY.XLS')).toBe(true);
    expect(isSpreadsheetName('data.csv')).toBe(false);
    expect(isSpreadsheetName('data.xlsx.exe')).toBe(false);
    expect(isSpreadsheetName('xlsx')).toBe(false);
    expect(isSpreadsheetName('book.xlsm')).toBe(false);
  });

  it('splits a drop into the files to upload and the ones to refuse, in order', () => {
    const files = [{ name: 'a.xlsx' }, { name: 'b.csv' }, { name: 'c.xls' }, { name: 'd.pdf' }];
    expect(splitByType(files)).toEqual({
      accepted: [{ name: 'a.xlsx' }, { name: 'c.xls' }],
      rejected: [{ name: 'b.csv' }, { name: 'd.pdf' }],
    });
  });
});
