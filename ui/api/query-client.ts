// §9: data never goes stale; no refetch on focus, no polling, no retries for reads or writes.
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        // On the server a client lives for one render: no garbage-collection timers that would keep
        // its data (and the process) alive after the answer is sent.
        gcTime: typeof window === 'undefined' ? Number.POSITIVE_INFINITY : 10 * 60_000,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchOnMount: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
