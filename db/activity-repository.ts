// Admin actions other than imports, for the dashboard's Recent Activity.
import type { Sqlite } from './connection.ts';
import type { ActivityLogTable } from './schema.ts';

export interface ActivityEntry {
  kind:
    | 'export'
    | 'seo'
    | 'delete-all'
    | 'sitemap'
    | 'edit'
    | 'delete'
    | 'submission'
    /** A held submission published or rejected by the administrator (decision 0022). */
    | 'approve'
    | 'reject';
  actor: string;
  detail: string;
  count?: number | null;
}

export function logActivity(sqlite: Sqlite, entry: ActivityEntry): void {
  sqlite
    .prepare('INSERT INTO activity_log (kind, actor, detail, count, created_at) VALUES (?, ?, ?, ?, ?)')
    .run(entry.kind, entry.actor, entry.detail, entry.count ?? null, new Date().toISOString());
}

export function listRecentActivity(sqlite: Sqlite, limit: number): ActivityLogTable[] {
  return sqlite
    .prepare('SELECT * FROM activity_log ORDER BY id DESC LIMIT ?')
    .all(limit) as ActivityLogTable[];
}
