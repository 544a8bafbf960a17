// The matches of a search text (its index rowids, in the index's order), kept per store and data
// version while they fit in TIER_MATCHES_BYTES, the least recently used out (decision 0042). The texts
// that cost most to read are the broadest — a country, a state, "restaurant" — and they come back:
// "usa", "united states" and "america" with any filter are one text to the index; reading the
// 700,000 rowids of the United States costs ~250 ms at 1M businesses, walking them here ~10.
import { DataVersionMaps } from '../../../db/data-version-maps.ts';
import { readMatchRowids } from '../../../db/discovery-repository.ts';
import type { Store } from '../../../db/store/store.ts';

/** What one store's kept matches may take (8 bytes a match). */
export const TIER_MATCHES_BYTES = 48 * 1024 * 1024;

const kept = new DataVersionMaps<Float64Array>();
const bytesKept = new WeakMap<Map<string, Float64Array>, number>();

export async function matchRowidsOf(store: Store, text: string): Promise<Float64Array> {
  const version = store.dataVersion();
  const map = kept.current(store);
  const hit = map.get(text);
  if (hit) {
    map.delete(text);
    map.set(text, hit); // the most recently used last
    return hit;
  }
  const rowids = Float64Array.from(await readMatchRowids(store, text));
  // Read under another version (PostgreSQL answers asynchronously): good for this answer only.
  if (Number.isNaN(version) || store.dataVersion() !== version || rowids.byteLength > TIER_MATCHES_BYTES / 4)
    return rowids;
  // A map emptied by a new data version holds nothing any more.
  let bytes = (map.size === 0 ? 0 : (bytesKept.get(map) ?? 0)) + rowids.byteLength;
  map.set(text, rowids);
  for (const [oldest, value] of map) {
    if (bytes <= TIER_MATCHES_BYTES) break;
    map.delete(oldest);
    bytes -= value.byteLength;
  }
  bytesKept.set(map, bytes);
  return rowids;
}
