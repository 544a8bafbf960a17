// What discovery keeps in memory per store and data version (decisions 0040, 0042): the grid of
// coordinates, the facts filters read. A small site's snapshot is read in one slice while its first
// request waits; a large one's (a million businesses: a second or two of reads in slices) is read in
// the background while the SQL path answers, and is used from the first request after it is ready. A
// write (any process) moves the data version: the next request that wants it starts the next one, and
// a snapshot whose version moved while it was read is dropped.
import { yieldToEventLoop } from '../../../db/event-loop.ts';
import type { Store } from '../../../db/store/store.ts';

/** Reads a snapshot slice by slice. */
export interface SnapshotReader<T> {
  /** Reads the next slice; true when everything has been read. */
  read(): Promise<boolean>;
  result(): T;
}

interface Slot<T> {
  version: number;
  value?: T;
  building?: Promise<void>;
}

export class VersionedSnapshots<T> {
  private readonly slots = new WeakMap<Store, Slot<T>>();

  constructor(
    private readonly readerOf: (store: Store, sliceRows: number) => SnapshotReader<T>,
    private readonly sliceRows: number,
  ) {}

  /** The snapshot of the store's current data, or undefined while a large one is being read (or
   *  when the store does not follow a data version: nothing could tell it was stale). */
  async of(store: Store, sliceRows = this.sliceRows): Promise<T | undefined> {
    const version = store.dataVersion();
    if (Number.isNaN(version)) return undefined;
    const slot = this.slots.get(store);
    if (slot?.version === version) return slot.value;
    const next: Slot<T> = { version };
    this.slots.set(store, next);
    const reader = this.readerOf(store, sliceRows);
    try {
      if (await reader.read()) {
        next.value = reader.result();
        return next.value;
      }
    } catch {
      this.slots.delete(store); // the next request tries again (and the SQL path answers this one)
      return undefined;
    }
    next.building = this.readRest(store, reader, next);
    return undefined;
  }

  /** Waits for a snapshot being read in the background (tests and benchmarks). */
  async ready(store: Store): Promise<T | undefined> {
    await this.of(store);
    await this.slots.get(store)?.building;
    return this.of(store);
  }

  private async readRest(store: Store, reader: SnapshotReader<T>, slot: Slot<T>): Promise<void> {
    try {
      while (!(await reader.read())) {
        // Written since it began: it would be stale, and the next request begins another.
        if (this.slots.get(store) !== slot) return;
        await yieldToEventLoop();
      }
      if (this.slots.get(store) === slot && store.dataVersion() === slot.version)
        slot.value = reader.result();
    } catch {
      if (this.slots.get(store) === slot) this.slots.delete(store);
    } finally {
      slot.building = undefined;
    }
  }
}
