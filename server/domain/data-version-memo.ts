// Site-wide figures (popular cities, counts, category and country lists) change only when the data
// does, but every page's header and footer ask for them: each answer is kept per connection until
// the data version moves. Answers are shared between requests: callers must not mutate them.
import type { Sqlite } from '../../db/connection.ts';
import { DataVersionMaps } from '../../db/data-version-maps.ts';

const memos = new DataVersionMaps<unknown>();

export function memoForDataVersion<T>(sqlite: Sqlite, key: string, compute: () => T): T {
  const values = memos.current(sqlite);
  if (values.has(key)) return values.get(key) as T;
  const value = compute();
  values.set(key, value);
  return value;
}
