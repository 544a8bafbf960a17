// A run of the SEO generator is written to the activity log, from the admin panel's job or the CLI
// alike, on either dialect.
import { logActivityIn } from '../../../db/activity-repository.ts';
import type { Store } from '../../../db/store/store.ts';

export async function recordSeoGeneration(store: Store, actor: string, updated: number): Promise<void> {
  await logActivityIn(store, { kind: 'seo', actor, detail: 'Generated SEO content', count: updated });
}
