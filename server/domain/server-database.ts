// What the server's routes and pages are given: the store (decision 0034), on either dialect. What
// only SQLite has (its file, its raw connection) is reached through the store's dialect.
import type { DatabaseAddress } from '../../db/address.ts';
import type { Store } from '../../db/store/store.ts';

export type { DatabaseAddress };

export interface ServerDatabase {
  readonly store: Store;
  /**
   * Where the database is, for the work done in a process of its own (SEO, delete-all, sitemaps, the
   * panel's import): a PostgreSQL store keeps no URL, so such a process must be told it. A SQLite
   * store carries its path; PostgreSQL's is required for those jobs.
   */
  readonly address?: DatabaseAddress;
}

/** The address a job's process opens: the server's own database. */
export function jobAddressOf(database: ServerDatabase): DatabaseAddress {
  const { store } = database;
  if (store.dialect === 'sqlite') return { dialect: 'sqlite', path: store.path, display: store.path };
  if (database.address?.dialect === 'postgres') return database.address;
  throw new Error('This server was given no PostgreSQL address: jobs in their own process cannot connect.');
}
