// One measured import of the import-dialects benchmark, in its own process:
//   <file> <sqlite path | postgres url>
// Prints one JSON sample: the whole import's time, and from its progress reports the reading and
// staging, the merge's transaction (from its first step to the commit) with its writing and indexing
// steps, and what follows the commit (SQLite's index compaction and WAL checkpoint; nothing on
// PostgreSQL).
import { parseDatabaseAddress } from '../db/address.ts';
import type { ImportDatabase } from '../server/domain/import/import-spreadsheet.ts';
import { importSpreadsheet } from '../server/domain/import/import-spreadsheet.ts';
import { openStore } from '../server/domain/open-database.ts';
import { maxRssMb } from './lib/measure.ts';

const [file, db] = process.argv.slice(2);
if (!file || !db) throw new Error('usage: import-dialects-child.ts <file> <sqlite path | postgres url>');
const address = parseDatabaseAddress(db);
const handle = await openStore(address);
const { store } = handle;
const database: ImportDatabase =
  store.dialect === 'sqlite' ? store : { store, url: address.dialect === 'postgres' ? address.url : '' };

const marks: Record<string, number> = {};
const mark = (name: string) => {
  marks[name] ??= performance.now();
};
const started = performance.now();
const report = await importSpreadsheet(database, {
  filePath: file,
  startedBy: 'bench',
  // The import's process at the normal priority: the figure is the work's, not the scheduler's.
  priority: 'low',
  onProgress: (p) => {
    if (p.phase === 'reading') mark('reading');
    if (p.phase === 'merging') mark('merging');
    if (p.mergeStep) mark(p.mergeStep);
    if (p.phase === 'done' || p.mergeStep === 'compacting' || p.mergeStep === 'checkpointing')
      mark('committed');
  },
});
const ms = performance.now() - started;
await handle.close();
console.log(
  JSON.stringify({
    ms,
    readMs: marks.merging! - marks.reading!,
    mergeMs: marks.committed! - marks.merging!,
    // The merge's own steps: writing the rows, and the indexes of the written rows (search, hours).
    writeMs: marks.indexing! - marks.writing!,
    indexMs: marks.counting! - marks.indexing!,
    afterMs: started + ms - marks.committed!,
    maxRssMb: maxRssMb(),
    imported: report.stats.imported,
  }),
);
