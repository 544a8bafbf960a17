// Site-wide figures (popular cities, counts, category and country lists) change only when the data
// does, but every page's header and footer ask for them: each answer is kept per store until the
// data version moves. Answers are shared between requests: callers must not mutate them.
import { DataVersionMaps } from '../../db/data-version-maps.ts';
import type { Store } from '../../db/store/store.ts';

const memos = new DataVersionMaps<Promise<unknown>>();

/** The kept answer, or compute's. The promise itself is kept, so requests arriving while it is read
 *  share one read; a read that fails is forgotten, to be tried again by the next request. */
export function memoForDataVersion<T>(store: Store, key: string, compute: () => Promise<T>): Promise<T> {
  const values = memos.current(store);
  const kept = values.get(key);
  if (kept) return kept as Promise<T>;
  const value = compute();
  values.set(key, value);
  value.catch(() => {
    if (values.get(key) === value) values.delete(key);
  });
  return value;
}
