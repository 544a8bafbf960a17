// What a filtered search keeps of its matches as they go by (db/business-facts.ts collect): their count
// and only the matches a page can show — at most TEXT_PAGE_DEPTH of them, where a country's search
// meets 330,000 at 1M businesses. Collecting every match and sorting them all took ~100 ms of the
// server's thread there (a 330,000-entry sort, then one with a comparator over the ties); choosing
// the best as they come takes one comparison for most matches. Matches come tier by tier, each tier
// in the index's order, so the order they come in is relevance: the tie-break of every order.
import type { BusinessFacts, MatchSink } from '../../../db/business-facts.ts';

/** The first `wanted` matches in the order they come (relevance), and how many came. */
export class FirstMatches implements MatchSink {
  readonly ids: number[] = [];
  count = 0;

  constructor(private readonly wanted: number) {}

  add(id: number): void {
    this.count++;
    if (this.ids.length < this.wanted) this.ids.push(id);
  }
}

/**
 * The best `wanted` matches by rating then reviews (or reviews then rating), ties in the order they
 * came, and how many came: a heap of the best so far whose root is the worst of them, so a match
 * worse than it costs one comparison.
 */
export class BestMatches implements MatchSink {
  count = 0;
  private size = 0;
  private readonly firsts: Float64Array;
  private readonly seconds: Float64Array;
  /** Ids and the order they came in (the tie-break), by heap position. */
  private readonly ids: Float64Array;
  private readonly arrivals: Float64Array;

  constructor(
    private readonly facts: BusinessFacts,
    private readonly sort: 'rating' | 'reviews',
    private readonly wanted: number,
  ) {
    this.firsts = new Float64Array(wanted);
    this.seconds = new Float64Array(wanted);
    this.ids = new Float64Array(wanted);
    this.arrivals = new Float64Array(wanted);
  }

  add(id: number): void {
    const arrival = this.count++;
    if (this.wanted === 0) return;
    const byRating = this.sort === 'rating';
    const first = byRating ? this.facts.rating(id) : this.facts.reviewCount(id);
    if (this.size === this.wanted) {
      // Full: a match no better than the worst kept (equal keys: it came later) is not kept.
      if (first < this.firsts[0]!) return;
      const second = byRating ? this.facts.reviewCount(id) : this.facts.rating(id);
      if (first === this.firsts[0]! && second <= this.seconds[0]!) return;
      this.place(0, first, second, id, arrival);
      this.siftDown(0);
      return;
    }
    const second = byRating ? this.facts.reviewCount(id) : this.facts.rating(id);
    this.place(this.size, first, second, id, arrival);
    this.siftUp(this.size++);
  }

  /** The ids kept, best first. */
  best(): number[] {
    const order = Array.from({ length: this.size }, (_, i) => i);
    order.sort((a, b) => (this.worse(a, b) ? 1 : this.worse(b, a) ? -1 : 0));
    return order.map((i) => this.ids[i]!);
  }

  private worse(a: number, b: number): boolean {
    const { firsts, seconds } = this;
    if (firsts[a] !== firsts[b]) return firsts[a]! < firsts[b]!;
    if (seconds[a] !== seconds[b]) return seconds[a]! < seconds[b]!;
    return this.arrivals[a]! > this.arrivals[b]!;
  }

  private place(at: number, first: number, second: number, id: number, arrival: number): void {
    this.firsts[at] = first;
    this.seconds[at] = second;
    this.ids[at] = id;
    this.arrivals[at] = arrival;
  }

  private swap(a: number, b: number): void {
    for (const column of [this.firsts, this.seconds, this.ids, this.arrivals]) {
      const kept = column[a]!;
      column[a] = column[b]!;
      column[b] = kept;
    }
  }

  private siftUp(at: number): void {
    while (at > 0) {
      const parent = (at - 1) >>> 1;
      if (!this.worse(at, parent)) return;
      this.swap(at, parent);
      at = parent;
    }
  }

  private siftDown(at: number): void {
    for (;;) {
      const left = 2 * at + 1;
      if (left >= this.size) return;
      const right = left + 1;
      const child = right < this.size && this.worse(right, left) ? right : left;
      if (!this.worse(child, at)) return;
      this.swap(child, at);
      at = child;
    }
  }
}
