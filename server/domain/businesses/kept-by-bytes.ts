// Values kept per store and data version within a number of bytes, the least recently used out first
// (decisions 0040, 0042): the matches of search texts, as rowids and as bitmaps. A write in any
// process moves the data version and empties them.
import { DataVersionMaps } from '../../../db/data-version-maps.ts';
import type { Store } from '../../../db/store/store.ts';

export class KeptByBytes<V extends { readonly byteLength: number }> {
  private readonly maps = new DataVersionMaps<V>();
  private readonly bytesKept = new WeakMap<Map<string, V>, number>();
  /** Reads under way, per store and data version like the values: on PostgreSQL a read is
   *  asynchronous, and the requests asking for the same text meanwhile (a country's 770,000 matches
   *  at 1M businesses) wait for that one read. */
  private readonly reading = new DataVersionMaps<Promise<V>>();

  /** A value over a quarter of `maxBytes` is not kept (it would push out most of the others). */
  constructor(private readonly maxBytes: number) {}

  /** The value kept under `key` at the current data version, if any (read nothing, move nothing). */
  peek(store: Store, key: string): V | undefined {
    return this.maps.current(store).get(key);
  }

  /** The value kept under `key`, or what `read` gives, kept if it was read under the version still
   *  current (PostgreSQL answers asynchronously: a write may have come meanwhile). */
  async get(store: Store, key: string, read: () => Promise<V>): Promise<V> {
    const map = this.maps.current(store);
    const hit = map.get(key);
    if (hit) {
      map.delete(key);
      map.set(key, hit); // the most recently used last
      return hit;
    }
    // Read again only on a miss (current() has just read it, with nothing awaited since).
    const version = store.dataVersion();
    const reading = this.reading.current(store);
    const underWay = reading.get(key);
    if (underWay) return underWay;
    const promise = read();
    reading.set(key, promise);
    let value: V;
    try {
      value = await promise;
    } finally {
      // Not a read of the same key started since under a newer version (the map is emptied then).
      if (reading.get(key) === promise) reading.delete(key);
    }
    if (Number.isNaN(version) || store.dataVersion() !== version || value.byteLength > this.maxBytes / 4)
      return value;
    // A map emptied by a new data version holds nothing any more.
    let bytes = (map.size === 0 ? 0 : (this.bytesKept.get(map) ?? 0)) + value.byteLength;
    map.set(key, value);
    for (const [oldest, kept] of map) {
      if (bytes <= this.maxBytes) break;
      map.delete(oldest);
      bytes -= kept.byteLength;
    }
    this.bytesKept.set(map, bytes);
    return value;
  }
}
