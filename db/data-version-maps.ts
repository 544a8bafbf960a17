// Answers worth keeping only while the data they were computed from is unchanged (search plans, site
// figures): one Map per connection, emptied when the data version moves. Any write, in any process,
// bumps the version; reading it is a prepared one-row lookup (a couple of µs).
import type { Sqlite } from './connection.ts';
import { dataVersionReader } from './stats-repository.ts';

interface State<V> {
  readVersion: () => number;
  version: number;
  map: Map<string, V>;
}

export class DataVersionMaps<V> {
  private readonly byConnection = new WeakMap<Sqlite, State<V>>();

  /** This connection's map at the current data version (emptied first if the version moved). */
  current(sqlite: Sqlite): Map<string, V> {
    let state = this.byConnection.get(sqlite);
    if (!state) {
      state = { readVersion: dataVersionReader(sqlite), version: -1, map: new Map() };
      this.byConnection.set(sqlite, state);
    }
    const version = state.readVersion();
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
  forget(sqlite: Sqlite): void {
    this.byConnection.delete(sqlite);
  }
}
