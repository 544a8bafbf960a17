// A large grid of coordinates on a SQLite file is read and sorted on a thread of its own (decision
// 0040's later note, 0056): the same grid as the slices read on the event loop, the first slice still
// read on the loop, the slices going on from there when the thread fails, one thread per store.
import { beforeAll, describe, expect, it } from 'vitest';
import type { PointGrid } from '../../../db/geo/point-grid.ts';
import { PointGridReader } from '../../../db/geo/point-grid-reader.ts';
import type { Store } from '../../../db/store/store.ts';
import { replaceBusinesses } from '../../http/admin-data/testing/replace-businesses.ts';
import { testStoresForFile } from '../testing/test-stores-for-file.ts';
import { gridThreadFor } from './point-grid-thread.ts';
import { businessRecord } from './testing/business-records.ts';

const opened = testStoresForFile();
const SLICE = 40;

/** 300 businesses over the globe, every seventh with no coordinates, one out of range. */
function records() {
  return Array.from({ length: 300 }, (_, k) =>
    businessRecord(k + 1, {
      latitude: k % 7 === 3 ? null : k === 11 ? 123 : -80 + ((k * 37) % 160),
      longitude: k % 7 === 3 ? null : -170 + ((k * 53) % 340),
      rating: 1 + (k % 40) / 10,
      review_count: k * 3,
    }),
  );
}

async function readAll(reader: PointGridReader): Promise<PointGrid> {
  while (!(await reader.read()));
  return reader.grid();
}

const columnsOf = (grid: PointGrid) => grid.columns().map((column) => [...column]);

describe('the grid of coordinates on a thread of its own (SQLite file)', () => {
  let store: Store;
  let onLoop: PointGrid;
  beforeAll(async () => {
    store = opened.sqlite.store;
    await replaceBusinesses(store, records());
    onLoop = await readAll(new PointGridReader(store, SLICE));
  });

  it('reads the same grid as the slices on the event loop', async () => {
    expect(onLoop.size).toBe(300 - 43 - 1);
    const whole = gridThreadFor(store)!;
    expect(columnsOf(await whole(300))).toEqual(columnsOf(onLoop));
    expect(columnsOf(await whole(0))).toEqual(columnsOf(onLoop)); // columns grown as rows come
  });

  it('reads the first slice on the loop and the rest on the thread', async () => {
    const asked: number[] = [];
    const whole = gridThreadFor(store)!;
    const reader = new PointGridReader(store, SLICE, (expected) => {
      asked.push(expected);
      return whole(expected);
    });
    expect(await reader.read()).toBe(false);
    expect(asked).toEqual([]);
    expect(await reader.read()).toBe(true);
    expect(asked).toEqual([300]);
    expect(columnsOf(reader.grid())).toEqual(columnsOf(onLoop));
  });

  it('goes on in slices when the thread fails', async () => {
    let asked = 0;
    const reader = new PointGridReader(store, SLICE, () => {
      asked++;
      return Promise.reject(new Error('no thread'));
    });
    expect(columnsOf(await readAll(reader))).toEqual(columnsOf(onLoop));
    expect(asked).toBe(1);
  });

  it('reads a directory of one slice at once, with no thread', async () => {
    let asked = 0;
    const reader = new PointGridReader(store, 1_000, () => {
      asked++;
      return Promise.reject(new Error('not wanted'));
    });
    expect(await reader.read()).toBe(true);
    expect(columnsOf(reader.grid())).toEqual(columnsOf(onLoop));
    expect(asked).toBe(0);
  });

  it('runs one thread per store: a read asked for while one runs stops the one running', async () => {
    const whole = gridThreadFor(store)!;
    const stale = whole(300);
    const current = whole(300);
    await expect(stale).rejects.toThrow(/without a grid/);
    expect(columnsOf(await current)).toEqual(columnsOf(onLoop));
  });

  it('is not used on PostgreSQL', () => {
    expect(gridThreadFor(opened.postgres.store)).toBeUndefined();
  });
});
