// Kept answers live exactly as long as the data version they were computed at.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataVersionMaps } from './data-version-maps.ts';
import { bumpDataVersion } from './stats-repository.ts';
import { createTempDatabase, type TempDatabase } from './testing/temp-database.ts';

let database: TempDatabase;
beforeEach(async () => {
  database = await createTempDatabase();
});
afterEach(async () => {
  await database.dispose();
});

describe('DataVersionMaps', () => {
  it('keeps entries until the data version moves, per connection', () => {
    const maps = new DataVersionMaps<number>();
    const { sqlite } = database;
    maps.current(sqlite).set('a', 1);
    expect(maps.current(sqlite).get('a')).toBe(1);
    bumpDataVersion(sqlite);
    expect(maps.current(sqlite).has('a')).toBe(false);
    maps.current(sqlite).set('b', 2);
    maps.forget(sqlite);
    expect(maps.current(sqlite).size).toBe(0);
  });
});
