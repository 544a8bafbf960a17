// Opening the database for a front end (server boot or a CLI command): migrate to the latest
// schema, clean up after any import that a killed process left half done, bring the search index
// up to this version's analyzer and synonyms, and the stored category groups up to its grouping rules.
import { clearLocksOfThisProcess } from '../../db/lock-repository.ts';
import { openDatabase, type DatabaseHandle } from '../../db/connection.ts';
import { recoverInterruptedImports } from '../../db/import-runs-repository.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { ensureCategoryGroups } from './categories/regroup-businesses.ts';
import { ensureSearchIndex } from './search/search-index-state.ts';

export async function openAndPrepareDatabase(path: string): Promise<DatabaseHandle> {
  const handle = openDatabase(path);
  try {
    await migrateToLatest(handle.db);
    clearLocksOfThisProcess(handle.sqlite);
    recoverInterruptedImports(handle.sqlite, { atBoot: true });
    // After the recovery: an interrupted import's rows are gone before the index is (re)built.
    ensureSearchIndex(handle.sqlite);
    // After the index is current: a regrouped business's index row is rewritten with its new group.
    ensureCategoryGroups(handle.sqlite);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}
