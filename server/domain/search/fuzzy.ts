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
  const n = word.length;
  const query = new Uint16Array(n);
  for (let j = 0; j < n; j++) query[j] = word.charCodeAt(j);
  const found: FuzzyMatch[] = [];
  // One row of the table per depth of the walk, reused: the walk is depth-first, so a node's row is
  // written when it is entered and its parent's and grandparent's rows stay as they were (no array
  // or prefix string made per node: the walk runs at every keystroke's typo look-up).
  const rows: Int32Array[] = [];
  const rowAt = (depth: number): Int32Array => {
    let row = rows[depth];
    if (!row) {
      row = new Int32Array(n + 1);
      rows[depth] = row;
    }
    return row;
  };
  const first = rowAt(0);
  for (let i = 0; i <= n; i++) first[i] = i;

  // The trie node at `depth` holds the words [lo, hi), which share their first `depth` code units;
  // `letter`: the node's own last code unit (for swaps).
  const walk = (depth: number, lo: number, hi: number, letter: number): void => {
    const row = rows[depth]!;
    const above = depth > 0 ? rows[depth - 1]! : null;
    let start = lo;
    // The node's own text is a word when the range starts with it (it sorts first).
    if (sorted[lo]!.length === depth) {
      if (row[n]! <= maxEdits) found.push({ term: sorted[lo]!, distance: row[n]! });
      start = lo + 1;
    }
    const next = rowAt(depth + 1);
    let i = start;
    while (i < hi) {
      const child = sorted[i]!.charCodeAt(depth);
      const end = endOfChild(sorted, depth, child, i, hi);
      next[0] = depth + 1;
      let best = next[0]!;
      for (let j = 1; j <= n; j++) {
        const cost = query[j - 1] === child ? 0 : 1;
        let value = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + cost);
        if (above && j > 1 && query[j - 1] === letter && query[j - 2] === child)
          value = Math.min(value, above[j - 2]! + 1);
        next[j] = value;
        if (value < best) best = value;
      }
      if (best <= maxEdits) walk(depth + 1, i, end, child);
      i = end;
    }
  };
  walk(0, 0, sorted.length, -1);
  return found.sort((a, b) => a.distance - b.distance || (a.term < b.term ? -1 : 1));
}

/** The end of the words of [lo, hi) whose code unit at `depth` is `child` (the range's words share
 *  their first `depth` units and are longer than `depth`, so that unit ascends through the range). */
function endOfChild(sorted: readonly string[], depth: number, child: number, lo: number, hi: number): number {
  let low = lo;
  let high = hi;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]!.charCodeAt(depth) === child) low = mid + 1;
    else high = mid;
  }
  return low;
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
