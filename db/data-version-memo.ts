// The data version as read once per turn of the event loop. Reading it is a prepared one-row lookup
// (~2 µs on its own), but every answer reads it four to six times (the hot cache, then each cache
// keyed on it: search plans, the search context, kept matches, suggestions), and under load, with
// the CPU's caches cold between requests, the profiles put those reads at 5–10 % of a suggestion's
// server time. Within one turn a read is kept and reused:
//
// - A write in another process during the turn is seen at the next turn. Until then answers may be
//   built from newer data than the version they are filed under, which only makes them look stale
//   (dropped at the next read); never older data under a newer version.
// - A write through this process (any store's run or transaction, or a raw bump) drops the kept
//   value at once, so code that writes and then reads in the same turn sees its own change.
// - Inside a transaction nothing is kept: a rolled-back bump must not outlive its transaction.

let localWrites = 0;
/** Whether a turn's end is already due to drop the kept values. */
let dropScheduled = false;
/** Bumped at each turn's end: a value kept in an earlier turn is never reused. */
let turn = 0;

/** Called after every write this process makes to a database (the kept values are read again). */
export function noteLocalWrite(): void {
  localWrites++;
}

/** `read`, kept within the turn of the event loop it was made in (see above). */
export function keptPerTurn(read: () => number, inTransaction: () => boolean): () => number {
  let value = 0;
  let keptTurn = -1;
  let keptWrites = -1;
  return () => {
    if (keptTurn === turn && keptWrites === localWrites && !inTransaction()) return value;
    const current = read();
    if (inTransaction()) return current;
    value = current;
    keptTurn = turn;
    keptWrites = localWrites;
    if (!dropScheduled) {
      dropScheduled = true;
      setImmediate(endTurn);
    }
    return current;
  };
}

function endTurn(): void {
  turn++;
  dropScheduled = false;
}
