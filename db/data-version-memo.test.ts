import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bumpDataVersion, bumpDataVersionQuery, dataVersionReader } from './stats-repository.ts';
import { createSqliteStore } from './store/sqlite-store.ts';
import { createTempDatabase, type TempDatabase } from './testing/temp-database.ts';

// Another process's write: raw SQL on a connection of its own, which this process does not see made.
const writeElsewhere = (path: string) => {
  const other = new BetterSqlite3(path);
  other.prepare(`UPDATE site_stats SET value = value + 1 WHERE key = 'data_version'`).run();
  other.close();
};

describe('the data version kept within a turn of the event loop', () => {
  let db: TempDatabase;
  let path: string;
  beforeEach(async () => {
    db = await createTempDatabase('data-version-memo-');
    path = join(db.dir, 'directory.db');
    bumpDataVersion(db.sqlite);
  });
  afterEach(() => db.dispose());

  it("sees another process's write at the next turn, not within the turn", async () => {
    const read = dataVersionReader(db.sqlite);
    const before = read();
    writeElsewhere(path);
    expect(read()).toBe(before);
    await nextTurn();
    expect(read()).toBe(before + 1);
  });

  it("sees this process's writes at once: a raw bump, a store's run and a transaction", async () => {
    const read = dataVersionReader(db.sqlite);
    const store = createSqliteStore(db.sqlite);
    const before = read();
    bumpDataVersion(db.sqlite);
    expect(read()).toBe(before + 1);
    await store.run(bumpDataVersionQuery, {});
    expect(read()).toBe(before + 2);
    await store.transaction(async (tx) => {
      await tx.run(bumpDataVersionQuery, {});
    });
    expect(read()).toBe(before + 3);
    // Another reader (another cache's) of the same connection sees it too.
    expect(dataVersionReader(db.sqlite)()).toBe(before + 3);
  });

  it('keeps nothing read inside a transaction: a rolled-back bump does not outlive it', () => {
    const read = dataVersionReader(db.sqlite);
    const before = read();
    db.sqlite.exec('BEGIN IMMEDIATE');
    db.sqlite.prepare(`UPDATE site_stats SET value = value + 1 WHERE key = 'data_version'`).run();
    expect(read()).toBe(before + 1);
    db.sqlite.exec('ROLLBACK');
    expect(read()).toBe(before);
  });
});
