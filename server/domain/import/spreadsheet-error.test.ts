import { describe, expect, it } from 'vitest';
import { quoteFromFile, SpreadsheetRejected } from './spreadsheet-error.ts';

describe('SpreadsheetRejected', () => {
  it('is an Error with a code, a name and the message as given', () => {
    const cause = new Error('inner');
    const error = new SpreadsheetRejected('zip_bomb', 'The file is a zip bomb.', { cause });
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(SpreadsheetRejected);
    expect(error.name).toBe('SpreadsheetRejected');
    expect(error.code).toBe('zip_bomb');
    expect(error.message).toBe('The file is a zip bomb.');
    expect(error.cause).toBe(cause);
  });
});

describe('quoteFromFile', () => {
  it('removes control and line-separator characters from text taken out of a file', () => {
    expect(quoteFromFile('Sheet\u0000\u001b[31m1\r\n\u2028')).toBe('Sheet[31m1');
  });

  it('caps the length', () => {
    expect(quoteFromFile('x'.repeat(100), 10)).toBe(`${'x'.repeat(10)}…`);
    expect(quoteFromFile('Données 📊 مرحبا')).toBe('Données 📊 مرحبا');
  });
});
