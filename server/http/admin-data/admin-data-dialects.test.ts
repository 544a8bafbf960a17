// The admin panel's data calls over HTTP on both dialects at once: the same generated businesses on
// SQLite and PostgreSQL give the same answers for the Businesses screen (list, one, edit, delete,
// bulk), the moderation queue, Recent Activity and the import runs — times and the import's own
// process aside. And "Add Your Business" posted to two server apps on one PostgreSQL database shares
// one rate limit.
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImportRunIn, finishImportRunIn, importRunTotals } from '../../../db/import-runs-repository.ts';
import type { Dialect } from '../../../db/query/prepared-query.ts';
import type { Store } from '../../../db/store/store.ts';
import { SUBMISSION_ENDPOINT } from '../../contract/business-submission.ts';
import { useSecondInstance } from '../../domain/businesses/testing/second-instance.ts';
import { SUBMISSION_LIMIT } from '../../domain/submissions/submit-business.ts';
import { SAMPLE_LISTING, sequentialReferences } from '../../domain/submissions/testing/sample-listing.ts';
import { settledDataVersion } from '../../domain/testing/settled-data-version.ts';
import { DIALECTS } from '../../domain/testing/test-store.ts';
import { createSubmissionsRouter } from '../submissions/routes.ts';
import { type AdminTestEnv, createAdminTestEnv } from './testing/admin-test-app.ts';

const envs = {} as Record<Dialect, AdminTestEnv>;

beforeAll(async () => {
  for (const dialect of DIALECTS) envs[dialect] = await createAdminTestEnv({}, { dialect, businesses: 80 });
}, 120_000);
afterAll(async () => {
  for (const dialect of DIALECTS) await envs[dialect]?.dispose();
});

type Call = (env: AdminTestEnv) => request.Test;

const get =
  (path: string): Call =>
  (env) =>
    request(env.app).get(path).set('Cookie', env.cookie);
const send =
  (method: 'post' | 'patch' | 'delete', path: string, body?: unknown): Call =>
  (env) => {
    const call = request(env.app)[method](path).set('Cookie', env.cookie);
    return body === undefined ? call : call.send(body as object);
  };

/** Times differ between runs; everything else must not (but the keys asked to be left out). */
function withoutTimes(value: unknown, leftOut: readonly string[] = []): unknown {
  if (Array.isArray(value)) return value.map((inner) => withoutTimes(inner, leftOut));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        leftOut.includes(key)
          ? '<left out>'
          : /At$|^at$/.test(key) && typeof inner === 'string'
            ? '<time>'
            : withoutTimes(inner, leftOut),
      ]),
    );
  return value;
}

/** The same call to each dialect's app: the same status and body (times and `leftOut` aside). */
async function expectSame(
  call: Call,
  label?: string,
  leftOut?: readonly string[],
): Promise<request.Response> {
  const answers = {} as Record<Dialect, request.Response>;
  for (const dialect of DIALECTS) answers[dialect] = await call(envs[dialect]);
  const shown = (answer: request.Response) => ({
    status: answer.status,
    body: withoutTimes(answer.body, leftOut),
  });
  expect(shown(answers.postgres), label).toEqual(shown(answers.sqlite));
  return answers.sqlite;
}

const storeOf = (dialect: Dialect): Store => envs[dialect].store;

describe('the Businesses screen on both dialects', () => {
  it('lists the same pages for filters, sorts and searches', async () => {
    const first = await expectSame(get('/api/admin/businesses?limit=100'));
    expect(first.body.businesses).toHaveLength(80);
    const { category, country } = first.body.businesses[0];
    const word = String(first.body.businesses[3].name).split(' ')[0] ?? '';
    for (const query of [
      'limit=10&offset=75',
      'status=verified',
      `status=pending&country=${encodeURIComponent(country)}`,
      `category=${encodeURIComponent(category)}`,
      `search=${encodeURIComponent(word)}`,
      `search=${encodeURIComponent(category)}&status=verified`,
      'sort=name&order=asc',
      'sort=name&order=desc&offset=20',
      'sort=city',
      'sort=category&order=desc',
      'sort=rating',
      'sort=status&order=desc',
      `sort=name&search=${encodeURIComponent(category)}`,
      'search=qwxzv',
      'limit=0',
      'order=asc',
    ])
      await expectSame(get(`/api/admin/businesses?${query}`), query);
  });

  it('gets, edits, deletes and bulk-changes the same way, the search following', async () => {
    const list = await expectSame(get('/api/admin/businesses?limit=10'));
    const [a, b, c, d] = list.body.businesses.map((business: { id: number }) => business.id);
    await expectSame(get(`/api/admin/businesses/${a}`));
    await expectSame(get('/api/admin/businesses/999999'));
    const edited = await expectSame(
      send('patch', `/api/admin/businesses/${a}`, { name: 'Quixotic Zanzibar Bakery', city: 'Evanston' }),
    );
    expect(edited.body).toMatchObject({ id: a, name: 'Quixotic Zanzibar Bakery' });
    await expectSame(send('patch', `/api/admin/businesses/${a}`, { phone: '12' }));
    const found = await expectSame(get('/api/admin/businesses?search=quixotic'));
    expect(found.body.businesses.map((business: { id: number }) => business.id)).toEqual([a]);
    await expectSame(send('post', '/api/admin/businesses/bulk', { action: 'verify', ids: [b, c, 424242] }));
    await expectSame(send('post', '/api/admin/businesses/bulk', { action: 'unverify', ids: [b] }));
    await expectSame(send('post', '/api/admin/businesses/bulk', { action: 'delete', ids: [c, d] }));
    await expectSame(send('post', '/api/admin/businesses/bulk', { action: 'explode', ids: [c] }));
    await expectSame(send('delete', `/api/admin/businesses/${a}`));
    await expectSame(send('delete', `/api/admin/businesses/${a}`));
    const gone = await expectSame(get('/api/admin/businesses?search=quixotic'));
    expect(gone.body.totalCount).toBe(0);
    await expectSame(get('/api/admin/businesses?limit=100'));
    await expectSame(get('/api/admin/activity?limit=10'));
  });
});

describe('moderation on both dialects', () => {
  it('lists, approves and rejects the same way', async () => {
    // Posted through each dialect's own public endpoint, from the same addresses, with the same
    // references, in the same order.
    for (const dialect of DIALECTS) {
      const app = express();
      app.set('trust proxy', true);
      app.use(createSubmissionsRouter({ store: storeOf(dialect), newReference: sequentialReferences() }));
      for (const [i, name] of ['Quokka Roasters', 'Wombat Bakes'].entries()) {
        const answer = await request(app)
          .post(SUBMISSION_ENDPOINT)
          .set('X-Forwarded-For', `192.0.2.${i + 1}`)
          .send({ ...SAMPLE_LISTING, name });
        expect(answer.status, dialect).toBe(201);
      }
    }
    const queue = await expectSame(get('/api/admin/submissions'));
    const [newer, older] = queue.body.submissions.map((submission: { id: number }) => submission.id);
    await expectSame(get('/api/admin/submissions/count'));
    // A new business's id is the database's to choose: SQLite takes the highest id left plus one (a
    // deleted newest business's id comes back), PostgreSQL's identity never goes back.
    const approved = await expectSame(
      send('post', `/api/admin/submissions/${older}/approve`, { verified: true }),
      'approve',
      ['id'],
    );
    expect(approved.body.business).toMatchObject({ name: 'Quokka Roasters', isVerified: true });
    await expectSame(send('post', `/api/admin/submissions/${older}/approve`, { verified: true }));
    await expectSame(
      send('post', `/api/admin/submissions/${newer}/reject`, { reason: 'Not a real business' }),
    );
    await expectSame(send('post', `/api/admin/submissions/${newer}/reject`, { reason: 'again' }));
    await expectSame(get('/api/admin/submissions/count'));
    const found = await expectSame(get('/api/admin/businesses?search=quokka'), 'search', ['id']);
    expect(found.body.businesses.map((business: { name: string }) => business.name)).toEqual([
      'Quokka Roasters',
    ]);
  });
});

describe('import runs and activity on both dialects', () => {
  it('shows the same runs', async () => {
    const ids = {} as Record<Dialect, number>;
    for (const dialect of DIALECTS) {
      const store = storeOf(dialect);
      ids[dialect] = await createImportRunIn(store, {
        fileName: 'places.xlsx',
        startedBy: 'admin:alice',
        updateMode: true,
        dryRun: false,
      });
      await finishImportRunIn(store, ids[dialect], {
        status: 'done',
        rowsRead: 12,
        imported: 10,
        updated: 1,
        duplicatesSkipped: 1,
        totalErrors: 0,
        totalWarnings: 2,
        message: 'Imported 10 businesses.',
      });
    }
    expect(ids.postgres).toBe(ids.sqlite);
    // The operations figures read the same records.
    const totals = {} as Record<Dialect, unknown>;
    for (const dialect of DIALECTS)
      totals[dialect] = { ...(await importRunTotals(storeOf(dialect))), lastFinishedAt: 'x' };
    expect(totals.postgres).toEqual(totals.sqlite);
    expect(totals.sqlite).toMatchObject({ runsByStatus: { done: 1 }, rowsImported: 10, rowsUpdated: 1 });
    const run = await expectSame(get(`/api/admin/import-runs/${ids.sqlite}`));
    expect(run.body).toMatchObject({ fileName: 'places.xlsx', status: 'done', imported: 10 });
    await expectSame(get('/api/admin/import-runs/current'));
    await expectSame(get('/api/admin/import-runs/987654'));
    await expectSame(get('/api/admin/import-runs/x'));
    const activity = await expectSame(get('/api/admin/activity?limit=50'));
    expect(activity.body.items.some((item: { kind: string }) => item.kind === 'import')).toBe(true);
    await expectSame(get('/api/admin/activity?limit=500'));
  });
});

describe('two server apps on one PostgreSQL database', () => {
  const second = useSecondInstance(() => envs.postgres.address);

  it('share one submission limit per address, and see each other’s writes', async () => {
    const apps = [storeOf('postgres'), second.store()].map((store) => {
      const app = express();
      app.set('trust proxy', true);
      app.use(createSubmissionsRouter({ store }));
      return app;
    });
    const post = (i: number) =>
      request(apps[i % 2]!)
        .post(SUBMISSION_ENDPOINT)
        .set('X-Forwarded-For', '198.51.100.77')
        .send({ ...SAMPLE_LISTING, name: `Shared Limit ${i}` });
    for (let i = 0; i < SUBMISSION_LIMIT.maxEvents; i++) expect((await post(i)).status).toBe(201);
    for (const i of [0, 1]) {
      const refused = await post(i);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Held through either instance, listed by the admin's (the first) instance.
    const queue = await request(envs.postgres.app)
      .get('/api/admin/submissions/count')
      .set('Cookie', envs.postgres.cookie);
    expect(queue.body.held).toBeGreaterThanOrEqual(SUBMISSION_LIMIT.maxEvents);
    // An edit through the first is seen by the second's data version at once (its caches follow it).
    const before = second.store().dataVersion();
    const { body } = await request(envs.postgres.app)
      .get('/api/admin/businesses?limit=1')
      .set('Cookie', envs.postgres.cookie);
    await request(envs.postgres.app)
      .patch(`/api/admin/businesses/${body.businesses[0].id}`)
      .set('Cookie', envs.postgres.cookie)
      .send({ name: 'Seen Elsewhere' });
    expect(await settledDataVersion(second.store())).toBeGreaterThan(before);
  });
});
