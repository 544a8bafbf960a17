// What a route may do on the server before it renders: fill the query cache through the domain and
// decide the status (404 for an unknown city, 301 for /business/:id, ...). In the browser the same
// pages read the cache filled here, and fetch through HTTP on client-side navigation.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Params } from 'react-router-dom';
import type { DirectoryApi } from './api/directory-api.ts';
import type { LoadableQuery } from './api/load-query.ts';
import type { SiteConfig } from './site-config.ts';

export interface LoadContext {
  api: DirectoryApi;
  queryClient: QueryClient;
  /** Puts a query's data into the cache (unless there already) and returns it: ui/api/load-query.ts. */
  load: <TData, TKey extends QueryKey>(query: LoadableQuery<TData, TKey>) => Promise<TData>;
  params: Params;
  url: URL;
  site: SiteConfig;
  /** The server-only lookup behind /business/:id (ids are not public API of the page layer). */
  slugForId?: (id: number) => Promise<string | null>;
}

export interface LoadResult {
  status?: number;
  redirect?: { status: 301 | 302; location: string };
}

export type RouteLoader = (context: LoadContext) => Promise<LoadResult | undefined>;

/** What each route table entry keeps in react-router's `handle`. */
export interface RouteHandle {
  load?: RouteLoader;
  /** Admin screens and other pages that must never be kept by the page cache. */
  noCache?: boolean;
  /** Loads the page's code (its own chunk) so that it renders without suspending. */
  preload?: () => Promise<void>;
  /** The page module's manifest key. */
  module?: string;
}
