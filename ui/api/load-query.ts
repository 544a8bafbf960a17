// How a route loader fills the query cache on the server (LoadContext.load). queryClient.ensureQueryData
// would run each read as a fetch: an AbortController, a `signal` getter defined on two fresh objects,
// a retryer and its promises. On V8 those objects get hidden classes of their own, and that
// old-generation garbage keeps the young objects around it alive through young collections, so each
// render's data was promoted and left to the next mark-compact (docs/decisions/0017). Our reads are
// synchronous SQLite calls behind an async interface: calling the query function and storing its
// answer is all a server render needs, and the cache holds the same entries for dehydrate().
import {
  type DataTag,
  hashKey,
  type QueryClient,
  type QueryFunction,
  type QueryKey,
  type SkipToken,
} from '@tanstack/react-query';

/** What the query factories (ui/api/queries.ts) return, as far as loading needs it. */
export interface LoadableQuery<TData, TKey extends QueryKey> {
  queryKey: DataTag<TKey, TData, Error>;
  queryFn?: QueryFunction<TData, TKey> | SkipToken;
}

// A render is never cancelled part-way through a read (the reads are synchronous), so every query
// function gets this one signal, which never aborts.
const NEVER_ABORTED = new AbortController().signal;

export async function loadQuery<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  query: LoadableQuery<TData, TKey>,
): Promise<TData> {
  // Looked up by hash rather than with getQueryData, which builds a defaulted options object (a new
  // hidden class, as above) on every call; the client keeps the default key hash function.
  const cached = queryClient.getQueryCache().get<TData>(hashKey(query.queryKey))?.state.data;
  if (cached !== undefined) return cached;
  if (typeof query.queryFn !== 'function')
    throw new Error(`query ${JSON.stringify(query.queryKey)} has no function`);
  const data = await query.queryFn({
    client: queryClient,
    queryKey: query.queryKey,
    signal: NEVER_ABORTED,
    meta: undefined,
  });
  // The updater form: `data` may itself be a function as far as the types know.
  queryClient.setQueryData<TData, QueryKey>(query.queryKey, () => data);
  return data;
}
