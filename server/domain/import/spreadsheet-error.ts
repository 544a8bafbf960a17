// The one error the spreadsheet check and reader throw: the whole file is refused, nothing is written.
// The message is meant for the administrator (it names the problem and, where possible, the fix);
// the code is for programs (HTTP status mapping, CLI exit codes, tests).

export type SpreadsheetRejectionCode =
  | 'empty_file'
  | 'unsupported_type'
  | 'not_a_spreadsheet'
  | 'too_large'
  | 'zip_bomb'
  | 'too_many_entries'
  | 'encrypted'
  | 'unsafe_entry'
  | 'missing_workbook'
  | 'too_many_rows'
  | 'missing_column';

export class SpreadsheetRejected extends Error {
  override readonly name = 'SpreadsheetRejected';

  constructor(
    readonly code: SpreadsheetRejectionCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Text taken from the file (a sheet or entry name) made safe to quote in a message: control
 *  characters removed and the length capped, because the file is hostile and messages are shown. */
export function quoteFromFile(text: string, maxLength = 60): string {
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '');
  return clean.length > maxLength ? `${clean.slice(0, maxLength)}…` : clean;
}
