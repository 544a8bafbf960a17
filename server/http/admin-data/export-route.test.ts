// GET /api/admin/export: the download's headers and name, content that re-reads with SheetJS, the
// country filter, the activity record, and a client that hangs up half way.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import request, { type Response } from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as XLSX from 'xlsx';
import { listRecentActivity } from '../../../db/activity-repository.ts';
import { fixtureRowToBusiness, insertBusinesses } from '../../../fixtures/generator/database-rows.ts';
import { generateRows } from '../../../fixtures/generator/rows.ts';
import { EXPORT_COLUMNS } from '../../domain/export/export-columns.ts';
import { type AdminTestEnv, binaryBody, createAdminTestEnv } from './testing/admin-test-app.ts';

let env: AdminTestEnv;
beforeEach(async () => {
  env = await createAdminTestEnv();
});
afterEach(async () => {
  await env.dispose();
});

function seed(count: number, seedValue = 5): void {
  const now = '2026-01-01T00:00:00.000Z';
  insertBusinesses(
    env.database.sqlite,
    [...generateRows({ count, seed: seedValue })].map((row, index) => fixtureRowToBusiness(row, index, now)),
  );
}

const countWhere = (sql: string, ...args: unknown[]) =>
  env.database.sqlite
    .prepare(`SELECT COUNT(*) FROM businesses ${sql}`)
    .pluck()
    .get(...args) as number;

function download(query = ''): Promise<Response> {
  return request(env.app)
    .get(`/api/admin/export${query}`)
    .set('Cookie', env.cookie)
    .buffer(true)
    .parse(binaryBody);
}

function sheetRows(answer: Response): unknown[][] {
  const book = XLSX.read(answer.body as Buffer, { type: 'buffer' });
  const sheet = book.Sheets[book.SheetNames[0]!]!;
  return XLSX.utils.sheet_to_json(sheet, { header: 1, raw: true, defval: null });
}

const today = () => new Date().toISOString().slice(0, 10);

describe('GET /api/admin/export', () => {
  it('streams every business as an .xlsx named businesses_all_{date}.xlsx that SheetJS reads back', async () => {
    seed(40);
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
    const names = env.database.sqlite.prepare('SELECT name FROM businesses ORDER BY id').pluck().all();
    const nameColumn = EXPORT_COLUMNS.indexOf('name');
    expect(rows.slice(1).map((row) => row[nameColumn])).toEqual(names);

    expect(await listRecentActivity(env.database.store, 5)).toMatchObject([
      { kind: 'export', actor: 'admin:admin', count: 40, detail: expect.stringContaining('all countries') },
    ]);
  });

  it('treats an empty country as all, filters by a known one, and gives only the header for an unknown one', async () => {
    seed(60);
    expect(sheetRows(await download('?country=')).length - 1).toBe(60);

    const country = env.database.sqlite
      .prepare('SELECT country FROM businesses GROUP BY country ORDER BY COUNT(*) LIMIT 1')
      .pluck()
      .get() as string;
    const expected = countWhere('WHERE country = ?', country);
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
    seed(5);
    const answer = await request(env.app)
      .head('/api/admin/export?country=Atlantis')
      .set('Cookie', env.cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="businesses_Atlantis_${today()}.xlsx"`,
    );
    expect(await listRecentActivity(env.database.store, 5)).toEqual([]);
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
    seed(40_000, 6);
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
      expect(await listRecentActivity(env.database.store, 5)).toEqual([]);
      // The server keeps answering.
      const after = await request(server).get('/api/admin/sitemap-stats').set('Cookie', env.cookie);
      expect(after.status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
