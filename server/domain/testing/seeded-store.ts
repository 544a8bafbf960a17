// Test support: the same generated businesses on either dialect, so one test compares answers. The
// rows are written into a SQLite file as the server tests always did (seedBusinesses); PostgreSQL gets
// them through `directory copy` (same ids, same values), and opening it builds its search index.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../../db/connection.ts';
import { migrateToLatest } from '../../../db/migrate.ts';
import type { Dialect } from '../../../db/query/prepared-query.ts';
import { createPostgresDatabase } from '../../../db/testing/postgres-database.ts';
import { seedBusinesses } from '../../http/admin-data/testing/seed.ts';
import { copySite } from '../copy/copy-site.ts';
import { openTestStore, type TestStore } from './test-store.ts';

export interface SeedOptions {
  /** How many generated businesses (default 60). */
  businesses?: number;
  /** The generator's seed (default 5). */
  seed?: number;
}

export async function createSeededTestStore(dialect: Dialect, options: SeedOptions = {}): Promise<TestStore> {
  const dir = mkdtempSync(join(tmpdir(), 'directory-seeded-'));
  const path = join(dir, 'directory.db');
  const seeding = openDatabase(path);
  try {
    await migrateToLatest(seeding.db);
    seedBusinesses(seeding.sqlite, options.businesses ?? 60, options.seed ?? 5);
  } finally {
    await seeding.close();
  }
  const sqliteAddress = { dialect: 'sqlite' as const, path, display: path };
  const removeDir = async () => rmSync(dir, { recursive: true, force: true });
  if (dialect === 'sqlite') return openTestStore(sqliteAddress, removeDir);
  const database = await createPostgresDatabase();
  const address = { dialect, url: database.url, display: database.url };
  try {
    await copySite(sqliteAddress, address);
  } finally {
    await removeDir();
  }
  return openTestStore(address, database.drop);
}
