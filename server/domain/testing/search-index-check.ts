// Test support: the search index agrees with the businesses, on either dialect. SQLite: FTS5's own
// integrity check of the external-content index. PostgreSQL has none: the index and its vocabulary
// as the writes kept them must equal what a rebuild from the rows makes (the rebuild rolled back).
import { expect } from 'vitest';
import { ftsIntegrityCheck } from '../../../db/search/fts-index.ts';
import { pgSearchRebuild } from '../../../db/search/postgres-search-index.ts';
import type { PostgresStore, Store } from '../../../db/store/store.ts';

async function indexOf(store: PostgresStore) {
  const documents = await store.query(
    'SELECT rowid, business_id, terms::text AS terms, name::text AS name FROM search_documents ORDER BY rowid',
  );
  // A term whose last business went keeps a row at 0 documents; a rebuild writes none.
  const vocabulary = await store.query(
    'SELECT field, term, docs FROM search_vocab WHERE docs > 0 ORDER BY field, term',
  );
  return { documents: documents.rows, vocabulary: vocabulary.rows };
}

class RolledBack<T> extends Error {
  constructor(readonly value: T) {
    super('rolled back');
  }
}

export async function expectSearchIndexIntact(store: Store): Promise<void> {
  if (store.dialect === 'sqlite') {
    expect(() => ftsIntegrityCheck(store.sqlite)).not.toThrow();
    return;
  }
  const kept = await indexOf(store);
  const rebuilt = await store
    .transaction(async (tx) => {
      await pgSearchRebuild(tx);
      throw new RolledBack(await indexOf(tx));
    })
    .catch((error: unknown) => {
      if (error instanceof RolledBack) return error.value as typeof kept;
      throw error;
    });
  expect(rebuilt.documents.length).toBeGreaterThan(0);
  expect(kept).toEqual(rebuilt);
}
