// Answers worth keeping only while the data they were computed from is unchanged (search plans, site
// figures): one Map per connection or store, emptied when the data version moves. Any write, in any process,
// bumps the version; reading it is a prepared one-row lookup (a couple of µs).
import type { Sqlite } from './connection.ts';
import { dataVersionReader } from './stats-repository.ts';
import type { Store } from './store/store.ts';

/** Whose data: a store (either dialect: its dataVersion()), or a raw SQLite connection. */
export type VersionedSource = Store | Sqlite;

function versionReaderOf(source: VersionedSource): () => number {
  if ('dialect' in source) return () => source.dataVersion();
  return dataVersionReader(source);
}

interface State<V> {
  readVersion: () => number;
  version: number;
  map: Map<string, V>;
}

export class DataVersionMaps<V> {
  private readonly byConnection = new WeakMap<VersionedSource, State<V>>();

  /** This connection's map at the current data version (emptied first if the version moved). */
  current(source: VersionedSource): Map<string, V> {
    let state = this.byConnection.get(source);
    if (!state) {
      state = { readVersion: versionReaderOf(source), version: -1, map: new Map() };
      this.byConnection.set(source, state);
    }
    const version = state.readVersion();
    // NaN (a store that does not follow the version) never equals itself: nothing is kept.
    if (version !== state.version) {
      state.map.clear();
      state.version = version;
    }
    return state.map;
  }

  /** Keeps `value` under `key` in a map from current(), the newest last; past `limit` entries the
   *  oldest goes (the maps hold answers people ask again soon, not forever). */
  static keep<V>(map: Map<string, V>, key: string, value: V, limit: number): void {
    map.delete(key);
    map.set(key, value);
    if (map.size > limit) map.delete(map.keys().next().value as string);
  }

  /** Drops this connection's map (measurements of first-time work). */
  forget(source: VersionedSource): void {
    this.byConnection.delete(source);
  }
}
