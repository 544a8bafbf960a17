// After the panel changes data (an import, an edit, a deletion…): what is on screen is fetched again,
// and every other cached answer (public pages visited in this tab) is dropped, so that going back
// to the site shows the change. §9's "data never goes stale" holds for visitors, not for the writer.
import type { QueryClient } from '@tanstack/react-query';

export async function refreshAfterDataChange(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ type: 'inactive' });
  await queryClient.invalidateQueries({ type: 'active' });
}
