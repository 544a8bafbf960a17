// An export rebuilds the same site: every fixture file is imported, given its SEO text, edited (a
// rename, a deletion that leaves a gap in the ids), exported, and the export imported into an empty
// database. Every business must then answer the same API JSON, field for field, at the same addresses
// (/api/businesses/slug/:slug and /api/businesses/:id).
import { createWriteStream, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { pino } from 'pino';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deleteBusinessRow, updateBusinessRow } from '../../../db/admin-business-repository.ts';
import { sqliteExportRows } from '../../../db/export/sqlite-export-rows.ts';
import { createSqliteStore } from '../../../db/store/sqlite-store.ts';
import { createTempDatabase, type TempDatabase } from '../../../db/testing/temp-database.ts';
import { FIXTURE_FILES_DIR } from '../../../fixtures/generate.ts';
import { loadConfig } from '../../config.ts';
import type { Business } from '../../contract/business.ts';
import { createApp } from '../../http/app.ts';
import { importSpreadsheet } from '../import/import-spreadsheet.ts';
import { generateSeo } from '../seo/generate-seo.ts';
import { exportBusinesses } from './export-businesses.ts';

const SITE_URL = 'https://directory.example';
const FIXTURE_FILES = readdirSync(FIXTURE_FILES_DIR).filter((name) => /\.xlsx?$/.test(name));

let source: TempDatabase;
let rebuilt: TempDatabase;
beforeEach(async () => {
  source = await createTempDatabase('round-trip-source-');
  rebuilt = await createTempDatabase('round-trip-rebuilt-');
});
afterEach(async () => {
  await source.dispose();
  await rebuilt.dispose();
});

const appOf = (database: TempDatabase) =>
  createApp({
    database,
    config: loadConfig({ NODE_ENV: 'test', SITE_URL, RESPONSE_CACHE: 'off' }),
    logger: pino({ level: 'silent' }),
  });

/** The answer without isOpen, which is computed from the hours and the zone (both compared) at the
 *  moment of each request. */
async function answer(app: ReturnType<typeof createApp>, path: string): Promise<Omit<Business, 'isOpen'>> {
  const response = await request(app).get(path);
  expect(response.status, path).toBe(200);
  const { isOpen: _, ...rest } = response.body as Business;
  return rest;
}

describe('export → import into an empty database', () => {
  it('lists every fixture file', () => {
    expect(FIXTURE_FILES.length).toBeGreaterThanOrEqual(4);
  });

  it.each(FIXTURE_FILES)('rebuilds %s field for field at the same addresses', async (fileName) => {
    await importSpreadsheet(source, { filePath: join(FIXTURE_FILES_DIR, fileName), startedBy: 'test' });
    await generateSeo(createSqliteStore(source.sqlite), { siteUrl: SITE_URL });
    const ids = source.sqlite.prepare('SELECT id FROM businesses ORDER BY id').pluck().all() as number[];
    expect(ids.length).toBeGreaterThan(1);
    // A renamed business keeps its address; a deleted one leaves a gap the ids must keep.
    await updateBusinessRow(
      createSqliteStore(source.sqlite),
      ids[0]!,
      { name: 'Renamed By The Administrator' },
      new Date().toISOString(),
    );
    if (ids.length > 2) await deleteBusinessRow(createSqliteStore(source.sqlite), ids[1]!);

    const exported = join(source.dir, 'export.xlsx');
    const out = createWriteStream(exported);
    await exportBusinesses(sqliteExportRows(source.sqlite), {}, out);
    await finished(out);
    const report = await importSpreadsheet(rebuilt, { filePath: exported, startedBy: 'test' });
    expect(report.stats.totalErrors).toBe(0);

    const rows = source.sqlite.prepare('SELECT id, slug FROM businesses ORDER BY id').all() as {
      id: number;
      slug: string;
    }[];
    expect(report.stats.imported).toBe(rows.length);
    const before = appOf(source);
    const after = appOf(rebuilt);
    for (const { id, slug } of rows) {
      const original = await answer(before, `/api/businesses/slug/${encodeURIComponent(slug)}`);
      expect(original.seoTitle).not.toBeNull();
      expect(await answer(after, `/api/businesses/slug/${encodeURIComponent(slug)}`)).toEqual(original);
      expect(await answer(after, `/api/businesses/${id}`)).toEqual(original);
    }
  });
});
