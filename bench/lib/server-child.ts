// Benchmarks run each server in its own process: start one and wait for its ready line.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, createReadStream, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashPassword } from '../../server/domain/admin/password-hash.ts';
import { INSTALL_ROOT, processEntry } from '../../server/runtime/entry-points.ts';

/** Benchmarks measure what production runs: the build (`npm run build`), started as `npm start`
 *  starts it, with the Node flags of package.json's start script. */
export const BUILT_CLI = processEntry('cli', false).script;
export const START_NODE_FLAGS: readonly string[] = startScriptFlags();
export const START_HEAP_GROWTH_PERCENT = Number(
  START_NODE_FLAGS.find((flag) => flag.startsWith('--heap-growing-percent='))?.split('=')[1],
);

function startScriptFlags(): string[] {
  const scripts = JSON.parse(readFileSync(join(INSTALL_ROOT, 'package.json'), 'utf8')).scripts;
  const words = String(scripts.start).split(/\s+/);
  return words.slice(words.indexOf('node') + 1).filter((word) => word.startsWith('--'));
}

/** The built CLI, or a clear stop when nothing was built. */
export function builtCli(): string {
  if (!existsSync(BUILT_CLI)) throw new Error(`${BUILT_CLI} is missing: run npm run build first`);
  return BUILT_CLI;
}

export function startChild(args: string[], env: NodeJS.ProcessEnv, readyText: RegExp): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // BENCH_CHILD_LOG=file keeps what the server prints (e.g. with BENCH_NODE_FLAGS=--trace-gc).
    const log = process.env.BENCH_CHILD_LOG;
    const onData = (chunk: Buffer) => {
      if (log) appendFileSync(log, chunk);
      if (readyText.test(chunk.toString())) resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

/**
 * Reads an SQLite database file (and its WAL) once, so that the server measured finds it in the
 * operating system's page cache, as a server that has been running does. Some hosts drop the page
 * cache between runs: on one, the long-tail search at 1M businesses ran at 245 req/s (p99 126 ms) on
 * a file mostly read from disk and at 544 req/s (p99 52 ms) right after the file had been read.
 * Nothing to do for a PostgreSQL address (the database server keeps its own cache).
 */
export async function readIntoPageCache(dbPath: string): Promise<void> {
  for (const path of [dbPath, `${dbPath}-wal`]) {
    if (!existsSync(path)) continue;
    for await (const _chunk of createReadStream(path, { highWaterMark: 8 * 1024 * 1024 })) {
      // Only the reading matters.
    }
  }
}

/** What a production server needs to start: a session secret and admin credentials. */
export async function productionEnv(
  adminPassword = randomBytes(16).toString('hex'),
): Promise<NodeJS.ProcessEnv> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    // Production names its public address; a benchmark's pages only need one.
    SITE_URL: 'https://directory.example',
    SESSION_SECRET: randomBytes(48).toString('base64'),
    ADMIN_PASSWORD_HASH: await hashPassword(adminPassword),
  };
}

/** `directory serve` from the build on a database and port, ready when it prints its address. Node
 *  flags: the start script's, then BENCH_NODE_FLAGS (e.g. "--cpu-prof --cpu-prof-dir
 *  bench/out/profiles" profiles the server). */
export async function startDirectoryServer(
  dbPath: string,
  port: number,
  env: NodeJS.ProcessEnv,
  extraArgs: string[] = [],
  nodeFlags: readonly string[] = [
    ...START_NODE_FLAGS,
    ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
  ],
): Promise<ChildProcess> {
  await readIntoPageCache(dbPath);
  return startChild(
    [...nodeFlags, builtCli(), 'serve', ...extraArgs, '--db', dbPath, '--port', String(port)],
    env,
    /Serving/,
  );
}

export interface ServerMemory {
  rssMb: number;
  peakMb: number;
  /** Of the RSS: anonymous memory (heap, native allocations) and file-backed or shared pages. */
  anonMb: number;
  fileMb: number;
}

/** A server's resident memory now and its peak so far, from /proc (Linux; NaN elsewhere). */
export function serverMemory(pid: number | undefined): ServerMemory {
  try {
    // With several server processes (SERVER_PROCESSES), the primary's and theirs together: an upper
    // bound, as pages they share (the code, the database file's) count once per process.
    const pids = [pid, ...childPids(pid)];
    const statuses = pids.map((p) => readFileSync(`/proc/${p}/status`, 'utf8'));
    const kb = (field: string) =>
      statuses.reduce(
        (sum, status) => sum + Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1]),
        0,
      );
    const mb = (...fields: string[]) => Math.round(fields.reduce((sum, field) => sum + kb(field), 0) / 1024);
    return {
      rssMb: mb('VmRSS'),
      peakMb: mb('VmHWM'),
      anonMb: mb('RssAnon'),
      fileMb: mb('RssFile', 'RssShmem'),
    };
  } catch {
    return { rssMb: Number.NaN, peakMb: Number.NaN, anonMb: Number.NaN, fileMb: Number.NaN };
  }
}

/** `--processes 1,2`: the counts of server processes (SERVER_PROCESSES) to run a benchmark with. */
export function processCountsOf(text: string): number[] {
  const counts = text.split(',').map(Number);
  if (counts.some((count) => !Number.isInteger(count) || count < 1))
    throw new Error('--processes: whole numbers from 1, comma-separated');
  return counts;
}

/** The processes a process started (its server processes). */
function childPids(pid: number | undefined): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Stops a server with SIGTERM and waits until it has exited. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
