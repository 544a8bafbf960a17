// A PostgreSQL test database migrated to the latest schema, and a connection that prints the planner's
// plan of a query with some of the planner's choices switched off: tests that hold a query to an
// index switch off what would otherwise hide its absence (a sort, a sequential scan, a hash join).
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { createTestStore } from './test-store.ts';

interface PlanReader {
  /** EXPLAIN's lines, joined. */
  plan(query: string): Promise<string>;
  dispose(): Promise<void>;
}

/** `switchedOff`: planner settings (enable_sort, enable_seqscan, …) set to off on the connection. */
async function postgresPlans(switchedOff: readonly string[]): Promise<PlanReader> {
  const database = await createTestStore('postgres');
  const client = new pg.Client({ connectionString: database.address });
  await client.connect();
  for (const setting of switchedOff) await client.query(`SET ${setting} = off`);
  return {
    async plan(query) {
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${query}`);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    },
    async dispose() {
      await client.end();
      await database.dispose();
    },
  };
}

/** postgresPlans made before a file's tests and dropped after them (as useSearchStore): the plan of a
 *  query on it. */
export function usePostgresPlans(switchedOff: readonly string[]): (query: string) => Promise<string> {
  let plans: PlanReader | undefined;
  beforeAll(async () => {
    plans = await postgresPlans(switchedOff);
  }, 60_000);
  afterAll(async () => {
    await plans?.dispose();
  });
  return (query) => {
    if (!plans) throw new Error('the plan reader is made before the tests');
    return plans.plan(query);
  };
}
