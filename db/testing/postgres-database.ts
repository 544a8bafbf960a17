// Test support: a PostgreSQL database of its own for each test (created on the local server, dropped
// afterwards). TEST_DATABASE_URL names the server to use (default: the machine's local PostgreSQL).
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const TEST_POSTGRES_SERVER =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestPostgresDatabase {
  /** postgres:// URL of the new, empty database. */
  url: string;
  name: string;
  /** Drops the database (its connections are ended first). */
  drop(): Promise<void>;
}

async function onServer<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_SERVER });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createPostgresDatabase(): Promise<TestPostgresDatabase> {
  const name = `directory_test_${randomBytes(6).toString('hex')}`;
  await onServer((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(TEST_POSTGRES_SERVER);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    name,
    drop: () =>
      onServer((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}
