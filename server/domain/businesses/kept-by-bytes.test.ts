// Values kept within a byte bound per data version: the least recently used out first, nothing over
// a quarter of the bound, nothing read while the version moved, everything gone with a new version.
import { describe, expect, it } from 'vitest';
import type { Store } from '../../../db/store/store.ts';
import { KeptByBytes } from './kept-by-bytes.ts';

function versionedStore() {
  const state = { version: 1 };
  const store = { dialect: 'sqlite', dataVersion: () => state.version } as unknown as Store;
  return { store, state };
}

describe('KeptByBytes', () => {
  it('keeps within its bytes, the least recently used out first', async () => {
    const { store } = versionedStore();
    const kept = new KeptByBytes<Uint8Array>(100);
    let reads = 0;
    const get = (key: string, size: number) =>
      kept.get(store, key, async () => {
        reads++;
        return new Uint8Array(size);
      });
    await get('a', 20);
    await get('b', 20);
    await get('c', 20);
    await get('a', 20); // a is now the most recently used
    await get('d', 20);
    await get('e', 20); // 100 bytes: all five fit
    expect(reads).toBe(5);
    await get('f', 20); // 120: b, the least recently used, goes
    await get('a', 20);
    expect(reads).toBe(6);
    await get('b', 20);
    expect(reads).toBe(7);
    await get('big', 26); // over a quarter of the bound: read each time
    await get('big', 26);
    expect(reads).toBe(9);
  });

  it('forgets everything at a new data version, and keeps nothing read across one', async () => {
    const { store, state } = versionedStore();
    const kept = new KeptByBytes<Uint8Array>(100);
    let reads = 0;
    const read = async () => {
      reads++;
      return new Uint8Array(10);
    };
    await kept.get(store, 'a', read);
    state.version = 2;
    await kept.get(store, 'a', read);
    expect(reads).toBe(2);
    await kept.get(store, 'b', async () => {
      state.version = 3; // a write while it was read
      return read();
    });
    await kept.get(store, 'b', read);
    expect(reads).toBe(4);
  });

  it('reads a key once while a read of it is under way', async () => {
    const { store, state } = versionedStore();
    const kept = new KeptByBytes<Uint8Array>(100);
    let reads = 0;
    const waiting: (() => void)[] = [];
    const finish = () => {
      for (const resolve of waiting.splice(0)) resolve();
    };
    const read = async () => {
      reads++;
      await new Promise<void>((resolve) => waiting.push(resolve));
      return new Uint8Array(10);
    };
    const first = kept.get(store, 'a', read);
    const second = kept.get(store, 'a', read);
    finish();
    expect(await second).toBe(await first);
    expect(reads).toBe(1);
    // Under a new data version, a read of its own.
    const third = kept.get(store, 'b', read);
    state.version = 2;
    const fourth = kept.get(store, 'b', read);
    expect(reads).toBe(3);
    finish();
    await Promise.all([third, fourth]);
  });
});
