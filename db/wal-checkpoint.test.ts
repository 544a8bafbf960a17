import { statSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqlite, type Sqlite } from './connection.ts';
import { createTempDatabase, type TempDatabase } from './testing/temp-database.ts';
import { checkpointAndEmptyWal, withoutAutoCheckpoint } from './wal-checkpoint.ts';

let database: TempDatabase;
let writer: Sqlite;
beforeEach(async () => {
  database = await createTempDatabase();
  // A second connection, as the import's process has: the server's own connection stays open.
  writer = openSqlite(database.path);
  writer.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
});
afterEach(async () => {
  writer.close();
  await database.dispose();
});

const fileSize = (suffix = '') => statSync(`${database.path}${suffix}`).size;
/** ~2,500 pages: well past the automatic checkpoint's 1,000. */
const bigTransaction = (sqlite: Sqlite) =>
  sqlite.transaction(() => {
    const insert = sqlite.prepare('INSERT INTO filler (text) VALUES (?)');
    for (let i = 0; i < 10_000; i++) insert.run(`${i} `.padEnd(900, 'x'));
  })();
const autocheckpoint = (sqlite: Sqlite) => sqlite.pragma('wal_autocheckpoint', { simple: true });

describe('withoutAutoCheckpoint', () => {
  it('leaves a large commit in the WAL, and the database file as it was', () => {
    writer.pragma('wal_checkpoint(TRUNCATE)');
    const before = fileSize();
    withoutAutoCheckpoint(writer, () => bigTransaction(writer));
    expect(fileSize()).toBe(before);
    expect(fileSize('-wal')).toBeGreaterThan(8_000_000);
    // Committed all the same: the server's connection reads it.
    expect(database.sqlite.prepare('SELECT COUNT(*) FROM filler').pluck().get()).toBe(10_000);
  });

  it('puts the automatic checkpoint back afterwards, also when the write fails', () => {
    expect(() =>
      withoutAutoCheckpoint(writer, () => {
        expect(autocheckpoint(writer)).toBe(0);
        throw new Error('merge failed');
      }),
    ).toThrow('merge failed');
    expect(autocheckpoint(writer)).toBe(1000);
  });
});

describe('checkpointAndEmptyWal', () => {
  it('moves every committed page into the database file and empties the WAL', () => {
    const before = fileSize();
    withoutAutoCheckpoint(writer, () => bigTransaction(writer));
    const result = checkpointAndEmptyWal(writer);
    expect(result.busy).toBe(false);
    expect(result.frames).toBeGreaterThan(2_000);
    expect(fileSize()).toBeGreaterThan(before + 8_000_000);
    expect(fileSize('-wal')).toBe(0);
    // The server's next write starts a fresh WAL instead of cutting down a large one.
    database.sqlite.prepare('INSERT INTO filler (text) VALUES (?)').run('after');
    expect(fileSize('-wal')).toBeLessThan(100_000);
  });
});
