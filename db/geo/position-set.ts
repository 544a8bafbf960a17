// A set of a grid's points by their positions in it (the matches of search words), with the number
// of members before each 32-position word: how many members lie in a run of positions — a run of
// cells wholly inside a circle — is two look-ups and two population counts, not a test of every
// point (decision 0045). 8 bytes per 32 positions: 250 KB for a grid of a million points.

export class PositionSet {
  private readonly bits: Uint32Array;
  /** Members in bits[0, w) for each word w (one more entry than words). */
  private readonly before: Uint32Array;

  /** The set of these positions (of a grid of `size` points). */
  constructor(size: number, eachPosition: (visit: (position: number) => void) => void) {
    const words = (size >>> 5) + 1;
    this.bits = new Uint32Array(words);
    const bits = this.bits;
    eachPosition((position) => {
      bits[position >>> 5]! |= 1 << (position & 31);
    });
    this.before = new Uint32Array(words + 1);
    for (let w = 0; w < words; w++) this.before[w + 1] = this.before[w]! + popcount(bits[w]!);
  }

  get byteLength(): number {
    return this.bits.byteLength + this.before.byteLength;
  }

  has(position: number): boolean {
    return ((this.bits[position >>> 5]! >>> (position & 31)) & 1) === 1;
  }

  /** Members in positions [from, to). */
  countIn(from: number, to: number): number {
    return to <= from ? 0 : this.rank(to) - this.rank(from);
  }

  /** Members before `position`. */
  private rank(position: number): number {
    const word = position >>> 5;
    const within = position & 31;
    if (within === 0) return this.before[word]!;
    return this.before[word]! + popcount(this.bits[word]! & ((1 << within) - 1));
  }
}

/** Set bits of a 32-bit word (the SWAR count). */
function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
