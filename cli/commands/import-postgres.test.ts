// `directory import` and `directory seed` on PostgreSQL through the real CLI: the same words and
// figures as on SQLite for the same files, and a kill -9 while staging or while merging leaves every
// old business and none of the new (the import's transaction dies with its connection), after which
// the next import runs and the killed run is marked interrupted.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type TestPostgresDatabase } from '../../db/testing/postgres-database.ts';
import { FIXTURE_FILES_DIR, writeFixtureXlsx } from '../../fixtures/generate.ts';
import { runCli } from '../testing/run-cli.ts';

let dir: string;
let bigFile: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'directory-import-pg-'));
  // Long enough to read that the import reports its progress during the staging (every 250 ms).
  bigFile = join(dir, 'big.xlsx');
  await writeFixtureXlsx(bigFile, { count: 5000, seed: 77, badRowRate: 0 });
}, 60_000);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

let postgres: TestPostgresDatabase;
let client: pg.Client;
beforeEach(async () => {
  postgres = await createPostgresDatabase();
  client = new pg.Client({ connectionString: postgres.url });
});
afterEach(async () => {
  await client.end().catch(() => {});
  await postgres.drop();
});

const fixture = (name: string) => join(FIXTURE_FILES_DIR, name);
/** The spinner's last words for each file (its final ✔/✖ lines). */
const finalLines = (stderr: string) => stderr.split('\n').filter((line) => /^[✔✖]/.test(line));
const withoutRunIds = (json: string) =>
  (JSON.parse(json) as { report?: { runId?: number } }[]).map((outcome) => {
    if (outcome.report) delete outcome.report.runId;
    return outcome;
  });

describe('directory import and seed on PostgreSQL', () => {
  it('say the same as on SQLite for the same files', async () => {
    const files = [fixture('google-maps-classic.xlsx'), fixture('bad-rows.xlsx'), join(dir, 'missing.xlsx')];
    const sqlitePath = join(dir, 'same.db');
    const [onSqlite, onPostgres] = [
      await runCli(['import', ...files, '--db', sqlitePath, '--json']),
      await runCli(['import', ...files, '--db', postgres.url, '--json']),
    ];
    expect(onSqlite.exitCode).toBe(1);
    expect(onPostgres.exitCode).toBe(onSqlite.exitCode);
    expect(finalLines(String(onPostgres.stderr))).toEqual(finalLines(String(onSqlite.stderr)));
    expect(finalLines(String(onSqlite.stderr))[0]).toBe(
      '✔ google-maps-classic.xlsx: Import completed: 200 businesses were imported, 0 updated, 0 duplicates skipped, 0 rows rejected.',
    );
    expect(withoutRunIds(String(onPostgres.stdout))).toEqual(withoutRunIds(String(onSqlite.stdout)));

    const seeded = [
      await runCli(['seed', '--count', '40', '--db', join(dir, 'seeded.db')]),
      await runCli(['seed', '--count', '40', '--db', postgres.url]),
    ];
    expect(seeded.map((result) => result.exitCode)).toEqual([0, 0]);
    expect(finalLines(String(seeded[1]?.stderr))).toEqual(finalLines(String(seeded[0]?.stderr)));
    expect(finalLines(String(seeded[0]?.stderr))).toEqual([
      expect.stringMatching(/^✔ Import completed: 40 businesses were imported/),
    ]);
  }, 180_000);

  it('keeps every old business and none of the new when killed -9 while staging', async () => {
    await killedImportLeavesOldRows(async () => {
      // Hold the new run's record: the import's next progress report waits on it, mid-staging.
      const runId = await poll(async () => {
        const { rows } = await client.query(`SELECT id FROM import_runs WHERE status = 'running'`);
        return rows[0]?.id as number | undefined;
      });
      await client.query('BEGIN');
      await client.query('SELECT id FROM import_runs WHERE id = $1 FOR UPDATE', [runId]);
      await poll(async () => {
        const copying = await activity(`query LIKE 'COPY import_staging%'`);
        const waiting = await activity(`wait_event_type = 'Lock' AND query LIKE '%import_runs%'`);
        return copying.length > 0 && waiting.length > 0 ? true : undefined;
      });
    });
  }, 180_000);

  it('keeps every old business and none of the new when killed -9 while merging', async () => {
    await killedImportLeavesOldRows(async () => {
      // Hold a table the merge recounts: it waits there with every new row written, uncommitted.
      await client.query('BEGIN');
      await client.query('LOCK TABLE city_stats IN ACCESS EXCLUSIVE MODE');
      await poll(async () => {
        const waiting = await activity(`wait_event_type = 'Lock' AND query LIKE 'DELETE FROM city_stats%'`);
        return waiting.length > 0 ? true : undefined;
      });
    });
  }, 180_000);
});

/** Imports the demo file, starts importing the big one, waits until `reachPoint` says it is there,
 *  kills the CLI and its import process with SIGKILL, and checks what the database holds; then the
 *  next import of the big file runs to its end. */
async function killedImportLeavesOldRows(reachPoint: () => Promise<void>): Promise<void> {
  const old = await runCli(['import', fixture('demo-businesses.xlsx'), '--db', postgres.url]);
  expect(old.exitCode).toBe(0);
  await client.connect();
  const before = await siteState();
  expect(before.placeIds).toHaveLength(300);

  const cli = runCli(['import', bigFile, '--db', postgres.url]);
  try {
    await reachPoint();
  } finally {
    for (const pid of [...descendantsOf(cli.pid!), cli.pid!]) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  const killed = await cli;
  expect(killed.signal).toBe('SIGKILL');
  await client.query('ROLLBACK');
  // The killed import's sessions end once the server notices their clients are gone.
  await poll(async () => ((await activity('true')).length === 0 ? true : undefined));

  expect(await siteState()).toEqual(before);
  const { rows: runs } = await client.query('SELECT file_name, status FROM import_runs ORDER BY id');
  expect(runs).toEqual([
    { file_name: 'demo-businesses.xlsx', status: 'done' },
    { file_name: 'big.xlsx', status: 'running' },
  ]);

  const next = await runCli(['import', bigFile, '--db', postgres.url]);
  expect(next.exitCode).toBe(0);
  expect(String(next.stderr)).toContain('big.xlsx: Import completed: 5000 businesses were imported');
  const after = await siteState();
  expect(after.placeIds).toHaveLength(5300);
  expect(after.total).toBe(5300);
  expect(after.indexes).toEqual(before.indexes);
  const { rows: finalRuns } = await client.query('SELECT file_name, status FROM import_runs ORDER BY id');
  expect(finalRuns.map((run) => run.status)).toEqual(['done', 'interrupted', 'done']);
}

/** The businesses (by place id), their count as the site shows it, and the data version. */
async function siteState() {
  const placeIds = (
    await client.query('SELECT place_id FROM businesses ORDER BY place_id COLLATE "C"')
  ).rows.map((row) => row.place_id as string);
  const stats = Object.fromEntries(
    (await client.query('SELECT key, value FROM site_stats')).rows.map((row) => [row.key, Number(row.value)]),
  );
  // An import that at least doubles the site drops the table's secondary indexes while it writes:
  // a killed one leaves them as they were.
  const indexes = (
    await client.query(`SELECT indexdef FROM pg_indexes WHERE tablename = 'businesses' ORDER BY indexname`)
  ).rows.map((row) => row.indexdef as string);
  return { placeIds, total: stats.total_businesses, version: stats.data_version, indexes };
}

/** Other sessions on the test's database matching `where`. */
async function activity(where: string): Promise<{ pid: number; query: string }[]> {
  // Inside the test's transaction the statistics views answer from one snapshot unless it is cleared.
  await client.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await client.query(
    `SELECT pid, query FROM pg_stat_activity
     WHERE datname = current_database() AND pid <> pg_backend_pid() AND (${where})`,
  );
  return rows;
}

async function poll<T>(probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting for the import to reach the point');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Every process below pid (Linux: /proc). */
function descendantsOf(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      // The parent's pid is the 4th field, after the command in parentheses (which may hold spaces).
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
    } catch {
      // ended meanwhile
    }
  }
  const found: number[] = [];
  const visit = (of: number) => {
    for (const child of children.get(of) ?? []) {
      found.push(child);
      visit(child);
    }
  };
  visit(pid);
  return found;
}
