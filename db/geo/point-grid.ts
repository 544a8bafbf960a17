// Every business's coordinates in memory, sorted by the cell of a fixed latitude/longitude grid
// (decision 0040): "how many within r km of a point" and "the nearest n" without reading a row. The
// R*Tree (or PostgreSQL's GiST index) must visit every business within the radius to count them —
// 113,563 within 10 km of a point in Manhattan at 1M businesses, 35 ms — while here the cells wholly
// inside the circle are counted by two binary searches per grid row and only the points of the cells
// on its edge are measured.
//
// Distances are the haversine of the answers (Earth radius 6371 km) on the rows' own coordinates, as
// on PostgreSQL; ties are broken by rank (rank_score descending, then id), as the SQL lists are.

import { PositionSet } from './position-set.ts';
import { boxAround, haversineKm, WithinRadius } from './sphere.ts';

/** The grid's cell size in degrees (~550 m of latitude): small enough that the ring of edge cells
 *  holds few points, large enough that a 100 km circle spans a few hundred rows. */
const CELL_DEG = 0.005;
const ROWS = Math.round(180 / CELL_DEG);
const COLUMNS = Math.round(360 / CELL_DEG);
/** Beyond this latitude (or when the box crosses ±180°) the cheap inside test is not sound: every
 *  point of the box's rows is measured instead. */
const SAFE_LATITUDE = 80;
/** Past this many ids per point, membersOf tests every point instead of keeping each id's position. */
const SPARSE_IDS = 4;

export interface GridPoint {
  id: number;
  lat: number;
  lng: number;
  /** The business's rank_score: among equal distances, the higher first. */
  rank: number;
}

/** Which businesses a question is about (the matches of search words, say): a test by id, or the
 *  grid's own set of their positions (membersOf), which counts the runs of inside cells at once. */
export type Only = ((id: number) => boolean) | PositionSet;

/** A set of business ids (a word's matches: server/domain/businesses/match-sets.ts). */
export interface IdSet {
  has(id: number): boolean;
  /** Calls `visit` with each id it holds. */
  forEachId(visit: (id: number) => void): void;
}

export interface NearPoint {
  id: number;
  distanceKm: number;
}

/** A point found within a circle, with its position in the grid (its rank is read from there). */
type Found = NearPoint & { position: number };

/** A circle whose cells hold at most this many points is measured whole rather than counted
 *  (nearest()): measuring them once costs less than counting its edge cells again at each step. */
const GATHERED_POINTS = 4_096;

const rowOf = (lat: number) => Math.min(ROWS - 1, Math.max(0, Math.floor((lat + 90) / CELL_DEG)));
const columnOf = (lng: number) => Math.min(COLUMNS - 1, Math.max(0, Math.floor((lng + 180) / CELL_DEG)));
const rowEdge = (row: number) => row * CELL_DEG - 90;
const columnEdge = (column: number) => column * CELL_DEG - 180;

/** The grid rows and columns of the box around a circle; `wraps` when it reaches past SAFE_LATITUDE or
 *  crosses the antimeridian (then every column of its rows). */
function boxOf(lat: number, lng: number, radiusKm: number) {
  const box = boxAround({ lat, lng }, radiusKm);
  const wraps =
    (box.minLng === -180 && box.maxLng === 180) || Math.max(-box.minLat, box.maxLat) > SAFE_LATITUDE;
  return {
    minRow: rowOf(box.minLat),
    maxRow: rowOf(box.maxLat),
    minColumn: wraps ? 0 : columnOf(box.minLng),
    maxColumn: wraps ? COLUMNS - 1 : columnOf(box.maxLng),
    wraps,
  };
}

/** The k-th smallest of the values (from 0), partly reordering them: Hoare's selection, O(n) — a
 *  typed array's own sort of the ~200 values measured for a page took a third of nearest(). */
export function kthSmallest(values: Float64Array, k: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const pivot = values[(low + high) >>> 1]!;
    let i = low;
    let j = high;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const swap = values[i]!;
        values[i++] = values[j]!;
        values[j--] = swap;
      }
    }
    if (k <= j) high = j;
    else if (k >= i) low = i;
    else return values[k]!;
  }
  return values[k]!;
}

export class PointGrid {
  /** Sorted by cell; within a cell in no particular order. */
  private readonly cells: Uint32Array;
  private readonly ids: Float64Array;
  private readonly lats: Float64Array;
  private readonly lngs: Float64Array;
  private readonly ranks: Float64Array;
  /** Each id's position (made the first time membersOf needs it; null: the ids are too sparse). */
  private positionOfId: Uint32Array | null | undefined;
  /** membersOf's sets, each kept while the set of ids it was made from (a word's matches) lives. */
  private readonly members = new WeakMap<IdSet, PositionSet>();
  /** What insideColumns found, in fields rather than a new object per row of cells: a near answer
   *  asks it ~140 times, and those objects and its closure were 25 of the answer's ~220 KB. */
  private insideFirst = 0;
  private insideLast = 0;
  /** What measure() found: positions and their h, kept between questions and grown as needed (to
   *  the most points a circle has held, 12 bytes each: ~1.5 MB after a 10 km circle in Manhattan). */
  private measuredPositions = new Uint32Array(256);
  private measuredH = new Float64Array(256);
  /** What reaches found, in fields for the same reason. */
  private reachFirst = 0;
  private reachLast = 0;

  private constructor(
    cells: Uint32Array,
    ids: Float64Array,
    lats: Float64Array,
    lngs: Float64Array,
    ranks: Float64Array,
  ) {
    this.cells = cells;
    this.ids = ids;
    this.lats = lats;
    this.lngs = lngs;
    this.ranks = ranks;
  }

  /** The grid of these points (columns of equal length), sorted by cell with a two-pass radix sort
   *  (a comparison sort of a million takes ~10× longer). */
  static build(ids: Float64Array, lats: Float64Array, lngs: Float64Array, ranks: Float64Array): PointGrid {
    const builder = new PointGridBuilder(ids, lats, lngs, ranks);
    for (let built = false; !built; ) built = builder.next();
    return builder.grid();
  }

  /** A grid from columns already sorted by cell (PointGridBuilder). */
  static sorted(
    cells: Uint32Array,
    ids: Float64Array,
    lats: Float64Array,
    lngs: Float64Array,
    ranks: Float64Array,
  ): PointGrid {
    return new PointGrid(cells, ids, lats, lngs, ranks);
  }

  get size(): number {
    return this.ids.length;
  }

  /** The columns, in the order PointGrid.sorted takes them (to hand a grid built on another thread). */
  columns(): [Uint32Array, Float64Array, Float64Array, Float64Array, Float64Array] {
    return [this.cells, this.ids, this.lats, this.lngs, this.ranks];
  }

  /** Bytes held (the columns, and each id's position once membersOf has needed it). */
  get bytes(): number {
    return this.ids.length * (4 + 8 * 4) + (this.positionOfId?.byteLength ?? 0);
  }

  /** How many points lie within radiusKm of the point (inclusive); with `only`, of those it accepts.
   *  With `enough`, the count may stop as soon as it reaches that many (nearest() only asks whether a
   *  circle holds a page: in a dense city a common word's circle holds thousands). */
  countWithin(
    lat: number,
    lng: number,
    radiusKm: number,
    only?: Only,
    enough = Number.POSITIVE_INFINITY,
  ): number {
    const box = boxOf(lat, lng, radiusKm);
    const near = new WithinRadius(lat, lng, radiusKm);
    let count = 0;
    // Rows come in the order of their cells: each row's points are searched for after the last's.
    let after = 0;
    for (let row = box.minRow; row <= box.maxRow && count < enough; row++) {
      if (!this.reaches(row, lng, near, box)) continue;
      const base = row * COLUMNS;
      const start = this.lowerBound(base + this.reachFirst, after);
      const end = this.lowerBound(base + this.reachLast + 1, start);
      after = end;
      if (start === end) continue;
      if (box.wraps || !this.insideColumns(row, lng, near, box)) {
        count += this.countMeasured(start, end, near, only);
        continue;
      }
      const from = this.lowerBound(base + this.insideFirst, start, end);
      const to = this.lowerBound(base + this.insideLast + 1, from, end);
      count += this.countMeasured(start, from, near, only);
      if (!only) count += to - from;
      else if (only instanceof PositionSet) count += only.countIn(from, to);
      else for (let p = from; p < to && count < enough; p++) if (only(this.ids[p]!)) count++;
      count += this.countMeasured(to, end, near, only);
    }
    return count;
  }

  /**
   * The points within radiusKm (with `only`, those it accepts), nearest first, from `offset`, at most
   * `limit`. Equal distances: higher rank, then lower id — or, with `tie`, its smaller key (the search
   * index's rowid orders a search's matches). Smaller circles are tried first: when one holds the
   * whole page, no point outside it can be nearer.
   */
  nearest(
    lat: number,
    lng: number,
    radiusKm: number,
    limit: number,
    offset = 0,
    { only, tie }: { only?: Only; tie?: (rank: number, id: number) => number } = {},
  ): NearPoint[] {
    const wanted = offset + limit;
    const holds = (km: number) => this.countWithin(lat, lng, km, only, wanted) >= wanted;
    // The smallest circle holding the page, doubling from 200 m. While a circle's cells hold few
    // points, they are measured once and kept (a circle of a few cells is all edge: counting it
    // measures the same points again at each step). A circle whose cells hold many is counted
    // instead (cheap: its inside cells are not measured), and once one holds the page the last
    // step is halved a few times, so that the circle measured and ordered holds little more than
    // the page (a point 2 km from a dense centre: 13,728 businesses within 3.2 km, none within 1.6).
    let outer = Math.min(0.2, radiusKm);
    let inner = 0;
    let measured = -1;
    for (;;) {
      if (this.pointsInReach(lat, lng, outer) <= GATHERED_POINTS) {
        const count = this.measure(lat, lng, outer, only);
        if (count >= wanted || outer >= radiusKm) {
          measured = count;
          break;
        }
      } else if (holds(outer)) break;
      else if (outer >= radiusKm) break;
      [inner, outer] = [outer, Math.min(outer * 2, radiusKm)];
    }
    if (measured < 0) {
      if (outer < radiusKm || holds(outer))
        for (let step = 0; step < 8 && outer - inner > 0.01; step++) {
          const middle = (inner + outer) / 2;
          if (holds(middle)) outer = middle;
          else inner = middle;
        }
      measured = this.measure(lat, lng, outer, only);
    }
    // Only the page's nearest are ordered: those whose h is at most the wanted-th smallest (a
    // smaller h is never a greater distance; the margin keeps an h whose distance rounds to the
    // same). ~200 points are measured for a page of 20.
    let hMost = Number.POSITIVE_INFINITY;
    if (measured > wanted) {
      const values = this.measuredH.slice(0, measured);
      hMost = kthSmallest(values, wanted - 1) * (1 + 1e-12);
    }
    const found = this.foundOf(lat, lng, measured, hMost);
    const ranks = this.ranks;
    found.sort(
      tie
        ? (a, b) =>
            a.distanceKm - b.distanceKm || tie(ranks[a.position]!, a.id) - tie(ranks[b.position]!, b.id)
        : (a, b) => a.distanceKm - b.distanceKm || ranks[b.position]! - ranks[a.position]! || a.id - b.id,
    );
    return found.slice(offset, wanted).map(({ id, distanceKm }) => ({ id, distanceKm }));
  }

  /** The positions of a set of businesses' points (ids not in the grid are left out), kept while the
   *  set lives: a word's matches are asked near many points. Made through each id's position from
   *  the ids the set holds, or — when the ids are sparse (a table whose ids grew far past its size
   *  through imports and deletions), so that an array by id would be too large — by testing every
   *  point. */
  membersOf(matches: IdSet): PositionSet {
    let set = this.members.get(matches);
    if (!set) {
      const positionOf = this.positions();
      const ids = this.ids;
      set = positionOf
        ? new PositionSet(ids.length, (visit) =>
            matches.forEachId((id) => {
              const position = id < positionOf.length ? positionOf[id]! : 0;
              if (position > 0) visit(position - 1);
            }),
          )
        : new PositionSet(ids.length, (visit) => {
            for (let p = 0; p < ids.length; p++) if (matches.has(ids[p]!)) visit(p);
          });
      this.members.set(matches, set);
    }
    return set;
  }

  /** Each id's position plus one (0: no point), by id; undefined when the largest id is more than
   *  SPARSE_IDS times the number of points (4 bytes an id would then outweigh the grid itself). */
  private positions(): Uint32Array | undefined {
    if (this.positionOfId === undefined) {
      let largest = 0;
      for (const id of this.ids) largest = Math.max(largest, id);
      if (largest > SPARSE_IDS * this.ids.length + 1024) this.positionOfId = null;
      else {
        const positionOf = new Uint32Array(largest + 1);
        for (let p = 0; p < this.ids.length; p++) positionOf[this.ids[p]!] = p + 1;
        this.positionOfId = positionOf;
      }
    }
    return this.positionOfId ?? undefined;
  }

  /** The points within radiusKm, best ranked first (rank descending, then id: the order of the lists
   *  without search words), from `offset`, at most `limit`. */
  bestRanked(lat: number, lng: number, radiusKm: number, limit: number, offset = 0): NearPoint[] {
    return this.bestBy(lat, lng, radiusKm, limit, offset);
  }

  /**
   * The points within radiusKm, by `first` of their id descending, then `second` descending, then rank
   * descending, then id (without `first`: by rank, then id), from `offset`, at most `limit`: the
   * lists sorted by rating or by reviews. Only the points whose first key is at least the page's last
   * (Hoare's selection) get a distance and are ordered: a 10 km circle in Manhattan holds 113,563,
   * and ordering them all took ~65 ms in one block.
   */
  bestBy(
    lat: number,
    lng: number,
    radiusKm: number,
    limit: number,
    offset = 0,
    first?: (id: number) => number,
    second?: (id: number) => number,
  ): NearPoint[] {
    const wanted = offset + limit;
    const measured = this.measure(lat, lng, radiusKm);
    const ids = this.ids;
    const ranks = this.ranks;
    const keyOf = first
      ? (position: number) => first(ids[position]!)
      : (position: number) => ranks[position]!;
    let least = Number.NEGATIVE_INFINITY;
    // Among the points whose first key is the page's last, the page's least second key: a common
    // rating (5.0) is shared by thousands of a dense circle's businesses.
    let leastSecond = Number.NEGATIVE_INFINITY;
    if (measured > wanted) {
      const negated = new Float64Array(measured);
      for (let i = 0; i < measured; i++) negated[i] = -keyOf(this.measuredPositions[i]!);
      least = -kthSmallest(negated, wanted - 1);
      if (second) {
        let above = 0;
        const tied: number[] = [];
        for (let i = 0; i < measured; i++) {
          const position = this.measuredPositions[i]!;
          const key = keyOf(position);
          if (key > least) above++;
          else if (key === least) tied.push(-second(ids[position]!));
        }
        leastSecond = -kthSmallest(Float64Array.from(tied), wanted - above - 1);
      }
    }
    const found = this.foundOf(lat, lng, measured, Number.POSITIVE_INFINITY, (position) => {
      const key = keyOf(position);
      return key > least || (key === least && (!second || second(ids[position]!) >= leastSecond));
    });
    const byRank = (a: Found, b: Found) => ranks[b.position]! - ranks[a.position]! || a.id - b.id;
    found.sort(
      first
        ? (a, b) => first(b.id) - first(a.id) || (second ? second(b.id) - second(a.id) : 0) || byRank(a, b)
        : byRank,
    );
    return found.slice(offset, wanted).map(({ id, distanceKm }) => ({ id, distanceKm }));
  }

  /** Every point within the radius (that `only` accepts), measured: their positions and h left in
   *  measuredPositions and measuredH; how many. */
  private measure(lat: number, lng: number, radiusKm: number, only?: Only): number {
    const box = boxOf(lat, lng, radiusKm);
    const near = new WithinRadius(lat, lng, radiusKm);
    let count = 0;
    let after = 0;
    for (let row = box.minRow; row <= box.maxRow; row++) {
      if (!this.reaches(row, lng, near, box)) continue;
      const base = row * COLUMNS;
      const start = this.lowerBound(base + this.reachFirst, after);
      const end = this.lowerBound(base + this.reachLast + 1, start);
      after = end;
      for (let position = start; position < end; position++) {
        if (only && !(only instanceof PositionSet ? only.has(position) : only(this.ids[position]!))) continue;
        const h = near.h(this.lats[position]!, this.lngs[position]!);
        if (h < 0) continue;
        if (count === this.measuredH.length) this.growMeasured();
        this.measuredPositions[count] = position;
        this.measuredH[count++] = h;
      }
    }
    return count;
  }

  private growMeasured(): void {
    const positions = new Uint32Array(this.measuredH.length * 2);
    const hs = new Float64Array(this.measuredH.length * 2);
    positions.set(this.measuredPositions);
    hs.set(this.measuredH);
    this.measuredPositions = positions;
    this.measuredH = hs;
  }

  /** The first `count` points measured whose h is at most hMost (and that `keep` keeps, by their
   *  position), each with its distance. */
  private foundOf(
    lat: number,
    lng: number,
    count: number,
    hMost = Number.POSITIVE_INFINITY,
    keep?: (position: number) => boolean,
  ): Found[] {
    const found: Found[] = [];
    for (let i = 0; i < count; i++) {
      if (this.measuredH[i]! > hMost) continue;
      const position = this.measuredPositions[i]!;
      if (keep && !keep(position)) continue;
      const distanceKm = haversineKm(lat, lng, this.lats[position]!, this.lngs[position]!);
      found.push({ id: this.ids[position]!, distanceKm, position });
    }
    return found;
  }

  /** How many points the cells a circle reaches hold (two binary searches a grid row). */
  private pointsInReach(lat: number, lng: number, radiusKm: number): number {
    const box = boxOf(lat, lng, radiusKm);
    const near = new WithinRadius(lat, lng, radiusKm);
    let after = 0;
    let points = 0;
    for (let row = box.minRow; row <= box.maxRow; row++) {
      if (!this.reaches(row, lng, near, box)) continue;
      const base = row * COLUMNS;
      const start = this.lowerBound(base + this.reachFirst, after);
      after = this.lowerBound(base + this.reachLast + 1, start);
      points += after - start;
    }
    return points;
  }

  /** In this grid row, the columns the circle can reach, left in reachFirst and reachLast (within
   *  the box's; with `wraps`, all of the box's); false when it misses the row. Cells wholly outside
   *  the circle are then never measured: the box's corners are ~21 % of its area. */
  private reaches(
    row: number,
    lng: number,
    near: WithinRadius,
    box: { minColumn: number; maxColumn: number; wraps: boolean },
  ): boolean {
    if (box.wraps) {
      this.reachFirst = box.minColumn;
      this.reachLast = box.maxColumn;
      return true;
    }
    const halfWidth = near.reachDeg(rowEdge(row), rowEdge(row + 1));
    if (halfWidth < 0) return false;
    this.reachFirst = Math.max(box.minColumn, columnOf(lng - halfWidth));
    this.reachLast = Math.min(box.maxColumn, columnOf(lng + halfWidth));
    return this.reachFirst <= this.reachLast;
  }

  /** In this grid row, the run of columns whose cells lie wholly inside the circle (all four corners
   *  within it), left in insideFirst and insideLast (within reachFirst..reachLast); false when none
   *  does. Worked out from the circle's width at the row's two edges (WithinRadius.insideDeg) rather
   *  than by measuring corners: a count's rows cost a few sines each. */
  private insideColumns(row: number, lng: number, near: WithinRadius, box: { minColumn: number }): boolean {
    const halfWidth = near.insideDeg(rowEdge(row), rowEdge(row + 1));
    if (halfWidth < 0) return false;
    // The first column whose west edge is within the width, and the last whose east edge is.
    let first = Math.max(box.minColumn, this.reachFirst, Math.ceil((lng - halfWidth + 180) / CELL_DEG));
    while (columnEdge(first) < lng - halfWidth) first++;
    let last = Math.min(this.reachLast, Math.floor((lng + halfWidth + 180) / CELL_DEG) - 1);
    while (columnEdge(last + 1) > lng + halfWidth) last--;
    if (last < first) return false;
    this.insideFirst = first;
    this.insideLast = last;
    return true;
  }

  /** Points at positions [start, end) within the radius (that `only` accepts), each measured. */
  private countMeasured(start: number, end: number, near: WithinRadius, only?: Only): number {
    let count = 0;
    if (only instanceof PositionSet) {
      for (let p = start; p < end; p++) if (only.has(p) && near.holds(this.lats[p]!, this.lngs[p]!)) count++;
      return count;
    }
    for (let p = start; p < end; p++)
      if ((!only || only(this.ids[p]!)) && near.holds(this.lats[p]!, this.lngs[p]!)) count++;
    return count;
  }

  /** The first position in [low, high) whose cell is ≥ cell (high when none is). */
  private lowerBound(cell: number, low = 0, high = this.cells.length): number {
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.cells[mid]! < cell) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

/**
 * PointGrid.build one pass over the points at a time — the cells, each half of the radix sort (least
 * significant 16 bits, then the rest; stable), each column put in order — for a caller that answers
 * other requests between two (a million points: ~130 ms in one block on a slow host, each pass 10–40
 * ms).
 */
export class PointGridBuilder {
  private readonly n: number;
  private readonly keys: Uint32Array;
  private order: Uint32Array;
  private spare: Uint32Array;
  /** The columns to put in cell order (the cells themselves first), and those put in order so far. */
  private readonly columns: readonly (Uint32Array | Float64Array)[];
  private readonly sorted: (Uint32Array | Float64Array)[] = [];
  private passes = 0;

  constructor(
    ids: Float64Array,
    private readonly lats: Float64Array,
    private readonly lngs: Float64Array,
    ranks: Float64Array,
  ) {
    this.n = ids.length;
    this.keys = new Uint32Array(this.n);
    this.order = new Uint32Array(this.n);
    this.spare = new Uint32Array(this.n);
    this.columns = [this.keys, ids, lats, lngs, ranks];
  }

  /** Does the next pass; true when the grid is built. */
  next(): boolean {
    const pass = this.passes++;
    if (pass === 0) this.cellsInInputOrder();
    else if (pass < 3) this.radixPass((pass - 1) * 16);
    else if (this.sorted.length < this.columns.length) this.sorted.push(this.inOrder(this.sorted.length));
    return this.sorted.length === this.columns.length;
  }

  grid(): PointGrid {
    const [cells, ids, lats, lngs, ranks] = this.sorted;
    if (ranks === undefined) throw new Error('the grid is not built yet');
    return PointGrid.sorted(
      cells as Uint32Array,
      ids as Float64Array,
      lats as Float64Array,
      lngs as Float64Array,
      ranks as Float64Array,
    );
  }

  /** Each point's cell, and the order the radix sort starts from. */
  private cellsInInputOrder(): void {
    for (let i = 0; i < this.n; i++) {
      this.keys[i] = rowOf(this.lats[i]!) * COLUMNS + columnOf(this.lngs[i]!);
      this.order[i] = i;
    }
  }

  /** One stable counting pass over 16 bits of the keys. */
  private radixPass(shift: number): void {
    const { n, keys } = this;
    const counts = new Uint32Array(65_537);
    for (let i = 0; i < n; i++) counts[((keys[i]! >>> shift) & 0xffff) + 1]!++;
    for (let d = 1; d < counts.length; d++) counts[d]! += counts[d - 1]!;
    const { order, spare } = this;
    for (let i = 0; i < n; i++) {
      const position = order[i]!;
      spare[counts[(keys[position]! >>> shift) & 0xffff]!++] = position;
    }
    this.order = spare;
    this.spare = order;
  }

  /** Column `c` in cell order, as a new array of its own kind. */
  private inOrder(c: number): Uint32Array | Float64Array {
    const source = this.columns[c]!;
    const target = source instanceof Uint32Array ? new Uint32Array(this.n) : new Float64Array(this.n);
    const { order } = this;
    for (let i = 0; i < this.n; i++) target[i] = source[order[i]!]!;
    return target;
  }
}
