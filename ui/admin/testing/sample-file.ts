// The sample spreadsheet linked from the Import tab's format help (ui/public/samples/): five
// generated businesses with exactly the columns of the specification's §3, in its order.
// Regenerate with:  npx tsx ui/admin/testing/sample-file.ts
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FIXTURE_MTIME, generateRows } from '../../../fixtures/generate.ts';
import { createXlsxWriter } from '../../../server/domain/export/xlsx-stream-writer.ts';

export const SAMPLE_FILE = join(
  import.meta.dirname,
  '..',
  '..',
  'public',
  'samples',
  'businesses-sample.xlsx',
);

/** §3's import columns, in the order the specification lists them. */
export const SAMPLE_COLUMNS = [
  'name',
  'category',
  'full_address',
  'postal_code',
  'country',
  'phone',
  'rating',
  'reviews',
  'photo',
  'working_hours',
  'about',
  'place_id',
  'location_link',
] as const;

export const SAMPLE_ROWS = 5;

export async function writeSampleFile(path = SAMPLE_FILE): Promise<void> {
  mkdirSync(dirname(path), { recursive: true });
  const writer = createXlsxWriter(createWriteStream(path), {
    sheetName: 'Businesses',
    columns: SAMPLE_COLUMNS,
    mtime: FIXTURE_MTIME,
  });
  for (const row of generateRows({ count: SAMPLE_ROWS, seed: 11 })) {
    await writer.writeRow(SAMPLE_COLUMNS.map((column) => row[column] ?? null));
  }
  await writer.finish();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await writeSampleFile();
  console.error(`wrote ${SAMPLE_FILE}`);
}
