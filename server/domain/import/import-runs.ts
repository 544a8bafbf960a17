// The import runs as the admin panel and the dashboard see them. A run's record says 'running' until
// its process finishes it; when that process has died (kill -9, a crash) the run is shown as
// interrupted at once, though the record itself is only corrected by the next import
// (recoverInterruptedImports).
import type { Selectable } from 'kysely';
import { getImportRun, listRecentImportRuns } from '../../../db/import-runs-repository.ts';
import { lockHolderAlive } from '../../../db/lock-repository.ts';
import type { ImportRunStatus, ImportRunTable } from '../../../db/schema.ts';
import type { Store } from '../../../db/store/store.ts';

export type { ImportRunStatus };
export type ImportRun = Selectable<ImportRunTable>;

/** The status to show: a run still marked running whose process has died is interrupted. */
export function displayedStatus(run: ImportRun): ImportRunStatus {
  return run.status === 'running' && !lockHolderAlive(run) ? 'interrupted' : run.status;
}

export async function findImportRun(store: Store, id: number): Promise<ImportRun | undefined> {
  return (await getImportRun(store, id)) as unknown as ImportRun | undefined;
}

/** The latest runs, newest first. */
export async function recentImportRuns(store: Store, limit: number): Promise<ImportRun[]> {
  return (await listRecentImportRuns(store, limit)) as unknown as ImportRun[];
}
