// Every path of a list asked exactly once, as askEachOnce does with autocannon, but from wrk: a load
// generator written in C (Debian's `wrk` package; `apt-get install wrk`) driving the connections with
// bench/lib/each-once.lua. On these 2-core machines the load generator shares the cores with the
// server it measures: autocannon's JavaScript costs ~0.2 ms of CPU per request (measured: 592 ms for
// 3,096 suggestions while the two server processes spent 1,900), so at a few thousand requests a
// second it takes a quarter of the machine from the server, and its own event loop's delays are
// counted as the server's. wrk's cost per request is a few µs. Decision 0043.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Run } from './ask-each-once.ts';

const SCRIPT = join(import.meta.dirname, 'each-once.lua');

/** The load generators a first-time benchmark runs from: autocannon, and wrk when it is installed
 *  (when it is not, the benchmark says so and leaves its rows out). */
export function loadGenerators(): Load[] {
  if (spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined) return ['autocannon', 'wrk'];
  console.error('wrk is not installed (apt-get install wrk): its rows are left out');
  return ['autocannon'];
}

export interface NativeRun extends Run {
  /** Answers whose body holds `emptyMarker` (no results). */
  empty: number;
}

/** Asks `paths` of the server on 127.0.0.1:`port` once each over `connections` connections. A run
 *  ends at its last answer or after `capSeconds` (default 600). */
export async function askEachOnceNative(
  port: number,
  paths: readonly string[],
  {
    connections,
    emptyMarker = '',
    capSeconds = 600,
  }: {
    connections: number;
    emptyMarker?: string;
    capSeconds?: number;
  },
): Promise<NativeRun> {
  const dir = mkdtempSync(join(tmpdir(), 'each-once-'));
  const list = join(dir, 'paths.txt');
  writeFileSync(list, `${paths.join('\n')}\n`);
  try {
    const output = await run('wrk', [
      '-t1',
      `-c${Math.min(connections, paths.length)}`,
      `-d${capSeconds}s`,
      '--timeout',
      '30s',
      '-s',
      SCRIPT,
      `http://127.0.0.1:${port}`,
      '--',
      list,
      emptyMarker,
    ]);
    const line = output.split('\n').find((l) => l.startsWith('EACH_ONCE '));
    if (!line) throw new Error(`wrk gave no figures:\n${output}`);
    const figures = JSON.parse(line.slice('EACH_ONCE '.length)) as {
      answered: number;
      seconds: number;
      p50: number;
      p99: number;
      max: number;
      non2xx: number;
      empty: number;
      errors: number;
    };
    return {
      asked: figures.answered,
      seconds: figures.seconds,
      rps: Math.round(figures.answered / figures.seconds),
      // wrk's histogram is in µs.
      p50: figures.p50 / 1000,
      p99: figures.p99 / 1000,
      max: figures.max / 1000,
      non2xx: figures.non2xx,
      errors: figures.errors,
      empty: figures.empty,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let interrupted = false;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      // The last answer is in (bench/lib/each-once.lua): wrk's main thread would sleep out -d.
      if (!interrupted && out.includes('EACH_ONCE_ANSWERED')) {
        interrupted = true;
        child.kill('SIGINT');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`wrk exited with ${code}:\n${out}`)),
    );
  });
}

/** The load generators a first-time benchmark runs from. */
export type Load = 'autocannon' | 'wrk';

/** What a table of both says about them (docs/benchmarks.md). */
export const LOAD_NOTE =
  'Load from autocannon (JavaScript, in the bench process: ~0.2 ms of CPU per request on the 2 cores the server runs on) and from wrk (C; `apt-get install wrk`), each run on a fresh server; a target is met only when it is met from each of them (decision 0043).';
