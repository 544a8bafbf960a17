// A run of the SEO generator is written to the activity log, from the admin panel's job or the CLI alike.
import { logActivity } from '../../../db/activity-repository.ts';
import type { Sqlite } from '../../../db/connection.ts';

export function recordSeoGeneration(sqlite: Sqlite, actor: string, updated: number): void {
  logActivity(sqlite, { kind: 'seo', actor, detail: 'Generated SEO content', count: updated });
}
