// POST /api/admin/import: the report, update and dry-run modes, and every way an upload can be wrong.
// Each test on a SQLite file and on a PostgreSQL database: per dialect one server with the default
// settings and one with a small upload limit, each on a database of its own made once for the file
// and emptied of businesses, import runs and activity before each test.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getImportRun } from '../../../db/import-runs-repository.ts';
import { elfBytes, htmlBytes, zipBomb } from '../../domain/import/testing/hostile-files.ts';
import { mapsRow, type SheetRow, writeWorkbook } from '../../domain/import/testing/workbook.ts';
import { countIn, execIn, rowsIn } from '../../domain/testing/sql-in.ts';
import { DIALECTS } from '../../domain/testing/test-store.ts';
import { type AdminTestEnv, createAdminTestEnv, expectNoInternals } from './testing/admin-test-app.ts';
import { replaceBusinesses } from './testing/replace-businesses.ts';

/** The server the running test talks to. */
let env: AdminTestEnv;

const businessCount = () => countIn(env.store, 'businesses');
const runCount = () => countIn(env.store, 'import_runs');
/** The test's files go beside the upload folder (in the test's temporary folder). */
const path = (name: string) => join(dirname(env.uploadDir), name);
const workbook = (name: string, rows: SheetRow[]) => writeWorkbook(path(name), rows);
const saved = (name: string, bytes: Buffer) => {
  writeFileSync(path(name), bytes);
  return path(name);
};

function upload(file: string, fields: Record<string, string> = {}, filename?: string) {
  let call = request(env.app).post('/api/admin/import').set('Cookie', env.cookie);
  for (const [name, value] of Object.entries(fields)) call = call.field(name, value);
  return call.attach('excelFile', file, filename ? { filename } : undefined);
}

describe.each(DIALECTS)('on %s', (dialect) => {
  /** The default settings, and a 0.25 MB (262,144 bytes) upload limit. */
  let defaults: AdminTestEnv;
  let smallLimit: AdminTestEnv;
  beforeAll(async () => {
    defaults = await createAdminTestEnv({}, { dialect });
    smallLimit = await createAdminTestEnv({ IMPORT_MAX_UPLOAD_MB: '0.25' }, { dialect });
  }, 60_000);
  afterAll(async () => {
    await defaults?.dispose();
    await smallLimit?.dispose();
  });
  /** Before each test: `chosen` as new, no businesses, import runs, activity or log lines. */
  const use = (chosen: () => AdminTestEnv) =>
    beforeEach(async () => {
      env = chosen();
      await replaceBusinesses(env.store, []);
      await execIn(env.store, 'DELETE FROM import_runs; DELETE FROM activity_log');
      env.logs.length = 0;
    });
  afterEach(() => {
    // Whatever the outcome, no upload outlives its request.
    expect(env.uploads()).toEqual([]);
  });

  describe('POST /api/admin/import', () => {
    use(() => defaults);

    it('imports a spreadsheet and answers the import report', async () => {
      const rows = [mapsRow(), mapsRow(), mapsRow({ rating: 'abc' })];
      const answer = await upload(workbook('in.xlsx', rows), {}, 'Büro Liste.xlsx');
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        message: expect.any(String),
        stats: { imported: 3, updated: 0, duplicatesSkipped: 0, totalErrors: 0 },
        errors: [],
        warnings: expect.any(Array),
        runId: expect.any(Number),
      });
      expect(await businessCount()).toBe(3);
      expect(await getImportRun(env.store, answer.body.runId)).toMatchObject({
        status: 'done',
        started_by: 'admin:admin',
        // The browser's UTF-8 file name arrives intact.
        file_name: 'Büro Liste.xlsx',
        update_mode: 0,
      });
    });

    it('skips known place_ids by default, updates them with update=true, writes nothing with dryRun=true', async () => {
      const row = mapsRow({ rating: 4.1 });
      expect((await upload(workbook('first.xlsx', [row]))).body.stats.imported).toBe(1);
      const changed = workbook('changed.xlsx', [{ ...row, rating: 3.2 }]);
      const rating = async () =>
        (await rowsIn<{ rating: number }>(env.store, 'SELECT rating FROM businesses'))[0]?.rating;

      const skipped = await upload(changed);
      expect(skipped.body.stats).toMatchObject({ imported: 0, updated: 0, duplicatesSkipped: 1 });
      expect(await rating()).toBe(4.1);

      const dry = await upload(changed, { update: 'true', dryRun: 'true' });
      expect(dry.status).toBe(200);
      expect(dry.body).toMatchObject({ dryRun: true, stats: { updated: 1 } });
      expect(await rating()).toBe(4.1);

      const updated = await upload(changed, { update: 'true' });
      expect(updated.body.stats).toMatchObject({ imported: 0, updated: 1, duplicatesSkipped: 0 });
      expect(await rating()).toBe(3.2);
      expect((await getImportRun(env.store, updated.body.runId))?.update_mode).toBe(1);
    });

    it.each([
      ['an executable', 'program.xlsx', elfBytes()],
      ['an HTML page', 'export.xls', htmlBytes()],
    ])(
      'refuses %s renamed as a spreadsheet with 400 naming the problem; nothing written',
      async (_, name, bytes) => {
        const answer = await upload(saved(name, bytes));
        expect(answer.status).toBe(400);
        expect(answer.body.error.code).toBe('not_a_spreadsheet');
        expect(answer.body.error.message).toContain(name);
        expect(answer.body.error.runId).toEqual(expect.any(Number));
        expectNoInternals(answer.text);
        expect(await businessCount()).toBe(0);
      },
    );

    it('refuses a zip bomb from the pre-check with 400', async () => {
      const answer = await upload(saved('bomb.xlsx', zipBomb()));
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('zip_bomb');
      expect(await businessCount()).toBe(0);
    });

    it('refuses a file that is not .xlsx or .xls before storing it or starting a run', async () => {
      const answer = await upload(saved('list.csv', Buffer.from('name,place_id\nA,B\n')));
      expect(answer.status).toBe(400);
      expect(answer.body.error).toEqual({
        code: 'unsupported_type',
        message: 'Only .xlsx and .xls files can be imported; "list.csv" is a .csv file.',
      });
      expect(await runCount()).toBe(0);
    });

    it('answers 400 bad_upload for a wrong field name or two files', async () => {
      const file = workbook('in.xlsx', [mapsRow()]);
      const wrongField = await request(env.app)
        .post('/api/admin/import')
        .set('Cookie', env.cookie)
        .attach('file', file);
      expect(wrongField.status).toBe(400);
      expect(wrongField.body.error.code).toBe('bad_upload');
      expect(wrongField.body.error.message).toMatch(/"file".*"excelFile"/);

      const twoFiles = await request(env.app)
        .post('/api/admin/import')
        .set('Cookie', env.cookie)
        .attach('excelFile', file)
        .attach('excelFile', file);
      expect(twoFiles.status).toBe(400);
      expect(twoFiles.body.error).toEqual({ code: 'bad_upload', message: 'Send one file per request.' });
      expect(await runCount()).toBe(0);
    });

    it('answers 400 when no file comes, for a form without one and for a JSON body', async () => {
      const formOnly = await request(env.app)
        .post('/api/admin/import')
        .set('Cookie', env.cookie)
        .field('update', 'true');
      expect(formOnly.status).toBe(400);
      expect(formOnly.body.error.code).toBe('no_file');
      const json = await request(env.app).post('/api/admin/import').set('Cookie', env.cookie).send({ a: 1 });
      expect(json.status).toBe(400);
      expect(json.body.error.code).toBe('no_file');
    });

    it('answers 400 for a yes/no field that is neither, and for a broken multipart body', async () => {
      const flag = await upload(workbook('in.xlsx', [mapsRow()]), { update: 'maybe' });
      expect(flag.status).toBe(400);
      expect(flag.body.error).toMatchObject({
        code: 'invalid_field',
        message: expect.stringMatching(/update/),
      });

      const broken = await request(env.app)
        .post('/api/admin/import')
        .set('Cookie', env.cookie)
        .set('Content-Type', 'multipart/form-data; boundary=XYZ')
        .send('--XYZ\r\nContent-Disposition: form-data; name="excelFile"; filename="a.xlsx"\r\n\r\nPK');
      expect(broken.status).toBe(400);
      expect(broken.body.error.code).toBe('bad_upload');
      expect(await runCount()).toBe(0);
      expect(await businessCount()).toBe(0);
    });
  });

  describe('upload size limit', () => {
    use(() => smallLimit);

    it('answers 413 JSON when the file passes the limit while streaming', async () => {
      // Declared length within the multipart allowance, so multer's own limit has to catch it.
      const answer = await upload(saved('big.xlsx', Buffer.alloc(262_144 + 20_000, 1)));
      expect(answer.status).toBe(413);
      expect(env.logs.map((line) => line.msg)).not.toContain('upload refused by its declared length');
      expect(answer.body.error).toEqual({
        code: 'file_too_large',
        message: 'The file is larger than the 0.25 MB upload limit; split it into smaller files.',
      });
      expect(await runCount()).toBe(0);
    });

    it('answers 413 from the declared length alone, before reading the body', async () => {
      const answer = await upload(saved('huge.xlsx', Buffer.alloc(2 * 1024 * 1024, 1)));
      expect(answer.status).toBe(413);
      expect(answer.body.error.code).toBe('file_too_large');
      expect(env.logs.map((line) => line.msg)).toContain('upload refused by its declared length');
    });

    it('accepts a file just under the limit', async () => {
      const answer = await upload(workbook('ok.xlsx', [mapsRow()]));
      expect(answer.status).toBe(200);
    });
  });

  describe('the default upload limit', () => {
    use(() => defaults);

    it('refuses a 200 MB upload streamed without a declared length as 413, naming the limit in words', async () => {
      const server = env.app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const boundary = 'two-hundred';
        const head = `--${boundary}\r\nContent-Disposition: form-data; name="excelFile"; filename="big.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
        const chunk = Buffer.alloc(1024 * 1024, 0x50);
        const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
          const req = httpRequest({
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/admin/import',
            // No Content-Length: chunked, so only the streaming limit can catch it.
            headers: { Cookie: env.cookie, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
          });
          let answered = false;
          req.on('response', (res) => {
            answered = true;
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (text) => {
              body += text;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          });
          // The server may close the connection once it has answered; that is not a failure here.
          req.on('error', (error) => (answered ? undefined : reject(error)));
          // Generated as it is sent: 200 MB never sits in memory or on disk on this side.
          let sent = 0;
          const writeMore = () => {
            while (!answered && sent < 200) {
              sent++;
              if (!req.write(chunk)) {
                req.once('drain', writeMore);
                return;
              }
            }
            if (!answered) req.end(`\r\n--${boundary}--\r\n`);
          };
          req.write(head);
          writeMore();
        });
        expect(answer.status).toBe(413);
        expect(JSON.parse(answer.body).error).toEqual({
          code: 'file_too_large',
          message: 'The file is larger than the 160 MB upload limit; split it into smaller files.',
        });
        await vi.waitFor(() => expect(env.uploads()).toEqual([]), { timeout: 10_000 });
        expect(await runCount()).toBe(0);
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    }, 60_000);
  });

  describe('an upload the client abandons', () => {
    use(() => defaults);

    it('leaves the process up and nothing on disk', async () => {
      const server = env.app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const boundary = 'abandoned';
        const head = `--${boundary}\r\nContent-Disposition: form-data; name="excelFile"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
        const req = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/admin/import',
          headers: {
            Cookie: env.cookie,
            'Content-Type': `multipart/form-data; boundary=${boundary}`,
            'Content-Length': String(head.length + 5 * 1024 * 1024),
          },
        });
        req.on('error', () => {});
        req.write(head);
        req.write(Buffer.alloc(512 * 1024, 7));
        // Wait until the server has started storing it, then hang up half way.
        await vi.waitFor(() => expect(env.uploads().length).toBe(1), { timeout: 10_000 });
        req.destroy();
        await vi.waitFor(
          () => expect(env.logs.map((l) => l.msg)).toContain('upload abandoned by the client'),
          {
            timeout: 10_000,
          },
        );
        await vi.waitFor(() => expect(env.uploads()).toEqual([]), { timeout: 10_000 });

        const after = await request(server).get('/api/admin/check-auth').set('Cookie', env.cookie);
        expect(after.body).toEqual({ authenticated: true, username: 'admin' });
        expect(await runCount()).toBe(0);
        // And the next import is not refused as "already running".
        expect((await upload(workbook('next.xlsx', [mapsRow()]))).status).toBe(200);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });

    it.each([
      ['half of a chunked body (no declared length)', 'half'],
      ['the whole file but not the end of the form', 'unclosed'],
    ] as const)('cancels and cleans up after %s: no file, no run, the lock free', async (_case, cut) => {
      const server = env.app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const boundary = 'abandoned';
        const head = `--${boundary}\r\nContent-Disposition: form-data; name="excelFile"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
        const file = readFileSync(
          workbook(
            'whole.xlsx',
            Array.from({ length: 50 }, () => mapsRow()),
          ),
        );
        const req = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/admin/import',
          headers: { Cookie: env.cookie, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
        });
        req.on('error', () => {});
        req.write(head);
        if (cut === 'half') req.write(file.subarray(0, file.length >> 1));
        else
          req.write(
            Buffer.concat([
              file,
              Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="update"\r\n\r\n`),
            ]),
          );
        await vi.waitFor(() => expect(env.uploads().length).toBe(1), { timeout: 10_000 });
        if (cut === 'unclosed') {
          // The file part is complete on the server's disk before the client goes.
          await vi.waitFor(
            () => expect(statSync(join(env.uploadDir, env.uploads()[0]!)).size).toBe(file.length),
            {
              timeout: 10_000,
            },
          );
        }
        req.destroy();
        await vi.waitFor(
          () => expect(env.logs.map((l) => l.msg)).toContain('upload abandoned by the client'),
          {
            timeout: 10_000,
          },
        );
        await vi.waitFor(() => expect(env.uploads()).toEqual([]), { timeout: 10_000 });
        expect(await runCount()).toBe(0);
        expect(await businessCount()).toBe(0);
        const [running] = await rowsIn<{ n: number | string }>(
          env.store,
          `SELECT COUNT(*) AS n FROM import_runs WHERE status = 'running'`,
        );
        expect(Number(running?.n)).toBe(0);
        // The lock is free: the next import runs.
        expect((await upload(workbook('next.xlsx', [mapsRow()]))).status).toBe(200);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });
  });
});
