// An export rebuilds the same site: every fixture file is imported, given its SEO text, edited (a
// rename, a deletion that leaves a gap in the ids), exported, and the export imported into an empty
// database. Every business must then answer the same API JSON, field for field, at the same addresses
// (/api/businesses/slug/:slug and /api/businesses/:id). On SQLite and on PostgreSQL: each dialect's
// two databases are made once and emptied of businesses before each file.
import { createWriteStream, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deleteBusinessRow, updateBusinessRow } from '../../../db/admin-business-repository.ts';
import { deleteAllBusinessRows } from '../../../db/delete-all-repository.ts';
import { exportRowSource } from '../../../db/export/export-row-source.ts';
import type { Dialect } from '../../../db/query/prepared-query.ts';
import { FIXTURE_FILES_DIR } from '../../../fixtures/generate.ts';
import { loadConfig } from '../../config.ts';
import type { Business } from '../../contract/business.ts';
import { createApp } from '../../http/app.ts';
import { type ImportDatabase, importSpreadsheet } from '../import/import-spreadsheet.ts';
import { generateSeo } from '../seo/generate-seo.ts';
import { settledDataVersion } from '../testing/settled-data-version.ts';
import { rowsIn } from '../testing/sql-in.ts';
import { createTestStore, DIALECTS, type TestStore } from '../testing/test-store.ts';
import { exportBusinesses } from './export-businesses.ts';

const SITE_URL = 'https://directory.example';
const FIXTURE_FILES = readdirSync(FIXTURE_FILES_DIR).filter((name) => /\.xlsx?$/.test(name));

/** Each dialect's source and rebuilt databases, made once for the file; the folder for the exports. */
const opened = {} as Record<Dialect, { source: TestStore; rebuilt: TestStore }>;
let exports: string;
beforeAll(async () => {
  exports = mkdtempSync(join(tmpdir(), 'round-trip-'));
  for (const dialect of DIALECTS)
    opened[dialect] = { source: await createTestStore(dialect), rebuilt: await createTestStore(dialect) };
}, 60_000);
afterAll(async () => {
  for (const dialect of DIALECTS) {
    await opened[dialect]?.source.dispose();
    await opened[dialect]?.rebuilt.dispose();
  }
  rmSync(exports, { recursive: true, force: true });
});

/** What an import is given: the connection (SQLite) or the store, and where its process connects. */
function importDatabaseOf({ store, address }: TestStore): ImportDatabase {
  return store.dialect === 'sqlite' ? { sqlite: store.sqlite, path: store.path } : { store, url: address };
}

const appOf = (database: TestStore) =>
  createApp({
    database: { store: database.store },
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
});

describe.each(DIALECTS)('export → import into an empty database, on %s', (dialect) => {
  let source: TestStore;
  let rebuilt: TestStore;
  beforeEach(async () => {
    ({ source, rebuilt } = opened[dialect]);
    await deleteAllBusinessRows(source.store);
    await deleteAllBusinessRows(rebuilt.store);
  });

  it.each(FIXTURE_FILES)('rebuilds %s field for field at the same addresses', async (fileName) => {
    const store = source.store;
    await importSpreadsheet(importDatabaseOf(source), {
      filePath: join(FIXTURE_FILES_DIR, fileName),
      startedBy: 'test',
    });
    await generateSeo(store, { siteUrl: SITE_URL });
    const ids = (await rowsIn<{ id: number }>(store, 'SELECT id FROM businesses ORDER BY id')).map((row) =>
      Number(row.id),
    );
    expect(ids.length).toBeGreaterThan(1);
    // A renamed business keeps its address; a deleted one leaves a gap the ids must keep.
    await store.transaction((tx) =>
      updateBusinessRow(tx, ids[0]!, { name: 'Renamed By The Administrator' }, new Date().toISOString()),
    );
    if (ids.length > 2) await store.transaction((tx) => deleteBusinessRow(tx, ids[1]!));

    const exported = join(exports, `${dialect}-${fileName}-export.xlsx`);
    const out = createWriteStream(exported);
    await exportBusinesses(await exportRowSource(store), {}, out);
    await finished(out);
    const report = await importSpreadsheet(importDatabaseOf(rebuilt), {
      filePath: exported,
      startedBy: 'test',
    });
    expect(report.stats.totalErrors).toBe(0);

    const rows = await rowsIn<{ id: number; slug: string }>(
      store,
      'SELECT id, slug FROM businesses ORDER BY id',
    );
    expect(report.stats.imported).toBe(rows.length);
    // Each app's caches follow the data version its store has heard of (on PostgreSQL, once announced).
    await settledDataVersion(store);
    await settledDataVersion(rebuilt.store);
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
