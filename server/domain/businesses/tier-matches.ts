// The matches of a search text (its index rowids, in the index's order), kept per store and data
// version while they fit in TIER_MATCHES_BYTES, the least recently used out (decision 0042). The texts
// that cost most to read are the broadest — a country, a state, "restaurant" — and they come back:
// "usa", "united states" and "america" with any filter are one text to the index; reading the
// 700,000 rowids of the United States costs ~250 ms at 1M businesses, walking them here ~10.
import { readMatchRowids } from '../../../db/discovery-repository.ts';
import type { Store } from '../../../db/store/store.ts';
import { KeptByBytes } from './kept-by-bytes.ts';

/** What one store's kept matches may take (8 bytes a match). */
export const TIER_MATCHES_BYTES = 48 * 1024 * 1024;

const kept = new KeptByBytes<Float64Array>(TIER_MATCHES_BYTES);

export function matchRowidsOf(store: Store, text: string): Promise<Float64Array> {
  return kept.get(store, text, async () => Float64Array.from(await readMatchRowids(store, text)));
}
