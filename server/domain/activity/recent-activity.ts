// The dashboard's Recent Activity: import runs and the other admin actions (export, SEO, delete-all…)
// merged newest first, each told in one sentence.
import type { Selectable } from 'kysely';
import { listRecentActivity } from '../../../db/activity-repository.ts';
import type { ActivityLogTable } from '../../../db/schema.ts';
import type { Store } from '../../../db/store/store.ts';
import {
  displayedStatus,
  type ImportRun,
  type ImportRunStatus,
  recentImportRuns,
} from '../import/import-runs.ts';

export interface ActivityItem {
  /** Unique across both sources: 'import-12', 'activity-5'. */
  id: string;
  /** 'import', or the activity log's kind: 'export', 'seo', 'delete-all', 'sitemap'… */
  kind: string;
  /** When it happened (an import: when it finished, or started while it runs), ISO 8601 UTC. */
  at: string;
  actor: string;
  summary: string;
  count: number | null;
  /** Imports only. */
  status: ImportRunStatus | null;
  runId: number | null;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function importSummary(run: ImportRun, status: ImportRunStatus): string {
  const file = `"${run.file_name}"`;
  switch (status) {
    case 'running':
      return `Importing ${file} (${plural(run.rows_read, 'row', 'rows')} read so far)`;
    case 'done': {
      const parts = [
        `${run.imported} new`,
        `${run.updated} updated`,
        `${plural(run.duplicates_skipped, 'duplicate', 'duplicates')} skipped`,
        `${plural(run.total_errors, 'row', 'rows')} rejected`,
      ].join(', ');
      return `${run.dry_run === 1 ? 'Checked (dry run)' : 'Imported'} ${file}: ${parts}`;
    }
    case 'interrupted':
      return `Import of ${file} was interrupted; nothing from it was kept`;
    case 'failed':
      return `Import of ${file} failed${run.message ? `: ${run.message}` : ''}`;
  }
}

function fromImportRun(run: ImportRun): ActivityItem {
  const status = displayedStatus(run);
  return {
    id: `import-${run.id}`,
    kind: 'import',
    at: run.finished_at ?? run.started_at,
    actor: run.started_by,
    summary: importSummary(run, status),
    count: status === 'done' ? run.imported + run.updated : null,
    status,
    runId: run.id,
  };
}

function fromActivity(entry: Selectable<ActivityLogTable>): ActivityItem {
  return {
    id: `activity-${entry.id}`,
    kind: entry.kind,
    at: entry.created_at,
    actor: entry.actor,
    summary: entry.detail,
    count: entry.count,
    status: null,
    runId: null,
  };
}

/** The latest `limit` items of both sources, newest first. */
export async function recentActivity(store: Store, limit: number): Promise<ActivityItem[]> {
  const runs = await recentImportRuns(store, limit);
  const entries = (await listRecentActivity(store, limit)) as unknown as Selectable<ActivityLogTable>[];
  const items = [...runs.map(fromImportRun), ...entries.map(fromActivity)];
  // ISO 8601 UTC strings of one format sort by time as text.
  items.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return items.slice(0, limit);
}
