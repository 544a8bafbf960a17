// Typo tolerance: the words of a sorted vocabulary within a few edits of a query word, where an edit
// is an insertion, a deletion, a substitution or a swap of two neighbouring letters (optimal string
// alignment distance, the rule Typesense and Meilisearch use). The vocabulary is walked as the trie
// its sorted order implies: each prefix extends one row of the edit-distance table, and a prefix
// whose row has nothing within the bound is not followed. Only a few thousand prefixes are visited
// for a 300,000-word vocabulary, without building a trie in memory.

/** How many edits a query word may be from an index word: none under 5 letters, one from 5, two from 9. */
export function allowedEdits(word: string): number {
  const length = [...word].length;
  if (length >= 9) return 2;
  if (length >= 5) return 1;
  return 0;
}

export interface FuzzyMatch {
  term: string;
  distance: number;
}

/** Words of `sorted` (ascending, distinct, folded) within `maxEdits` of `word`, nearest first. */
export function fuzzyMatches(sorted: readonly string[], word: string, maxEdits: number): FuzzyMatch[] {
  if (maxEdits <= 0 || sorted.length === 0) return [];
  const query = word;
  const n = query.length;
  const found: FuzzyMatch[] = [];
  const first = new Array<number>(n + 1);
  for (let i = 0; i <= n; i++) first[i] = i;

  // prefix: the trie node's text; [lo, hi): the words starting with it; row: distances of prefix
  // against every prefix of the query; above: the row of the prefix one letter shorter (for swaps).
  const walk = (prefix: string, lo: number, hi: number, row: number[], above: number[] | null): void => {
    const depth = prefix.length;
    let start = lo;
    if (sorted[lo] === prefix) {
      if (row[n]! <= maxEdits) found.push({ term: prefix, distance: row[n]! });
      start = lo + 1;
    }
    let i = start;
    while (i < hi) {
      const letter = sorted[i]![depth]!;
      const childPrefix = prefix + letter;
      const end = upperBound(sorted, childPrefix, i, hi);
      const next = new Array<number>(n + 1);
      next[0] = depth + 1;
      let best = next[0];
      for (let j = 1; j <= n; j++) {
        const cost = query[j - 1] === letter ? 0 : 1;
        let value = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + cost);
        if (above && j > 1 && query[j - 1] === prefix[depth - 1] && query[j - 2] === letter)
          value = Math.min(value, above[j - 2]! + 1);
        next[j] = value;
        if (value < best) best = value;
      }
      if (best <= maxEdits) walk(childPrefix, i, end, next, row);
      i = end;
    }
  };
  walk('', 0, sorted.length, first, null);
  return found.sort((a, b) => a.distance - b.distance || (a.term < b.term ? -1 : 1));
}

/** First index in [lo, hi) whose word does not start with `prefix` (the words that do are contiguous). */
function upperBound(sorted: readonly string[], prefix: string, lo: number, hi: number): number {
  let low = lo;
  let high = hi;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]!.startsWith(prefix)) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** First index whose word is ≥ `prefix`, then the end of the words starting with it. */
export function prefixRange(sorted: readonly string[], prefix: string): [number, number] {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < prefix) low = mid + 1;
    else high = mid;
  }
  return [low, upperBound(sorted, prefix, low, sorted.length)];
}
