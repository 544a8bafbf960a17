// Rows as CSV lines for PostgreSQL's COPY … FROM STDIN (FORMAT csv): every text value quoted (so an
// empty string stays one, and "\." is data), NULL as an empty unquoted field, numbers as JavaScript
// prints them (shortest text that reads back as the same double).
import { CopyValueError, type Row } from './copy-side.ts';

export function csvLine(table: string, columns: readonly string[], keyIndex: number, row: Row): string {
  let line = '';
  for (let i = 0; i < row.length; i++) {
    if (i > 0) line += ',';
    const value = row[i];
    if (value === null || value === undefined) continue;
    if (typeof value === 'string') {
      // PostgreSQL's text cannot hold U+0000; SQLite's can.
      if (value.includes('\0')) {
        throw new CopyValueError(
          table,
          row[keyIndex],
          columns[i]!,
          'the text holds a NUL character, which PostgreSQL cannot store',
        );
      }
      line += `"${value.replaceAll('"', '""')}"`;
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value))
        throw new CopyValueError(
          table,
          row[keyIndex],
          columns[i]!,
          `${value} is not a number PostgreSQL can store`,
        );
      line += String(value);
    } else if (typeof value === 'bigint') {
      line += value.toString();
    } else {
      throw new CopyValueError(
        table,
        row[keyIndex],
        columns[i]!,
        `a ${typeof value === 'object' ? 'binary value' : typeof value} where text or a number was expected`,
      );
    }
  }
  return `${line}\n`;
}
