// Benchmarks run each server in its own process: start one and wait for its ready line.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, readFileSync } from 'node:fs';
import { hashPassword } from '../../server/domain/admin/password-hash.ts';

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

/** What a production server needs to start: a session secret and admin credentials. */
export async function productionEnv(
  adminPassword = randomBytes(16).toString('hex'),
): Promise<NodeJS.ProcessEnv> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    SESSION_SECRET: randomBytes(48).toString('base64'),
    ADMIN_PASSWORD_HASH: await hashPassword(adminPassword),
  };
}

/** `directory serve` on a database and port, ready when it prints its address. Node flags, e.g.
 *  "--cpu-prof --cpu-prof-dir bench/out/profiles", profile the server; any benchmark's server takes
 *  them from BENCH_NODE_FLAGS. */
export function startDirectoryServer(
  dbPath: string,
  port: number,
  env: NodeJS.ProcessEnv,
  extraArgs: string[] = [],
  nodeFlags: string[] = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [],
): Promise<ChildProcess> {
  return startChild(
    [...nodeFlags, 'cli/directory.mjs', 'serve', ...extraArgs, '--db', dbPath, '--port', String(port)],
    env,
    /Serving/,
  );
}

export interface ServerMemory {
  rssMb: number;
  peakMb: number;
}

/** A server's resident memory now and its peak so far, from /proc (Linux; NaN elsewhere). */
export function serverMemory(pid: number | undefined): ServerMemory {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1]);
    return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return { rssMb: Number.NaN, peakMb: Number.NaN };
  }
}

/** Stops a server with SIGTERM and waits until it has exited. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
