// The match sets of the commonest service words, read in the background once per data version after
// the first search near a point (decision 0054), as a search engine warms a new index's caches with
// its common queries before visitors reach it (Lucene's searcher warmers). A word's matches near a
// point are walked on the grid of coordinates from a bitmap of them (decision 0040), read the first
// time the word is asked for: at 1M businesses "restaurant" (235,355 matches) costs 25–75 ms, which
// the visitor who asks waits for and every request behind it on the process too — after every write
// (a new data version empties them). Rarer words cost a few milliseconds and are read when asked.
import { DataVersionMaps } from '../../../db/data-version-maps.ts';
import { yieldToEventLoop } from '../../../db/event-loop.ts';
import { searchIndexOf } from '../../../db/search/search-index.ts';
import type { Store } from '../../../db/store/store.ts';
import { matchSetOf } from '../businesses/match-sets.ts';
import { pointGridReady } from '../businesses/point-grids.ts';
import { planQuery } from './query-plan.ts';
import { type SearchContext, searchContext } from './search-context.ts';

/** A category word whose search matches at least this share of the businesses has its set read
 *  ahead: at 1M businesses 10,000 matches, ~1–3 ms to read (restaurant's 235,355: 25–75 ms). */
export const WARM_WORD_SHARE = 0.01;
/** At most this many words, the commonest: a set is 125 KB at 1M businesses, its grid positions 250,
 *  its ids 4 bytes a match (64 words of 30,000 matches: ~32 MB a process). */
export const WARM_WORDS = 64;

const warmings = new DataVersionMaps<Promise<void>>();

/** Starts reading the common words' sets of the store's current data, unless that has begun. */
export function warmServiceWords(store: Store): void {
  const map = warmings.current(store);
  if (map.has('')) return;
  const warming = warm(store);
  map.set('', warming);
  warming.catch(() => undefined); // a set that failed is read when a search asks for it
}

/** The reading of the current data's sets, once begun (tests and benchmarks wait for it). */
export function serviceWordsWarming(store: Store): Promise<void> | undefined {
  return warmings.current(store).get('');
}

async function warm(store: Store): Promise<void> {
  const version = store.dataVersion();
  if (Number.isNaN(version)) return; // nothing would tell these sets were stale
  // After the grid, which is read in the background too, and which the words' positions are in.
  const grid = await pointGridReady(store);
  const context = await searchContext(store);
  const index = searchIndexOf(store);
  const least = Math.max(1, Math.ceil(directorySize(context) * WARM_WORD_SHARE));
  let warmed = 0;
  for (const word of serviceWordsByUse(context)) {
    if (warmed === WARM_WORDS) return;
    // One word at a time, the requests that came meanwhile answered between two.
    await yieldToEventLoop();
    if (store.dataVersion() !== version) return; // written meanwhile: the next near search begins again
    // The text a search for the word near a point reads its matches with (search.ts's conditions).
    const every = planQuery(context, { q: word }).every;
    // Counted up to the share only (a word's synonyms and forms can match many more than its docs).
    if (!every || (await index.countMatching(every, least)) < least) continue;
    const set = await matchSetOf(store, index.queryText(every));
    grid?.membersOf(set);
    warmed++;
  }
}

/** Every business is in one category: their counts add up to the directory. */
const directorySize = (context: SearchContext) =>
  context.categories.reduce((sum, category) => sum + category.count, 0);

/** The words of the categories, the most used in names and categories first. */
export function serviceWordsByUse(context: SearchContext): string[] {
  const docs = new Map<string, number>();
  for (const category of context.categories)
    for (const word of category.words) docs.set(word, context.wordDocs.get(word) ?? 0);
  return [...docs].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1)).map(([word]) => word);
}
