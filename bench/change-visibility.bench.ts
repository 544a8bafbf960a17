// How soon another instance sees a change (issue 18: "the time until a change is seen by the other
// instance"), side by side in one run. An instance's caches follow the data version:
// - SQLite: several processes on one file read the version on every request (one indexed row), so
//   the next request after the writer's commit sees it; measured here as commit → a second
//   connection's read showing the new version.
// - PostgreSQL: each instance holds the version in memory, moved by LISTEN/NOTIFY (delivered at the
//   writer's commit) and by a poll every half second (db/postgres/data-version-follower.ts); measured as
//   commit → the follower's value moving, with the announcement, and with the poll alone (LISTEN
//   lost).
//   npx tsx bench/change-visibility.bench.ts [--changes 200]
import { parseArgs } from 'node:util';
import { openSqlite } from '../db/connection.ts';
import { openPostgres } from '../db/postgres/connection.ts';
import { DEFAULT_POLL_MS, followDataVersion } from '../db/postgres/data-version-follower.ts';
import { bumpDataVersionQuery, dataVersionReader } from '../db/stats-repository.ts';
import { createTestStore } from '../server/domain/testing/test-store.ts';
import { machineLine, writeResultSection } from './lib/results.ts';
import { latencyFigures } from './lib/steady-load.ts';

const { values } = parseArgs({ options: { changes: { type: 'string', default: '200' } } });
const changes = Number(values.changes);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Milliseconds from each commit until `seen()` reports it; a short pause between changes. */
async function measure(commit: () => Promise<void>, current: () => number, count: number): Promise<number[]> {
  const delays: number[] = [];
  for (let i = 0; i < count; i++) {
    const before = current();
    const started = performance.now();
    await commit();
    while (current() === before) await new Promise((resolve) => setImmediate(resolve));
    delays.push(performance.now() - started);
    await pause(5);
  }
  return delays;
}

const lite = await createTestStore('sqlite');
if (lite.store.dialect !== 'sqlite') throw new Error('unreachable');
const otherProcessView = openSqlite(lite.store.path);
const readOther = dataVersionReader(otherProcessView);
const sqliteDelays = await measure(
  () => lite.store.run(bumpDataVersionQuery, {}).then(() => {}),
  readOther,
  changes,
);

const pg = await createTestStore('postgres');
const other = openPostgres(pg.address, pg.address, { poolSize: 2 });
const follower = await followDataVersion(other.pool);
const notifyDelays = await measure(
  () => pg.store.run(bumpDataVersionQuery, {}).then(() => {}),
  follower.current,
  changes,
);
await follower.stop();
// The poll alone: a follower whose LISTEN connection is gone catches up within pollMs.
const pollOnly = await followDataVersion(other.pool, { onError: () => undefined });
if (pg.store.dialect !== 'postgres') throw new Error('unreachable');
const pollDelays: number[] = [];
for (let i = 0; i < 10; i++) {
  await pg.store.query(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND datname = current_database()`,
  );
  pollDelays.push(
    ...(await measure(() => pg.store.run(bumpDataVersionQuery, {}).then(() => {}), pollOnly.current, 1)),
  );
}
await pollOnly.stop();

const row = (label: string, delays: number[]) => {
  const { p50, p99, max } = latencyFigures(delays);
  return `| ${label} | ${delays.length} | ${p50.toFixed(2)} ms | ${p99.toFixed(2)} ms | ${max.toFixed(2)} ms |`;
};
const markdown = `### Change seen by another instance

${machineLine()}; PostgreSQL 15 on this machine over TCP. From the writer's commit of a data-version raise (what every write of site data does) until another instance's view of the version has moved.

| how the other instance learns of it | changes | median | p99 | max |
|---|---:|---:|---:|---:|
${row('SQLite, another connection on the same file (read at each request)', sqliteDelays)}
${row('PostgreSQL, LISTEN/NOTIFY', notifyDelays)}
${row(`PostgreSQL, the ${DEFAULT_POLL_MS} ms poll alone (LISTEN connection lost)`, pollDelays)}`;
console.log(markdown);
writeResultSection('change-visibility', markdown);

otherProcessView.close();
await other.close();
await lite.dispose();
await pg.dispose();
