// The moderation queue's admin routes on the admin routers and a real database: the session and the
// cross-site check on every call, the list (paged, newest first) and the count, the bodies approve and
// reject accept, and the errors in the admin routes' shape — on both dialects.
import BetterSqlite3 from 'better-sqlite3';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../../db/store/store.ts';
import { REJECT_REASON_MAX } from '../../contract/submission-queue.ts';
import { type SubmissionContext, submitBusiness } from '../../domain/submissions/submit-business.ts';
import { DIALECTS } from '../../domain/testing/test-store.ts';
import {
  type AdminTestEnv,
  createAdminTestEnv,
  expectNoInternals,
} from '../admin-data/testing/admin-test-app.ts';

/** Runs SQL written with ? placeholders on either dialect; the rows. */
async function query(store: Store, text: string, ...args: unknown[]): Promise<Record<string, unknown>[]> {
  if (store.dialect === 'sqlite') {
    const statement = store.sqlite.prepare(text);
    if (!statement.reader) {
      statement.run(...args);
      return [];
    }
    return statement.all(...args) as Record<string, unknown>[];
  }
  let n = 0;
  return (
    await store.query(
      text.replace(/\?/g, () => `$${++n}`),
      args,
    )
  ).rows;
}

/** The first column of the first row. */
async function scalar(store: Store, text: string, ...args: unknown[]): Promise<unknown> {
  const row = (await query(store, text, ...args))[0];
  return row === undefined ? undefined : Number(Object.values(row)[0]);
}

describe.each(DIALECTS)('on %s', (dialect) => {
  let env: AdminTestEnv;
  let address = 0;

  const LISTING = {
    name: 'Harbour Lane Bakery',
    category: 'Bakery',
    address: '4 Harbour Lane',
    city: 'Portland',
    state: 'ME',
    country: 'United States',
    ownerEmail: 'owner@harbour.example',
  };

  /** Holds a submission straight through the domain function; returns its queue id. */
  async function hold(name: string, fromPage?: string): Promise<number> {
    const context: SubmissionContext = { ip: `192.0.2.${++address}` };
    const outcome = await submitBusiness(env.store, { ...LISTING, name, fromPage }, context);
    if (outcome.outcome !== 'held') throw new Error(outcome.outcome);
    return outcome.id;
  }

  const post = (path: string, body: unknown) =>
    request(env.app)
      .post(path)
      .set('Cookie', env.cookie)
      .set('Sec-Fetch-Site', 'same-origin')
      .send(body as object);

  beforeAll(async () => {
    env = await createAdminTestEnv({}, { dialect, businesses: 10 });
  });

  afterAll(async () => {
    await env?.dispose();
  });

  describe('session and cross-site check', () => {
    it('answers 401 without a session on every call, and writes nothing', async () => {
      const id = await hold('No Session Bakery');
      const calls = [
        request(env.app).get('/api/admin/submissions'),
        request(env.app).get('/api/admin/submissions/count'),
        request(env.app).post(`/api/admin/submissions/${id}/approve`).send({ verified: true }),
        request(env.app).post(`/api/admin/submissions/${id}/reject`).send({ reason: 'spam' }),
      ];
      for (const answer of await Promise.all(calls)) {
        expect(answer.status).toBe(401);
        expect(answer.body.error.code).toBe('unauthenticated');
        expect(answer.headers['cache-control']).toBe('no-store');
      }
      expect(await scalar(env.store, 'SELECT COUNT(*) FROM submission_queue WHERE id = ?', id)).toBe(1);
    });

    it('refuses approve and reject from another site with 403, even with the session', async () => {
      const id = await hold('Cross Site Bakery');
      for (const headers of [{ 'Sec-Fetch-Site': 'cross-site' }, { Origin: 'https://evil.example' }]) {
        for (const [action, body] of [
          ['approve', { verified: true }],
          ['reject', { reason: 'spam' }],
        ] as const) {
          const answer = await request(env.app)
            .post(`/api/admin/submissions/${id}/${action}`)
            .set('Cookie', env.cookie)
            .set(headers)
            .send(body);
          expect(answer.status).toBe(403);
          expect(answer.body.error.code).toBe('cross_site');
        }
      }
      expect(await scalar(env.store, 'SELECT COUNT(*) FROM submission_queue WHERE id = ?', id)).toBe(1);
      expect(
        await scalar(env.store, 'SELECT COUNT(*) FROM businesses WHERE name = ?', 'Cross Site Bakery'),
      ).toBe(0);
    });
  });

  describe('GET /api/admin/submissions', () => {
    it('lists the held submissions newest first, paged, and counts them', async () => {
      await query(env.store, 'DELETE FROM submission_queue');
      const ids: number[] = [];
      for (const name of ['Queue One', 'Queue Two', 'Queue Three']) ids.push(await hold(name, '/cities'));
      const count = await request(env.app).get('/api/admin/submissions/count').set('Cookie', env.cookie);
      expect(count.body).toEqual({ held: 3 });
      const first = await request(env.app).get('/api/admin/submissions?limit=2').set('Cookie', env.cookie);
      expect(first.status).toBe(200);
      expect(first.body.totalCount).toBe(3);
      expect(first.body.totalPages).toBe(2);
      expect(first.body.submissions.map((s: { id: number }) => s.id)).toEqual([ids[2], ids[1]]);
      expect(first.body.submissions[0]).toMatchObject({
        sourcePage: '/cities',
        ownerEmail: 'owner@harbour.example',
        listing: {
          name: 'Queue Three',
          category: 'Bakery',
          city: 'Portland',
          state: 'ME',
          country: 'United States',
        },
      });
      const second = await request(env.app)
        .get('/api/admin/submissions?limit=2&offset=2')
        .set('Cookie', env.cookie);
      expect(second.body.submissions.map((s: { id: number }) => s.id)).toEqual([ids[0]]);
    });

    it('answers 400 naming a bad paging parameter', async () => {
      for (const query of ['limit=0', 'limit=101', 'limit=x', 'offset=-1', 'limit=1&limit=2']) {
        const answer = await request(env.app)
          .get(`/api/admin/submissions?${query}`)
          .set('Cookie', env.cookie);
        expect(answer.status, query).toBe(400);
        expect(answer.body.error.code).toBe('invalid_parameter');
        expect(['limit', 'offset']).toContain(answer.body.error.parameter);
      }
    });
  });

  describe('POST /api/admin/submissions/:id/approve and /reject', () => {
    it('requires {verified: boolean} to approve', async () => {
      const id = await hold('Body Check Bakery');
      for (const body of [{}, { verified: 'yes' }, { verified: 1 }, [true]]) {
        const answer = await post(`/api/admin/submissions/${id}/approve`, body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body.error).toMatchObject({ code: 'invalid_request', field: 'verified' });
      }
      expect((await post(`/api/admin/submissions/${id}/approve`, { verified: false })).status).toBe(200);
    });

    it(`requires a reason of 1 to ${REJECT_REASON_MAX} characters to reject`, async () => {
      const id = await hold('Reason Check Bakery');
      for (const body of [
        {},
        { reason: '' },
        { reason: '   ' },
        { reason: 7 },
        { reason: 'x'.repeat(REJECT_REASON_MAX + 1) },
      ]) {
        const answer = await post(`/api/admin/submissions/${id}/reject`, body);
        expect(answer.status, JSON.stringify(body).slice(0, 40)).toBe(400);
        expect(answer.body.error).toMatchObject({ code: 'invalid_request', field: 'reason' });
      }
      const rejected = await post(`/api/admin/submissions/${id}/reject`, {
        reason: 'Duplicate of an existing listing',
      });
      expect(rejected.status).toBe(200);
      const [logged] = await query(
        env.store,
        `SELECT actor, detail FROM activity_log WHERE kind = 'reject' ORDER BY id DESC LIMIT 1`,
      );
      expect(logged).toEqual({
        actor: 'admin:admin',
        detail:
          'Rejected the submitted listing "Reason Check Bakery" (Portland, United States): Duplicate of an existing listing',
      });
    });

    it('answers 400 for an id that is not a whole number, 404 for one not held', async () => {
      for (const id of ['abc', '0', '1.5', '-1']) {
        const answer = await post(`/api/admin/submissions/${id}/approve`, { verified: true });
        expect(answer.status, id).toBe(400);
        expect(answer.body.error.parameter).toBe('id');
      }
      const missing = await post('/api/admin/submissions/987654/approve', { verified: true });
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('not_found');
    });

    it('answers 409 when the place id is already published, and while an import holds the write lock', async () => {
      const id = await hold('Twice Bakery');
      expect((await post(`/api/admin/submissions/${id}/approve`, { verified: false })).status).toBe(200);
      await query(
        env.store,
        `INSERT INTO submission_queue (place_id, business_row, owner_email, submitted_at)
       SELECT place_id, '{}', 'x@example.com', '2026-01-01T00:00:00.000Z' FROM businesses WHERE name = ?`,
        'Twice Bakery',
      );
      const copy = (await scalar(env.store, 'SELECT MAX(id) FROM submission_queue')) as number;
      const twice = await post(`/api/admin/submissions/${copy}/approve`, { verified: false });
      expect(twice.status).toBe(409);
      expect(twice.body.error.code).toBe('already_published');
      expect(twice.body.error.slug).toMatch(/^twice-bakery-/);

      const busyId = await hold('Busy Bakery');
      // As an import's merge: SQLite's write lock, or on PostgreSQL the data version's row it holds.
      const release = await holdWrites(env);
      try {
        const busy = await post(`/api/admin/submissions/${busyId}/approve`, { verified: false });
        expect(busy.status).toBe(409);
        expect(busy.body.error.code).toBe('database_busy');
        expectNoInternals(busy.text);
      } finally {
        await release();
      }
      expect((await post(`/api/admin/submissions/${busyId}/approve`, { verified: false })).status).toBe(200);
    });
  });
});

/** Another writer holding what an approval needs until the returned function is called. */
async function holdWrites(env: AdminTestEnv): Promise<() => Promise<void>> {
  const { store } = env;
  if (store.dialect === 'sqlite') {
    const other = new BetterSqlite3(env.database.path);
    other.exec('BEGIN IMMEDIATE');
    return async () => {
      other.exec('ROLLBACK');
      other.close();
    };
  }
  const client = await store.connect();
  await client.query('BEGIN');
  await client.query(`UPDATE site_stats SET value = value WHERE key = 'data_version'`);
  return async () => {
    await client.query('ROLLBACK');
    client.release();
  };
}
