// The open status in words (server/contract/open-status.ts), without a hydration mismatch: the server
// render and the hydrating render both read the clock the page's data was read at — the newest
// `dataUpdatedAt` in the query cache, which dehydrate() sends and hydrate() keeps, and the instant the
// server computed each business's isOpen at. From then on the visitor's clock, re-read each minute.
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { type OpenStatus, type OpenStatusSource, openStatus } from '../../server/contract/open-status.ts';

const MINUTE_MS = 60_000;

const readAt = new WeakMap<QueryClient, number>();

/** When the page's data was read: the newest answer in the cache (0 when it holds none). Fixed at the
 *  first call per client (the render on the server, hydration in the browser), so a query fetched
 *  while a later part of the page hydrates cannot move it. */
export function dataReadAt(queryClient: QueryClient): number {
  let newest = readAt.get(queryClient);
  if (newest !== undefined) return newest;
  newest = 0;
  for (const query of queryClient.getQueryCache().getAll())
    if (query.state.dataUpdatedAt > newest) newest = query.state.dataUpdatedAt;
  if (newest > 0) readAt.set(queryClient, newest);
  return newest;
}

function subscribeToMinutes(onChange: () => void): () => void {
  const timer = setInterval(onChange, MINUTE_MS / 4);
  return () => clearInterval(timer);
}

// The same number until the minute changes: useSyncExternalStore compares snapshots with Object.is.
const currentMinute = () => Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;

/** Null only when the page has no data to date the render by (then both sides render no words). */
export function useOpenStatus(business: OpenStatusSource): OpenStatus | null {
  const queryClient = useQueryClient();
  const renderedAt = useCallback(() => dataReadAt(queryClient) || null, [queryClient]);
  const now = useSyncExternalStore(subscribeToMinutes, currentMinute, renderedAt);
  return now === null ? null : openStatus(business, new Date(now));
}
