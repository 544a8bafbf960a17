// GET /api/admin/export: the download's headers and name, content that re-reads with SheetJS, the
// country filter, the activity record, and a client that hangs up half way. Each test on a SQLite file
// and on a PostgreSQL database: one per dialect for the file, given its businesses by each test.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import request, { type Response } from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as XLSX from 'xlsx';
import { listRecentActivity } from '../../../db/activity-repository.ts';
import { type BusinessRecord, fixtureRowToBusiness } from '../../../fixtures/generator/database-rows.ts';
import { generateRows } from '../../../fixtures/generator/rows.ts';
import { EXPORT_COLUMNS } from '../../domain/export/export-columns.ts';
import { insertBusinessesIn } from '../../domain/export/testing/insert-businesses-in.ts';
import { execIn, rowsIn } from '../../domain/testing/sql-in.ts';
import { DIALECTS } from '../../domain/testing/test-store.ts';
import { type AdminTestEnv, binaryBody, createAdminTestEnv } from './testing/admin-test-app.ts';
import { replaceBusinesses } from './testing/replace-businesses.ts';

let env: AdminTestEnv;

/** The generated records, made once for both dialects (40,000 take seconds to generate). */
const generated = new Map<string, BusinessRecord[]>();

/** Generated businesses in place of any there were, ids from 1; like the SQLite-only version of this
 *  test, straight into the table (an export reads no index). */
async function seed(count: number, seedValue = 5): Promise<void> {
  const key = `${count}:${seedValue}`;
  let records = generated.get(key);
  if (!records) {
    const now = '2026-01-01T00:00:00.000Z';
    records = [...generateRows({ count, seed: seedValue })].map((row, index) =>
      fixtureRowToBusiness(row, index, now),
    );
    generated.set(key, records);
  }
  await replaceBusinesses(env.store, []);
  await insertBusinessesIn(env.store, records);
}

async function countWhere(sql: string, ...args: unknown[]): Promise<number> {
  const [row] = await rowsIn<{ n: number | string }>(
    env.store,
    `SELECT COUNT(*) AS n FROM businesses ${sql}`,
    args,
  );
  return Number(row?.n);
}

const finishedExports = () => env.logs.filter((line) => line.msg === 'export finished').length;

/** A download, and its record in the activity log: the route writes the record once the file has
 *  gone (the client may have it first), so the test waits for it — else a test's last export could
 *  be recorded after the next test emptied the log (seen on PostgreSQL). */
async function download(query = ''): Promise<Response> {
  const before = finishedExports();
  const answer = await request(env.app)
    .get(`/api/admin/export${query}`)
    .set('Cookie', env.cookie)
    .buffer(true)
    .parse(binaryBody);
  if (answer.status === 200) await vi.waitFor(() => expect(finishedExports()).toBeGreaterThan(before));
  return answer;
}

function sheetRows(answer: Response): unknown[][] {
  const book = XLSX.read(answer.body as Buffer, { type: 'buffer' });
  const sheet = book.Sheets[book.SheetNames[0]!]!;
  return XLSX.utils.sheet_to_json(sheet, { header: 1, raw: true, defval: null });
}

const today = () => new Date().toISOString().slice(0, 10);

describe.each(DIALECTS)('GET /api/admin/export on %s', (dialect) => {
  beforeAll(async () => {
    env = await createAdminTestEnv({}, { dialect });
  }, 60_000);
  afterAll(async () => {
    await env?.dispose();
  });
  beforeEach(async () => {
    // As a new database and server: nothing in the activity log, no log lines.
    await execIn(env.store, 'DELETE FROM activity_log');
    env.logs.length = 0;
  });

  it('streams every business as an .xlsx named businesses_all_{date}.xlsx that SheetJS reads back', async () => {
    await seed(40);
    const answer = await download();
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="businesses_all_${today()}.xlsx"`,
    );
    expect(answer.headers['cache-control']).toBe('no-store');
    const rows = sheetRows(answer);
    expect(rows[0]).toEqual([...EXPORT_COLUMNS]);
    expect(rows.length - 1).toBe(40);
    const names = (await rowsIn<{ name: string }>(env.store, 'SELECT name FROM businesses ORDER BY id')).map(
      (row) => row.name,
    );
    const nameColumn = EXPORT_COLUMNS.indexOf('name');
    expect(rows.slice(1).map((row) => row[nameColumn])).toEqual(names);

    expect(await listRecentActivity(env.store, 5)).toMatchObject([
      { kind: 'export', actor: 'admin:admin', count: 40, detail: expect.stringContaining('all countries') },
    ]);
  });

  it('treats an empty country as all, filters by a known one, and gives only the header for an unknown one', async () => {
    await seed(60);
    expect(sheetRows(await download('?country=')).length - 1).toBe(60);

    const [{ country } = { country: '' }] = await rowsIn<{ country: string }>(
      env.store,
      'SELECT country FROM businesses GROUP BY country ORDER BY COUNT(*) LIMIT 1',
    );
    const expected = await countWhere('WHERE country = ?', country);
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(60);
    const one = await download(`?country=${encodeURIComponent(country.toUpperCase())}`);
    expect(sheetRows(one).length - 1).toBe(expected);
    expect(one.headers['content-disposition']).toMatch(
      /filename="businesses_[A-Za-z0-9-]+_\d{4}-\d{2}-\d{2}\.xlsx"/,
    );

    const unknown = await download('?country=Atlantis');
    expect(unknown.status).toBe(200);
    expect(unknown.headers['content-disposition']).toBe(
      `attachment; filename="businesses_Atlantis_${today()}.xlsx"`,
    );
    expect(sheetRows(unknown)).toEqual([[...EXPORT_COLUMNS]]);
  });

  it('answers HEAD with the download headers, without exporting', async () => {
    await seed(5);
    const answer = await request(env.app)
      .head('/api/admin/export?country=Atlantis')
      .set('Cookie', env.cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="businesses_Atlantis_${today()}.xlsx"`,
    );
    expect(await listRecentActivity(env.store, 5)).toEqual([]);
  });

  it('answers 400 for a repeated or overlong country', async () => {
    const twice = await download('?country=a&country=b');
    expect(twice.status).toBe(400);
    expect(JSON.parse(String(twice.body))).toMatchObject({
      error: { code: 'invalid_parameter', parameter: 'country' },
    });
    expect((await download(`?country=${'x'.repeat(201)}`)).status).toBe(400);
  });

  it('stops reading the database when the client hangs up mid-download', async () => {
    await seed(40_000, 6);
    const server = env.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      await new Promise<void>((resolve, reject) => {
        const req = httpRequest({
          host: '127.0.0.1',
          port,
          path: '/api/admin/export',
          headers: { Cookie: env.cookie },
        });
        req.on('response', (res) => {
          expect(res.statusCode).toBe(200);
          // Take the first bytes, then hang up without reading further.
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', (error) => {
          if (!req.destroyed) reject(error);
        });
        req.end();
      });
      await vi.waitFor(
        () => expect(env.logs.map((line) => line.msg)).toContain('export abandoned by the client'),
        {
          timeout: 20_000,
        },
      );
      expect(env.logs.map((line) => line.msg)).not.toContain('export finished');
      expect(await listRecentActivity(env.store, 5)).toEqual([]);
      // The server keeps answering.
      const after = await request(server).get('/api/admin/sitemap-stats').set('Cookie', env.cookie);
      expect(after.status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
