// Every finished export is written to the activity log, whoever asked for it (the admin panel's
// download or `directory export`), so the dashboard's Recent Activity shows who took the data out.
import { logActivityIn } from '../../../db/activity-repository.ts';
import type { Store } from '../../../db/store/store.ts';

export interface FinishedExport {
  /** Who exported: the administrator's name as the activity log shows it, or 'cli'. */
  actor: string;
  /** The one country exported; undefined for every business. */
  country: string | undefined;
  rows: number;
  /** Where the rows went: a download's file name, or the file the CLI wrote. */
  destination: { download: string } | { file: string };
}

export async function recordExport(store: Store, exported: FinishedExport): Promise<void> {
  const what = exported.country ?? 'all countries';
  const where =
    'download' in exported.destination
      ? `(${exported.destination.download})`
      : `to ${exported.destination.file}`;
  await logActivityIn(store, {
    kind: 'export',
    actor: exported.actor,
    detail: `Exported ${what} ${where}`,
    count: exported.rows,
  });
}
