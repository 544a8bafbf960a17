// The search index's own key-value state (search_state): the analyzer version the index was built
// with and the shipped synonym table's fingerprint.
import type { Sqlite } from '../connection.ts';
import { cachedStatement as cached } from '../statement-cache.ts';

export function readSearchState(sqlite: Sqlite, key: string): string | undefined {
  return cached(sqlite, 'SELECT value FROM search_state WHERE key = ?').pluck().get(key) as
    | string
    | undefined;
}

export function writeSearchState(sqlite: Sqlite, key: string, value: string): void {
  cached(
    sqlite,
    'INSERT INTO search_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  ).run(key, value);
}
