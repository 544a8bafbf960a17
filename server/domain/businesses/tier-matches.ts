// The matches of a search text (their business ids, in the index's order), kept per store and data
// version while they fit in TIER_MATCHES_BYTES, the least recently used out (decision 0042). The texts
// that cost most to read are the broadest — a country, a state, "restaurant" — and they come back:
// "usa", "united states" and "america" with any filter are one text to the index; reading the
// 770,000 matches of the United States costs ~130 ms at 1M businesses, walking them here ~10.
import { readMatchIds } from '../../../db/discovery-repository.ts';
import type { Store } from '../../../db/store/store.ts';
import { KeptByBytes } from './kept-by-bytes.ts';

/** What one store's kept matches may take (4 bytes a match: 8 million matches). */
export const TIER_MATCHES_BYTES = 32 * 1024 * 1024;

const kept = new KeptByBytes<Uint32Array>(TIER_MATCHES_BYTES);

export function matchIdsOf(store: Store, text: string): Promise<Uint32Array> {
  return kept.get(store, text, () => readMatchIds(store, text));
}
