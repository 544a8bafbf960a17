// One measured step of the import benchmark, in its own process:
//   parse <file>          the bare SheetJS parse with the importer's options, rows walked
//   import <file> <db>    the whole import into an empty database
import { readFileSync } from 'node:fs';
import * as XLSX from 'xlsx';
import { importSpreadsheet } from '../server/domain/import/import-spreadsheet.ts';
import { openAndPrepareDatabase } from '../server/domain/open-database.ts';
import { maxRssMb } from './lib/measure.ts';

const [mode, file, db] = process.argv.slice(2);

if (mode === 'parse') {
  const started = performance.now();
  const book = XLSX.read(readFileSync(file!), {
    dense: true,
    cellText: false,
    cellHTML: false,
    cellNF: false,
    cellDates: false,
    cellStyles: false,
  });
  const sheet = book.Sheets[book.SheetNames[0]!]!;
  let rows = 0;
  for (const row of sheet['!data'] ?? []) if (row) rows++;
  console.log(JSON.stringify({ ms: performance.now() - started, maxRssMb: maxRssMb(), rows }));
} else if (mode === 'import') {
  const handle = await openAndPrepareDatabase(db!);
  const started = performance.now();
  const report = await importSpreadsheet(handle, { filePath: file!, startedBy: 'bench' });
  const ms = performance.now() - started;
  await handle.close();
  console.log(JSON.stringify({ ms, maxRssMb: maxRssMb(), imported: report.stats.imported }));
} else {
  throw new Error('usage: import-child.ts parse <file> | import <file> <db>');
}
