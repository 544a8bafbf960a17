// ensureSearchIndex's index half for PostgreSQL: at every open, an index built by
// another analyzer version — or never built: a new or copied database — is rebuilt from the
// businesses in one transaction, raising the data version.
import { ANALYZER_VERSION } from '../../../db/search/analyzer.ts';
import { pgSearchRebuild } from '../../../db/search/postgres-search-index.ts';
import { bumpDataVersionQuery } from '../../../db/stats-repository.ts';
import type { PostgresStore } from '../../../db/store/store.ts';

const ANALYZER_KEY = 'analyzer_version';
/** The analyzer's version, and the PostgreSQL index's own layout (2: rank band terms, decision 0039). */
export const POSTGRES_INDEX_VERSION = `${ANALYZER_VERSION}.2`;

async function indexedVersion(store: PostgresStore): Promise<string | undefined> {
  const { rows } = await store.query<{ value: string }>('SELECT value FROM search_state WHERE key = $1', [
    ANALYZER_KEY,
  ]);
  return rows[0]?.value;
}

/** True when it rebuilt the index. */
export async function ensurePostgresSearchIndex(store: PostgresStore): Promise<boolean> {
  if ((await indexedVersion(store)) === POSTGRES_INDEX_VERSION) return false;
  const rebuilt = await store.transaction(async (tx) => {
    // Instances starting together: one rebuilds, the others wait here and then find it done.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('directory_search_index'))`);
    if ((await indexedVersion(tx)) === POSTGRES_INDEX_VERSION) return false;
    await pgSearchRebuild(tx);
    await tx.query(
      'INSERT INTO search_state (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      [ANALYZER_KEY, POSTGRES_INDEX_VERSION],
    );
    await tx.run(bumpDataVersionQuery, {});
    return true;
  });
  // Fresh statistics of the new rows: without them the planner takes a common word for a rare one and
  // sorts all its matches for a first page (48 ms for "restaurant" at 200,000 businesses; 0.3 ms after).
  if (rebuilt) await store.query('ANALYZE search_documents, search_vocab');
  return rebuilt;
}
