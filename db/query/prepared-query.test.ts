// Prepared queries on both dialects: the same definition answers the same rows from a seeded SQLite
// file and from a PostgreSQL database holding a copy of it, and compiles once per dialect.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copySite } from '../../server/domain/copy/copy-site.ts';
import { seedBusinesses } from '../../server/http/admin-data/testing/seed.ts';
import { parseDatabaseAddress } from '../address.ts';
import { openPostgres, type PostgresHandle } from '../postgres/connection.ts';
import { createPostgresDatabase, type TestPostgresDatabase } from '../testing/postgres-database.ts';
import { createTempDatabase, type TempDatabase } from '../testing/temp-database.ts';
import { preparedQuery } from './prepared-query.ts';
import { postgresRunner, type QueryRunner, sqliteRunner } from './query-runner.ts';

let builds = 0;
const bySlug = preparedQuery('test_business_by_slug', (db, a: { slug: string }) => {
  builds++;
  return db.selectFrom('businesses').selectAll().where('slug', '=', a.slug);
});
const rankedInCity = preparedQuery(
  'test_ranked_in_city',
  (db, a: { city: string; limit: number; offset: number }) =>
    db
      .selectFrom('businesses')
      .select(['id', 'name', 'rating', 'review_count', 'rank_score', 'latitude', 'description'])
      .where('city_key', '=', a.city)
      .orderBy('rank_score', 'desc')
      .orderBy('id')
      .limit(a.limit)
      .offset(a.offset),
);
const countVerified = preparedQuery('test_count_verified', (db, a: { verified: number }) =>
  db
    .selectFrom('businesses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_verified', '=', a.verified),
);
const logActivity = preparedQuery('test_log_activity', (db, a: { detail: string; at: string }) =>
  db
    .insertInto('activity_log')
    .values({ kind: 'test', actor: 'cli', detail: a.detail, count: null, created_at: a.at }),
);
const renameActivity = preparedQuery('test_rename_activity', (db, a: { from: string; to: string }) =>
  db.updateTable('activity_log').set({ detail: a.to }).where('detail', '=', a.from),
);

let sqliteDb: TempDatabase;
let postgres: TestPostgresDatabase;
let pgHandle: PostgresHandle;
let runners: QueryRunner[];

beforeAll(async () => {
  sqliteDb = await createTempDatabase();
  seedBusinesses(sqliteDb.sqlite, 120, 21);
  postgres = await createPostgresDatabase();
  await copySite(parseDatabaseAddress(sqliteDb.path), parseDatabaseAddress(postgres.url));
  pgHandle = openPostgres(postgres.url, postgres.url);
  runners = [sqliteRunner(sqliteDb.sqlite), postgresRunner(pgHandle.pool)];
}, 60_000);

afterAll(async () => {
  await pgHandle?.close();
  await sqliteDb?.dispose();
  await postgres?.drop();
});

describe('prepared queries', () => {
  it('answer the same rows on SQLite and PostgreSQL', async () => {
    const slug = sqliteDb.sqlite.prepare('SELECT slug FROM businesses WHERE id = 7').pluck().get() as string;
    const city = sqliteDb.sqlite
      .prepare('SELECT city_key FROM businesses GROUP BY city_key ORDER BY COUNT(*) DESC LIMIT 1')
      .pluck()
      .get() as string;
    const [a, b] = await Promise.all(runners.map((runner) => runner.first(bySlug, { slug })));
    expect(a).toMatchObject({ id: 7, slug });
    expect(b).toEqual(a);
    for (const page of [
      { limit: 5, offset: 0 },
      { limit: 2, offset: 2 },
      { limit: 50, offset: 0 },
    ]) {
      const [x, y] = await Promise.all(runners.map((runner) => runner.all(rankedInCity, { city, ...page })));
      expect(x!.length).toBeGreaterThan(0);
      expect(y).toEqual(x);
    }
    const counts = await Promise.all(runners.map((runner) => runner.first(countVerified, { verified: 1 })));
    expect(Number(counts[0]?.n)).toBeGreaterThan(0);
    expect(counts[1]).toEqual(counts[0]);
    expect(await runners[0]!.first(bySlug, { slug: 'no-such-business' })).toBeUndefined();
    expect(await runners[1]!.first(bySlug, { slug: 'no-such-business' })).toBeUndefined();
  });

  it('write and report the rows they changed', async () => {
    for (const runner of runners) {
      expect(await runner.run(logActivity, { detail: 'one', at: '2026-11-28T00:00:00.000Z' })).toBe(1);
      expect(await runner.run(logActivity, { detail: 'one', at: '2026-11-28T00:00:01.000Z' })).toBe(1);
      expect(await runner.run(renameActivity, { from: 'one', to: 'two' })).toBe(2);
      expect(await runner.run(renameActivity, { from: 'one', to: 'two' })).toBe(0);
    }
  });

  it('compile once per dialect however often they run', async () => {
    const before = builds;
    for (let i = 0; i < 20; i++) for (const runner of runners) await runner.first(bySlug, { slug: `s${i}` });
    expect(builds - before).toBe(0);
    expect(bySlug.compiled('postgres').sql).toBe('select * from "businesses" where "slug" = $1');
    expect(bySlug.compiled('sqlite').sql).toBe('select * from "businesses" where "slug" = ?');
  });

  it('name a missing argument, and refuse two queries of one name', async () => {
    await expect(runners[0]!.first(bySlug, {} as { slug: string })).rejects.toThrow(
      'Query test_business_by_slug needs the argument slug',
    );
    expect(() =>
      preparedQuery('test_business_by_slug', (db) => db.selectFrom('businesses').selectAll()),
    ).toThrow('Two prepared queries are named test_business_by_slug');
  });
});
