// What a query costs through each way of running it, per dialect, side by side in one run: a read of
// one business by its slug (unique index) on a database of 20,000 businesses, SQLite and a
// PostgreSQL copy of it. Ways: the driver's own prepared statement; a query defined once with Kysely
// and compiled once (db/query, decision 0029); Kysely building and compiling on every call. Rounds
// alternate the ways; medians of the per-round means.
//   npx tsx bench/query-overhead.bench.ts [--rounds 15] [--calls 2000]
import { parseArgs } from 'node:util';
import { Kysely, SqliteDialect } from 'kysely';
import { parseDatabaseAddress } from '../db/address.ts';
import { openPostgres } from '../db/postgres/connection.ts';
import { preparedQuery } from '../db/query/prepared-query.ts';
import { postgresRunner, sqliteRunner } from '../db/query/query-runner.ts';
import type { Database } from '../db/schema.ts';
import { createPostgresDatabase } from '../db/testing/postgres-database.ts';
import { createTempDatabase } from '../db/testing/temp-database.ts';
import { copySite } from '../server/domain/copy/copy-site.ts';
import { seedBusinesses } from '../server/http/admin-data/testing/seed.ts';
import { median } from './lib/measure.ts';
import { machineLine, writeResultSection } from './lib/results.ts';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '15' }, calls: { type: 'string', default: '2000' } },
});
const rounds = Number(values.rounds);
const calls = Number(values.calls);

const sqliteDb = await createTempDatabase('query-overhead-');
seedBusinesses(sqliteDb.sqlite, 20_000, 3);
const postgres = await createPostgresDatabase();
await copySite(parseDatabaseAddress(sqliteDb.path), parseDatabaseAddress(postgres.url));
const pgHandle = openPostgres(postgres.url, postgres.url, { poolSize: 1 });
const slugs = sqliteDb.sqlite
  .prepare('SELECT slug FROM businesses ORDER BY random() LIMIT 500')
  .pluck()
  .all() as string[];

const bySlug = preparedQuery('bench_by_slug', (db, a: { slug: string }) =>
  db.selectFrom('businesses').selectAll().where('slug', '=', a.slug),
);
const SQL = 'SELECT * FROM businesses WHERE slug = ';
const raw = sqliteDb.sqlite.prepare(`${SQL}?`);
const kyselySqlite = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqliteDb.sqlite }) });
const sqliteQueries = sqliteRunner(sqliteDb.sqlite);
const pgQueries = postgresRunner(pgHandle.pool);

type Way = {
  dialect: 'SQLite' | 'PostgreSQL';
  way: string;
  call: (slug: string) => Promise<unknown> | unknown;
};
const ways: Way[] = [
  { dialect: 'SQLite', way: 'better-sqlite3 statement, prepared once', call: (slug) => raw.get(slug) },
  {
    dialect: 'SQLite',
    way: 'defined once with Kysely, compiled once (db/query)',
    call: (slug) => sqliteQueries.first(bySlug, { slug }),
  },
  {
    dialect: 'SQLite',
    way: 'Kysely, built and compiled per call',
    call: (slug) =>
      kyselySqlite.selectFrom('businesses').selectAll().where('slug', '=', slug).executeTakeFirst(),
  },
  {
    dialect: 'PostgreSQL',
    way: 'pg, named statement (prepared once per connection)',
    call: (slug) => pgHandle.pool.query({ name: 'raw_by_slug', text: `${SQL}$1`, values: [slug] }),
  },
  {
    dialect: 'PostgreSQL',
    way: 'defined once with Kysely, compiled once (db/query)',
    call: (slug) => pgQueries.first(bySlug, { slug }),
  },
  {
    dialect: 'PostgreSQL',
    way: 'Kysely, built and compiled per call',
    call: (slug) =>
      pgHandle.db.selectFrom('businesses').selectAll().where('slug', '=', slug).executeTakeFirst(),
  },
];

const perCall = new Map<Way, number[]>(ways.map((way) => [way, []]));
for (const way of ways) for (let i = 0; i < 200; i++) await way.call(slugs[i % slugs.length]!); // warm up
for (let round = 0; round < rounds; round++) {
  for (const way of round % 2 ? [...ways].reverse() : ways) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) await way.call(slugs[i % slugs.length]!);
    perCall.get(way)!.push(Number(process.hrtime.bigint() - started) / 1000 / calls);
  }
}

const rows = ways.map((way) => {
  const us = median(perCall.get(way)!);
  const base = median(perCall.get(ways.find((w) => w.dialect === way.dialect)!)!);
  return `| ${way.dialect} | ${way.way} | ${us.toFixed(1)} µs | ${(us / base).toFixed(2)}× |`;
});
const markdown = `## Cost of a query by the way it runs (bench/query-overhead.bench.ts)

${machineLine()}; one business by its slug (unique index) among 20,000, SQLite and a PostgreSQL 15 copy on this machine (one connection over TCP to 127.0.0.1); ${rounds} rounds of ${calls.toLocaleString('en-US')} awaited calls per way, ways alternating; median of the rounds' means.

| database | way | per call | against the driver's own statement |
|---|---|---:|---:|
${rows.join('\n')}`;
console.log(markdown);
writeResultSection('query-overhead', markdown);

await pgHandle.close();
await sqliteDb.dispose();
await postgres.drop();
