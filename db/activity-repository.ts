// Admin actions other than imports, for the dashboard's Recent Activity.
import type { Sqlite } from './connection.ts';
import { preparedQuery } from './query/prepared-query.ts';
import type { ActivityLogTable } from './schema.ts';
import type { Store } from './store/store.ts';

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

const insertActivity = preparedQuery(
  'activity_insert',
  (db, args: { kind: string; actor: string; detail: string; count: number | null; createdAt: string }) =>
    db.insertInto('activity_log').values({
      kind: args.kind,
      actor: args.actor,
      detail: args.detail,
      count: args.count,
      created_at: args.createdAt,
    }),
);

/** logActivity on either dialect (decision 0034). */
export async function logActivityIn(store: Store, entry: ActivityEntry): Promise<void> {
  await store.run(insertActivity, {
    kind: entry.kind,
    actor: entry.actor,
    detail: entry.detail,
    count: entry.count ?? null,
    createdAt: new Date().toISOString(),
  });
}

const recentActivityQuery = preparedQuery('activity_recent', (db, args: { limit: number }) =>
  db.selectFrom('activity_log').selectAll().orderBy('id', 'desc').limit(args.limit),
);

export async function listRecentActivity(store: Store, limit: number): Promise<ActivityLogTable[]> {
  return (await store.all(recentActivityQuery, { limit })) as unknown as ActivityLogTable[];
}
