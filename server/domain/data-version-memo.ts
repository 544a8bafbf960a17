// Site-wide figures (popular cities, counts, category and country lists) change only when the data
// does, but every page's header and footer ask for them: keep each answer per connection until the
// data version moves (any write, in any process, bumps it; reading it costs a couple of µs).
// Answers are shared between requests: callers must not mutate them.
import type { Sqlite } from '../../db/connection.ts';
import { dataVersionReader } from '../../db/stats-repository.ts';

interface Memo {
  readVersion: () => number;
  version: number;
  values: Map<string, unknown>;
}

const memos = new WeakMap<Sqlite, Memo>();

export function memoForDataVersion<T>(sqlite: Sqlite, key: string, compute: () => T): T {
  let memo = memos.get(sqlite);
  if (!memo) {
    memo = { readVersion: dataVersionReader(sqlite), version: -1, values: new Map() };
    memos.set(sqlite, memo);
  }
  const version = memo.readVersion();
  if (version !== memo.version) {
    memo.values.clear();
    memo.version = version;
  }
  if (memo.values.has(key)) return memo.values.get(key) as T;
  const value = compute();
  memo.values.set(key, value);
  return value;
}
