// GET /api/search and GET /api/suggest over real HTTP on the demo data, on SQLite and on a PostgreSQL
// copy of it: the answers' shapes, what the search understood, bad input as a 400 that names the
// parameter — and the same answers from both dialects.
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dialect } from '../../../db/query/prepared-query.ts';
import { createTempDatabase } from '../../../db/testing/temp-database.ts';
import { FIXTURE_FILES_DIR } from '../../../fixtures/generate.ts';
import { loadConfig } from '../../config.ts';
import type { SearchAnswer, SuggestAnswer } from '../../contract/search.ts';
import { importSpreadsheet } from '../../domain/import/import-spreadsheet.ts';
import { ensureSearchIndex } from '../../domain/search/search-index-state.ts';
import { createSearchStore, type SearchStore } from '../../domain/search/testing/search-store.ts';
import { DIALECTS } from '../../domain/testing/test-store.ts';
import { createApp } from '../app.ts';

async function createDemoDatabase() {
  const database = await createTempDatabase();
  await importSpreadsheet(database, {
    filePath: `${FIXTURE_FILES_DIR}/demo-businesses.xlsx`,
    startedBy: 'test',
  });
  ensureSearchIndex(database.sqlite);
  return database;
}

/** Paths whose answers both dialects must give alike. */
const COMPARED = [
  '/api/search?q=plumbers+in+chicago',
  '/api/search?q=plumbr',
  '/api/search?q=plumbr&exact=1',
  '/api/search?location=Illinois',
  '/api/search?q=mechanic&page=2&pageSize=5',
  '/api/search?q=restaurant&location=NYC',
  '/api/search?q=zzyzx+qqqq',
  '/api/suggest?q=pl',
  '/api/suggest?q=plu&location=Chicago',
  '/api/suggest?q=chic',
];
const answersOf = new Map<Dialect, unknown[]>();

describe.each(DIALECTS)('on %s', (dialect) => {
  let database: SearchStore;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    database = await createSearchStore(dialect, createDemoDatabase);
    app = createApp({
      database: { store: database.store },
      config: loadConfig({ NODE_ENV: 'test' }),
      logger: pino({ level: 'silent' }),
    });
  }, 60_000);
  afterAll(async () => {
    await database?.dispose();
  });

  const get = (path: string) => request(app).get(path);

  describe('GET /api/search', () => {
    it('reads one box, plurals and typos, and says what it searched', async () => {
      const oneBox = (await get('/api/search?q=plumbers+in+chicago').expect(200)).body as SearchAnswer;
      expect(oneBox.understood).toMatchObject({
        location: expect.stringMatching(/^Chicago/),
        text: 'plumbers',
      });
      expect(oneBox.understood.label).toMatch(/^Plumbers in Chicago/);
      expect(oneBox.businesses.every((b) => b.city === 'Chicago')).toBe(true);

      const typo = (await get('/api/search?q=plumbr').expect(200)).body as SearchAnswer;
      expect(typo.correctedQuery).toBe('plumber');
      expect(typo.exactSearchUrl).toBe('/search?q=plumbr&exact=1');
      expect(typo.totalCount).toBeGreaterThan(0);
      const exact = (await get('/api/search?q=plumbr&exact=1').expect(200)).body as SearchAnswer;
      expect(exact.totalCount).toBe(0);
      expect(exact.alternatives?.categories.map((c) => c.label)).toContain('Plumber');
    });

    it('lists a place alone, and refuses neither a service nor a place', async () => {
      const place = (await get('/api/search?location=Illinois').expect(200)).body as SearchAnswer;
      expect(place.understood.label).toBe('Businesses in Illinois');
      expect(place.businesses.every((b) => b.state === 'IL')).toBe(true);
      const none = await get('/api/search?q=&location=').expect(400);
      expect(none.body.error.message).toMatch(/q .*location/);
    });

    it('names the parameter of bad input, and keeps FTS syntax inert', async () => {
      expect((await get('/api/search?q=pizza&exact=maybe').expect(400)).body.error.message).toMatch(/exact/);
      expect((await get(`/api/search?q=${'x'.repeat(201)}`).expect(400)).body.error.message).toMatch(/^q /);
      expect((await get('/api/search?q=a&q=b').expect(400)).body.error.message).toMatch(/^q /);
      for (const q of ['"', 'NEAR(a b)', '*', 'name:x', '(OR)', '^x', '-x'])
        await get(`/api/search?q=${encodeURIComponent(q)}`).expect(200);
    });
  });

  describe('GET /api/suggest', () => {
    it('suggests categories, cities and businesses as paths of this site', async () => {
      const answer = (await get('/api/suggest?q=pl').expect(200)).body as SuggestAnswer;
      expect(answer.suggestions.length).toBeGreaterThan(0);
      expect(answer.suggestions.length).toBeLessThanOrEqual(10);
      for (const suggestion of answer.suggestions) {
        expect(['category', 'city', 'business']).toContain(suggestion.type);
        expect(suggestion.url).toMatch(/^\/[a-z]/);
        expect(suggestion.count).toBeGreaterThan(0);
      }
      expect(answer.suggestions[0]).toMatchObject({
        type: 'category',
        label: 'Plumber',
        url: '/category/plumber',
      });
      const withPlace = (await get('/api/suggest?q=plu&location=Chicago').expect(200)).body as SuggestAnswer;
      expect(withPlace.suggestions[0]!.url).toBe('/search?q=Plumber&location=Chicago');
      const city = (await get('/api/suggest?q=chic').expect(200)).body as SuggestAnswer;
      expect(city.suggestions.find((s) => s.type === 'city')).toMatchObject({
        label: 'Chicago, IL',
        url: '/city/Chicago',
      });
    });

    it('answers nothing for nothing, and 400 for bad input', async () => {
      expect((await get('/api/suggest?q=').expect(200)).body).toEqual({ suggestions: [] });
      expect((await get(`/api/suggest?q=${'x'.repeat(201)}`).expect(400)).body.error.message).toMatch(/^q /);
    });
  });

  it('answers the compared paths', async () => {
    const answers: unknown[] = [];
    // Each dialect's database was imported on its own: the times of the rows differ, nothing else may.
    const untimed = (body: unknown) =>
      JSON.parse(
        JSON.stringify(body, (key, value) =>
          key === 'createdAt' || key === 'updatedAt' ? undefined : value,
        ),
      );
    for (const path of COMPARED) answers.push(untimed((await get(path).expect(200)).body));
    answersOf.set(dialect, answers);
  });
});

describe('the two dialects', () => {
  it('give the same answers', () => {
    const [sqlite, postgres] = DIALECTS.map((dialect) => answersOf.get(dialect));
    expect(sqlite).toBeDefined();
    expect(postgres).toEqual(sqlite);
  });
});
