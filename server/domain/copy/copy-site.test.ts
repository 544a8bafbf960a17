// `directory copy` on real databases: a seeded SQLite site to a fresh PostgreSQL database and back,
// every table verified; the copy answers HTTP as the original did; refusals leave the target as it was.
import { basename, dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDatabaseAddress } from '../../../db/address.ts';
import { COPIED_TABLES, LEFT_TABLES, SHADOW_TABLE } from '../../../db/copy/copied-tables.ts';
import { createPostgresDatabase, type TestPostgresDatabase } from '../../../db/testing/postgres-database.ts';
import { createTempDatabase } from '../../../db/testing/temp-database.ts';
import { createApp } from '../../http/app.ts';
import { createSiteTestEnv, type SiteTestEnv } from '../../ssr/testing/site-test-env.ts';
import { openAndPrepareDatabase } from '../open-database.ts';
import { CopyError, type CopyReport, copySite } from './copy-site.ts';

const NOW = '2026-11-28T10:00:00.000Z';

/** Rows in the tables the seed leaves empty, and values that test the CSV path: quotes, commas,
 *  new lines, an empty string beside NULLs, characters outside the BMP, a fractional rating. */
function addSiteData(env: SiteTestEnv): void {
  const { sqlite } = env.database;
  sqlite
    .prepare(`UPDATE businesses SET name = ?, description = ?, phone = NULL, rating = 4.35 WHERE id = 1`)
    .run('Joe\'s "Best", Pizza\nand 🍕 Grill', '');
  sqlite.prepare(`UPDATE businesses SET description = ? WHERE id = 2`).run('\\.');
  sqlite
    .prepare(
      `INSERT INTO admin_credentials (id, username, password_hash, origin, updated_at) VALUES (1, ?, ?, 'cli', ?)`,
    )
    .run('admin', 'scrypt$x$y', NOW);
  sqlite.prepare(`INSERT INTO admin_session_generations VALUES ('admin', 3, ?)`).run(NOW);
  sqlite
    .prepare(
      `INSERT INTO activity_log (kind, actor, detail, count, created_at) VALUES ('import', 'cli', 'x.xlsx', 12, ?)`,
    )
    .run(NOW);
  sqlite
    .prepare(
      `INSERT INTO import_runs (file_name, started_by, host, pid, status, started_at, heartbeat_at, rows_read, imported)
       VALUES ('x.xlsx', 'cli', 'h', 1, 'done', ?, ?, 12, 12)`,
    )
    .run(NOW, NOW);
  sqlite
    .prepare(
      `INSERT INTO submission_queue (place_id, business_row, owner_email, source_page, submitted_at) VALUES (?, ?, ?, NULL, ?)`,
    )
    .run('ChIJ-queued', '{"name":"Queued"}', 'owner@example.com', NOW);
  sqlite
    .prepare(
      `INSERT INTO business_submissions VALUES ('ChIJ-b', 'o@example.com', ?), ('ChIJ-a', 'p@example.com', ?)`,
    )
    .run(NOW, NOW);
  sqlite
    .prepare(
      `INSERT INTO search_synonyms (terms, source, created_at) VALUES ('sub, hoagie, hero', 'admin', ?)`,
    )
    .run(NOW);
}

const tableCounts = (report: CopyReport) => Object.fromEntries(report.tables.map((t) => [t.table, t.rows]));

describe('directory copy between SQLite and PostgreSQL', () => {
  let original: SiteTestEnv;
  let postgres: TestPostgresDatabase;
  let there: CopyReport;

  beforeAll(async () => {
    original = await createSiteTestEnv({ businesses: 150 });
    addSiteData(original);
    postgres = await createPostgresDatabase();
    there = await copySite(parseDatabaseAddress(original.database.path), parseDatabaseAddress(postgres.url));
  }, 60_000);

  afterAll(async () => {
    await original?.dispose();
    await postgres?.drop();
  });

  it('copies every table with its rows, and PostgreSQL holds them', async () => {
    const { sqlite } = original.database;
    expect(tableCounts(there)).toEqual(
      Object.fromEntries(
        COPIED_TABLES.map((t) => [t.name, sqlite.prepare(`SELECT COUNT(*) FROM ${t.name}`).pluck().get()]),
      ),
    );
    expect(tableCounts(there).businesses).toBe(150);
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      const joe = await client.query(
        'SELECT name, description, phone, rating, rank_score FROM businesses WHERE id = 1',
      );
      expect(joe.rows[0]).toMatchObject({
        name: 'Joe\'s "Best", Pizza\nand 🍕 Grill',
        description: '',
        phone: null,
        rating: 4.35,
      });
      // The generated rank is PostgreSQL's own, computed the same way.
      const rank = sqlite.prepare('SELECT rank_score FROM businesses WHERE id = 1').pluck().get() as number;
      expect(joe.rows[0].rank_score).toBeCloseTo(rank, 12);
      expect(
        (await client.query('SELECT description FROM businesses WHERE id = 2')).rows[0].description,
      ).toBe('\\.');
      // The data version went up past the source's: servers on the target drop their caches.
      const version = (await client.query(`SELECT value FROM site_stats WHERE key = 'data_version'`)).rows[0];
      const sourceVersion = sqlite
        .prepare(`SELECT value FROM site_stats WHERE key = 'data_version'`)
        .pluck()
        .get() as number;
      expect(Number(version.value)).toBe(sourceVersion + 1);
      // New rows get ids after the copied ones.
      const next = await client.query(
        `INSERT INTO activity_log (kind, actor, detail, created_at) VALUES ('x', 'y', 'z', 'now') RETURNING id`,
      );
      expect(Number(next.rows[0].id)).toBe(2);
      await client.query('DELETE FROM activity_log WHERE id = 2');
    } finally {
      await client.end();
    }
  });

  it('comes back to SQLite with the same checksums, and serves the same answers', async () => {
    const back = await createTempDatabase('copy-back-');
    await back.close();
    const path = join(back.dir, 'back.db');
    try {
      const report = await copySite(parseDatabaseAddress(postgres.url), parseDatabaseAddress(path));
      // The same rows came back; site_stats differs by the data version the first copy raised.
      const withoutVersion = (r: CopyReport) => r.tables.filter((t) => t.table !== 'site_stats');
      expect(withoutVersion(report)).toEqual(withoutVersion(there));
      expect(tableCounts(report)).toEqual(tableCounts(there));

      const handle = await openAndPrepareDatabase(path);
      try {
        const quiet = pino({ level: 'silent' }, new Writable({ write: (_c, _e, done) => done() }));
        const app = createApp({ database: handle, config: original.config, logger: quiet });
        const slug = original.database.sqlite
          .prepare('SELECT slug FROM businesses WHERE id = 1')
          .pluck()
          .get() as string;
        for (const url of [
          '/api/businesses?limit=40',
          '/api/businesses?limit=10&page=3',
          '/api/statistics',
          '/api/categories',
          '/api/search?q=restaurant',
          `/api/businesses/${encodeURIComponent(slug)}`,
        ]) {
          const [a, b] = [await request(original.app).get(url), await request(app).get(url)];
          expect(b.status, url).toBe(a.status);
          expect(b.text, url).toBe(a.text);
        }
      } finally {
        await handle.close();
      }
    } finally {
      await back.dispose();
    }
  }, 60_000);

  it('refuses a target that holds a site without --yes, and leaves it as it was', async () => {
    const source = await createSiteTestEnv({ businesses: 20, seed: 9 });
    try {
      const attempt = copySite(
        parseDatabaseAddress(source.database.path),
        parseDatabaseAddress(postgres.url),
      );
      await expect(attempt).rejects.toThrow(CopyError);
      await expect(attempt).rejects.toThrow(/already holds a site \(businesses: 150, .*pass --yes/);
      expect(await pgCount(postgres.url, 'businesses')).toBe(150);
    } finally {
      await source.dispose();
    }
  });

  it('stops at a value PostgreSQL cannot store, naming table, row and column; nothing changes', async () => {
    const source = await createSiteTestEnv({ businesses: 30, seed: 11 });
    try {
      source.database.sqlite.prepare('UPDATE businesses SET address = ? WHERE id = 17').run('1 Main St\0');
      const attempt = copySite(
        parseDatabaseAddress(source.database.path),
        parseDatabaseAddress(postgres.url),
        {
          replace: true,
        },
      );
      await expect(attempt).rejects.toThrow(
        'Table businesses, row 17, column address: the text holds a NUL character',
      );
      expect(await pgCount(postgres.url, 'businesses')).toBe(150);
    } finally {
      await source.dispose();
    }
  });

  it('replaces the target with --yes', async () => {
    const source = await createSiteTestEnv({ businesses: 25, seed: 12 });
    const target = await createPostgresDatabase();
    try {
      await copySite(parseDatabaseAddress(original.database.path), parseDatabaseAddress(target.url));
      const report = await copySite(
        parseDatabaseAddress(source.database.path),
        parseDatabaseAddress(target.url),
        {
          replace: true,
        },
      );
      expect(tableCounts(report)).toMatchObject({ businesses: 25, activity_log: 0, admin_credentials: 0 });
      expect(await pgCount(target.url, 'businesses')).toBe(25);
      expect(await pgCount(target.url, 'activity_log')).toBe(0);
    } finally {
      await source.dispose();
      await target.drop();
    }
  }, 60_000);

  it('refuses to copy a database onto itself', async () => {
    const { path } = original.database;
    const samePlace = `${dirname(path)}/./${basename(path)}`;
    await expect(copySite(parseDatabaseAddress(path), parseDatabaseAddress(samePlace))).rejects.toThrow(
      `The source and the target are the same database (${samePlace}).`,
    );
  });
});

describe('the tables a copy moves', () => {
  it('names every SQLite table as copied or left on purpose', async () => {
    const database = await createTempDatabase();
    try {
      const names = database.sqlite
        .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
        .pluck()
        .all() as string[];
      const copied = new Set(COPIED_TABLES.map((t) => t.name));
      const unclassified = names.filter(
        (name) => !copied.has(name) && !(name in LEFT_TABLES) && !SHADOW_TABLE.test(name),
      );
      expect(unclassified).toEqual([]);
      for (const name of copied) expect(names).toContain(name);
    } finally {
      await database.dispose();
    }
  });
});

async function pgCount(url: string, table: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query(`SELECT COUNT(*) AS n FROM ${table}`)).rows[0].n);
  } finally {
    await client.end();
  }
}
