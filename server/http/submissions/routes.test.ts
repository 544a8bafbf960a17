// Add Your Business over HTTP, on the whole app and a real database: the plain form post (303, or
// the page again with values and errors), the JSON endpoint, the spam trap, the rate limit, the
// cross-site check, and a submission held for review: invisible to the public site, listed for the
// admin. (Approval and every public surface: moderation.test.ts.) Each test runs on SQLite and on
// PostgreSQL, the same generated businesses in each.
import express from 'express';
import type { Logger } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBMISSION_ENDPOINT } from '../../contract/business-submission.ts';
import { hashPassword } from '../../domain/admin/password-hash.ts';
import { SUBMISSION_LIMIT } from '../../domain/submissions/submit-business.ts';
import { countIn, rowsIn } from '../../domain/testing/sql-in.ts';
import { DIALECTS } from '../../domain/testing/test-store.ts';
import {
  createSiteTestEnv,
  decodeEntities,
  metaContent,
  type SiteTestEnv,
  titlesOf,
} from '../../ssr/testing/site-test-env.ts';
import { createSubmissionsRouter } from './routes.ts';
import { holdSubmissionWriteLock } from './testing/held-write-lock.ts';

const ADMIN_PASSWORD = 'a long test password';
let env: SiteTestEnv;
/** Each test posts from its own address, so that the rate limit of one does not touch another. */
let nextAddress = 1;
const fromNewAddress = () => `203.0.113.${nextAddress++}`;

const VALID = {
  name: 'Rosa’s Bakery',
  category: 'Bakery',
  address: '1200 W Fulton Market',
  city: 'Chicago',
  state: 'IL',
  postalCode: '60607',
  country: 'USA',
  phone: '(312) 555-0147',
  website: 'www.rosas-bakery.example.com',
  ownerEmail: 'rosa@example.com',
  hoursMonday: '7AM-3PM',
  hoursSunday: 'Closed',
  fax: '',
};

async function businessRow(name: string) {
  const [row] = await rowsIn(env.store, 'SELECT * FROM businesses WHERE name = ?', [name]);
  return row;
}

/** The held submission of that name, with its row parsed (the row is JSON text on both dialects). */
async function queuedRow(name: string) {
  const queue = await rowsIn(env.store, 'SELECT * FROM submission_queue ORDER BY id');
  const parsed = queue.map((queued) => ({
    ...queued,
    row: JSON.parse(String(queued.business_row)) as Record<string, unknown>,
  }));
  return parsed.find((queued) => queued.row.name === name);
}

const count = (table: string): Promise<number> => countIn(env.store, table);

describe.each(DIALECTS)('on %s', (dialect) => {
  beforeAll(async () => {
    env = await createSiteTestEnv({
      dialect,
      businesses: 20,
      env: {
        TRUST_PROXY: 'true',
        ADMIN_PASSWORD_HASH: await hashPassword(ADMIN_PASSWORD, { N: 1024, r: 8, p: 1 }),
      },
    });
  }, 60_000);

  afterAll(async () => {
    await env?.dispose();
  });

  describe('POST /add-business (no JavaScript)', () => {
    it('holds the submission for review and redirects with 303 to the thank-you view', async () => {
      const ip = fromNewAddress();
      const answer = await request(env.app)
        .post('/add-business')
        .set('X-Forwarded-For', ip)
        .type('form')
        .send({ ...VALID, name: 'Form Post Bakery', fromPage: '/add-business' });
      expect(answer.status).toBe(303);
      expect(answer.headers.location).toBe('/add-business?submitted=1');
      expect(await businessRow('Form Post Bakery')).toBeUndefined();
      expect(await queuedRow('Form Post Bakery')).toMatchObject({
        source_page: '/add-business',
        row: { is_verified: 0, city: 'Chicago' },
      });

      const thanks = await request(env.app).get(String(answer.headers.location));
      expect(thanks.status).toBe(200);
      expect(thanks.text).toContain('Thank you! Your listing has been received');
      expect(thanks.text).toContain('pending review');
      // The page says what happens: reviewed first, published after.
      expect(decodeEntities(thanks.text)).toContain('appears on the site once we have reviewed it');
      expect(decodeEntities(thanks.text)).not.toContain('listed now');
      expect(metaContent(thanks.text, 'robots')).toBe('noindex, follow');
    });

    it('answers 400 with the form again: errors next to their fields, the values kept and escaped', async () => {
      const hostile = '</script><script>alert(1)</script><img src=x onerror=alert(2)>';
      const before = await count('submission_queue');
      const answer = await request(env.app)
        .post('/add-business')
        .set('X-Forwarded-For', fromNewAddress())
        .type('form')
        .send({
          ...VALID,
          name: hostile,
          city: '',
          website: 'javascript:alert(3)',
          hoursMonday: 'sometimes',
        });
      expect(answer.status).toBe(400);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(await count('submission_queue')).toBe(before);
      const html = answer.text;
      expect(titlesOf(html)).toEqual([expect.stringMatching(/^Error: Add Your Business/)]);
      expect(html).toContain('There is a problem');
      // Each error is next to its field and tied to it.
      expect(html).toContain('Enter the city');
      expect(html).toContain('Enter a website address like https://www.example.com');
      expect(html).toContain('Write the hours like 9:00–17:00, 9AM–5PM or Closed');
      const city = /<input[^>]*name="city"[^>]*>/.exec(html)?.[0] ?? '';
      expect(city).toContain('aria-invalid="true"');
      expect(city).toContain('aria-describedby="addbiz-city-error"');
      expect(html).toContain('id="addbiz-city-error"');
      // The summary links to the field.
      expect(html).toContain('href="#addbiz-city"');
      // What was typed is back in the form, as text: never as markup.
      const name = /<input[^>]*name="name"[^>]*>/.exec(html)?.[0] ?? '';
      expect(decodeEntities(/value="([^"]*)"/.exec(name)?.[1] ?? '')).toBe(hostile);
      expect(html).not.toContain('<script>alert(1)');
      expect(html).not.toContain('<img src=x');
      const email = /<input[^>]*name="ownerEmail"[^>]*>/.exec(html)?.[0] ?? '';
      expect(email).toContain('value="rosa@example.com"');
      expect(email).toMatch(/autocomplete="email"/i);
    });

    it('refuses a post from another site with 403 and writes nothing', async () => {
      const before = await count('submission_queue');
      for (const headers of [{ 'Sec-Fetch-Site': 'cross-site' }, { Origin: 'https://evil.example' }]) {
        const answer = await request(env.app)
          .post('/add-business')
          .set('X-Forwarded-For', fromNewAddress())
          .set(headers)
          .type('form')
          .send({ ...VALID, name: 'Cross Site Bakery' });
        expect(answer.status).toBe(403);
      }
      expect(await count('submission_queue')).toBe(before);
    });

    it('accepts a same-origin browser post', async () => {
      const answer = await request(env.app)
        .post('/add-business')
        .set('X-Forwarded-For', fromNewAddress())
        .set('Sec-Fetch-Site', 'same-origin')
        .type('form')
        .send({ ...VALID, name: 'Same Origin Bakery' });
      expect(answer.status).toBe(303);
    });
  });

  describe('POST /api/businesses/submissions (JSON)', () => {
    it('answers 201 {message, id} and holds the listing: in no public answer, in the admin’s queue and log', async () => {
      const before = (await request(env.app).get('/api/statistics')).body;
      const businesses = await count('businesses');
      const answer = await request(env.app)
        .post('/api/businesses/submissions')
        .set('X-Forwarded-For', fromNewAddress())
        .send({ ...VALID, fromPage: '/city/Chicago' });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        message: 'Thank you! Your business has been submitted and is pending review.',
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });

      // Not a business yet: the row it will become waits in the queue, normalised as an import would.
      expect(await count('businesses')).toBe(businesses);
      expect(await businessRow(VALID.name)).toBeUndefined();
      const queued = await queuedRow(VALID.name);
      expect(queued).toMatchObject({
        place_id: `submission:${answer.body.id}`,
        owner_email: 'rosa@example.com',
        source_page: '/city/Chicago',
        row: {
          is_verified: 0,
          category: 'Bakery',
          category_group: 'Restaurants',
          city_key: 'chicago',
          country: 'United States',
          country_code: 'US',
          phone: '(312) 555-0147',
          phone_international: '+13125550147',
          website: 'https://www.rosas-bakery.example.com',
          email: null,
          rating: 0,
          review_count: 0,
        },
      });
      expect(JSON.parse(String(queued?.row.hours))).toEqual({
        monday: [{ open: '07:00', close: '15:00' }],
        sunday: [],
      });

      const after = (await request(env.app).get('/api/statistics')).body;
      expect(after).toEqual(before);
      const search = await request(env.app).get('/api/businesses').query({ search: 'Rosa Bakery' });
      expect(search.body.businesses.map((b: { name: string }) => b.name)).not.toContain(VALID.name);
      const slug = `rosas-bakery-${String(answer.body.id).replace(/-/g, '').slice(0, 7)}`;
      expect((await request(env.app).get(`/api/businesses/slug/${slug}`)).status).toBe(404);
      expect((await request(env.app).get(`/details/${slug}`)).status).toBe(404);

      // The admin sees it in the queue, and the activity log names it.
      const login = await request(env.app)
        .post('/api/admin/login')
        .send({ username: 'admin', password: ADMIN_PASSWORD });
      expect(login.status).toBe(200);
      const cookie = ((login.headers['set-cookie'] as unknown as string[]) ?? [])
        .map((line) => line.split(';')[0])
        .join('; ');
      const held = await request(env.app).get('/api/admin/submissions').set('Cookie', cookie);
      expect(held.status).toBe(200);
      expect(held.body.submissions).toContainEqual(
        expect.objectContaining({
          reference: answer.body.id,
          ownerEmail: 'rosa@example.com',
          sourcePage: '/city/Chicago',
          listing: expect.objectContaining({ name: VALID.name, city: 'Chicago' }),
        }),
      );
      const activity = await request(env.app).get('/api/admin/activity').set('Cookie', cookie);
      expect(activity.body.items.map((item: { summary: string }) => item.summary)).toContain(
        `New listing awaiting review: ${VALID.name} (Chicago, United States)`,
      );
    });

    it('answers 400 with a message per field', async () => {
      const answer = await request(env.app)
        .post('/api/businesses/submissions')
        .set('X-Forwarded-For', fromNewAddress())
        .send({ ...VALID, name: '', ownerEmail: 'not an address', phone: '12', country: 'Atlantis' });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        error: {
          code: 'invalid_submission',
          message: 'Some fields need correcting.',
          fields: {
            name: 'Enter the name of the business',
            country: 'Enter the country’s name in English, for example United States or Germany',
            ownerEmail: 'Enter an e-mail address in the correct format, like name@example.com',
          },
        },
      });
    });

    it('answers 400 for a body that is not JSON, 413 for one too large', async () => {
      const broken = await request(env.app)
        .post('/api/businesses/submissions')
        .set('Content-Type', 'application/json')
        .send('{"name":');
      expect(broken.status).toBe(400);
      expect(broken.body.error.code).toBe('invalid_json');
      const large = await request(env.app)
        .post('/api/businesses/submissions')
        .send({ ...VALID, name: 'x'.repeat(40_000) });
      expect(large.status).toBe(413);
    });

    it('refuses a cross-site call with 403', async () => {
      const answer = await request(env.app)
        .post('/api/businesses/submissions')
        .set('X-Forwarded-For', fromNewAddress())
        .set('Sec-Fetch-Site', 'same-site')
        .send({ ...VALID, name: 'Sibling Site Bakery' });
      expect(answer.status).toBe(403);
      expect(answer.body.error.code).toBe('cross_site');
      expect(await queuedRow('Sibling Site Bakery')).toBeUndefined();
    });

    it('drops a submission that filled the spam trap, answering exactly as for a real one', async () => {
      const before = await count('submission_queue');
      const answer = await request(env.app)
        .post('/api/businesses/submissions')
        .set('X-Forwarded-For', fromNewAddress())
        .send({ ...VALID, name: 'Robot Bakery', fax: '+1 555 0100' });
      expect(answer.status).toBe(201);
      expect(Object.keys(answer.body).sort()).toEqual(['id', 'message']);
      expect(await count('submission_queue')).toBe(before);
      expect(await queuedRow('Robot Bakery')).toBeUndefined();

      const form = await request(env.app)
        .post('/add-business')
        .set('X-Forwarded-For', fromNewAddress())
        .type('form')
        .send({ ...VALID, name: 'Robot Form Bakery', fax: 'x' });
      expect(form.status).toBe(303);
      expect(form.headers.location).toBe('/add-business?submitted=1');
      expect(await queuedRow('Robot Form Bakery')).toBeUndefined();
    });

    it(`rate-limits an address after ${SUBMISSION_LIMIT.maxEvents} submissions: 429 with Retry-After`, async () => {
      const ip = fromNewAddress();
      for (let i = 1; i <= SUBMISSION_LIMIT.maxEvents; i++) {
        // Spam-trap hits count as well: a robot cannot post without limit either.
        const body = i === 1 ? { ...VALID, fax: 'robot' } : { ...VALID, name: `Limit Bakery ${i}` };
        const answer = await request(env.app)
          .post('/api/businesses/submissions')
          .set('X-Forwarded-For', ip)
          .send(body);
        expect(answer.status).toBe(201);
      }
      const refused = await request(env.app)
        .post('/api/businesses/submissions')
        .set('X-Forwarded-For', ip)
        .send({ ...VALID, name: 'Limit Bakery 6' });
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3500);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(refused.body.error.code).toBe('too_many_submissions');
      expect(refused.body.error.message).toMatch(/try again in 60 minutes/);
      expect(await queuedRow('Limit Bakery 6')).toBeUndefined();

      // The form post from that address: the form again, with the reason, the values kept.
      const form = await request(env.app)
        .post('/add-business')
        .set('X-Forwarded-For', ip)
        .type('form')
        .send({ ...VALID, name: 'Limit Bakery 7' });
      expect(form.status).toBe(429);
      expect(form.headers['retry-after']).toBeDefined();
      expect(form.text).toContain('You have sent several listings in a short time');
      expect(form.text).toContain('value="Limit Bakery 7"');

      // Another address is not affected.
      const other = await request(env.app)
        .post('/api/businesses/submissions')
        .set('X-Forwarded-For', fromNewAddress())
        .send({ ...VALID, name: 'Other Address Bakery' });
      expect(other.status).toBe(201);
    });
  });

  // SQLite: an import's merge holds the file's write lock. PostgreSQL: an import keeps no submission
  // out, so another submission under way holds the lock, and a post waits POSTGRES_LOCK_WAIT_MS first.
  describe('while another writer holds the write lock', () => {
    it('answers 503 with Retry-After (JSON) and the form again with the reason (HTML), writing nothing', async () => {
      const release = await holdSubmissionWriteLock(env.store);
      try {
        // Posted side by side: on PostgreSQL each waits out the lock wait, the two at the same time.
        const [json, form] = await Promise.all([
          request(env.app)
            .post('/api/businesses/submissions')
            .set('X-Forwarded-For', fromNewAddress())
            .send({ ...VALID, name: 'Busy Bakery' }),
          request(env.app)
            .post('/add-business')
            .set('X-Forwarded-For', fromNewAddress())
            .type('form')
            .send({ ...VALID, name: 'Busy Form Bakery' }),
        ]);
        expect(json.status).toBe(503);
        expect(json.headers['retry-after']).toBe('5');
        expect(json.body.error.code).toBe('database_busy');
        expect(form.status).toBe(503);
        expect(form.headers['retry-after']).toBe('5');
        expect(form.text).toContain('We could not save your listing just now');
        expect(form.text).toContain('value="Busy Form Bakery"');
      } finally {
        await release();
      }
      expect(await queuedRow('Busy Bakery')).toBeUndefined();
      expect(await queuedRow('Busy Form Bakery')).toBeUndefined();
    }, 20_000);
  });

  describe('GET /add-business', () => {
    it('renders the form, indexable, never cached, with labels, required markers and autocomplete', async () => {
      const answer = await request(env.app).get('/add-business');
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      const html = answer.text;
      expect(titlesOf(html)).toEqual([expect.stringMatching(/^Add Your Business \| /)]);
      expect(metaContent(html, 'robots')).toBe('index, follow');
      const form = /<form[^>]*class="addbiz-form"[^>]*>/.exec(html)?.[0] ?? '';
      expect(form).toContain('method="post"');
      expect(form).toContain('action="/add-business"');
      for (const [name, autocomplete] of [
        ['name', 'organization'],
        ['address', 'address-line1'],
        ['city', 'address-level2'],
        ['country', 'country-name'],
        ['phone', 'tel'],
        ['website', 'url'],
        ['ownerEmail', 'email'],
      ]) {
        const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? '';
        expect(input, name).toMatch(new RegExp(`autocomplete="${autocomplete}"`, 'i'));
        const id = /id="([^"]+)"/.exec(input)?.[1];
        expect(html, name).toContain(`for="${id}"`);
      }
      // The trap is out of the tab order and never autofilled.
      const trap = /<input[^>]*name="fax"[^>]*>/.exec(html)?.[0] ?? '';
      expect(trap).toContain('tabindex="-1"');
      expect(trap).toMatch(/autocomplete="off"/i);
      expect(html).not.toContain('There is a problem');
      // The page the form is sent from travels with it, also without JavaScript.
      const source = /<input[^>]*name="fromPage"[^>]*>/.exec(html)?.[0] ?? '';
      expect(source).toContain('type="hidden"');
      expect(source).toContain('value="/add-business"');
      // The page says what happens to a listing.
      expect(decodeEntities(html)).toContain('We review every listing before it appears on the site.');
      expect(decodeEntities(html)).not.toContain('straight away');
    });
  });

  describe('control characters in a submission', () => {
    it('are removed with a warning in the server log naming the field', async () => {
      const records: { level: string; fields: Record<string, unknown>; message: string }[] = [];
      const capture = (level: string) => (fields: Record<string, unknown>, message: string) =>
        records.push({ level, fields, message });
      const logger = { info: capture('info'), warn: capture('warn') } as unknown as Logger;
      const app = express();
      app.set('trust proxy', true);
      app.use(createSubmissionsRouter({ store: env.store, logger }));
      const answer = await request(app)
        .post(SUBMISSION_ENDPOINT)
        .set('X-Forwarded-For', fromNewAddress())
        .send({ ...VALID, name: 'Bell\u0007 Bakery\u0000', address: '9 Main\u001B St' });
      expect(answer.status).toBe(201);
      expect(await queuedRow('Bell Bakery')).toBeDefined();
      const warning = records.find((record) => record.level === 'warn');
      expect(warning?.message).toBe('control characters removed from a submission');
      expect(warning?.fields.warnings).toEqual([
        expect.objectContaining({ field: 'name' }),
        expect.objectContaining({ field: 'address' }),
      ]);
    });
  });
});
