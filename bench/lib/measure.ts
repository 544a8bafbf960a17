// Benchmark support: runs a measured step in a fresh child process (so peak RSS belongs to that step
// alone) and summarises repeated runs by their median.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Sample {
  ms: number;
  maxRssMb: number;
  [extra: string]: number;
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** GNU time, where installed: the only way to read the peak RSS of a step's child processes (an
 *  import runs in one of its own), which Node's process.resourceUsage() does not count. */
const GNU_TIME = '/usr/bin/time';

/** Runs `bench/<script>` with args in a child Node process; the script prints one JSON Sample last.
 *  maxRssMb is the largest peak of the step's process and the processes it started and waited for. */
export function runChild(script: string, args: string[], env: NodeJS.ProcessEnv = {}): Sample {
  const node = [process.execPath, '--import', 'tsx', `bench/${script}`, ...args];
  const timeFile = join(mkdtempSync(join(tmpdir(), 'bench-time-')), 'max-rss-kb');
  const [command, ...commandArgs] = existsSync(GNU_TIME)
    ? [GNU_TIME, '-f', '%M', '-o', timeFile, ...node]
    : node;
  const out = execFileSync(command!, commandArgs, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SITE_URL: 'https://directory.example',
      // The import's process and the job worker from the build, as production runs them.
      DIRECTORY_CHILDREN_FROM_BUILD: '1',
      ...env,
    },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const last = out.trim().split('\n').at(-1) ?? '{}';
  const sample = JSON.parse(last) as Sample;
  if (existsSync(timeFile)) {
    const treeKb = Number(readFileSync(timeFile, 'utf8').trim().split('\n').at(-1));
    if (Number.isFinite(treeKb)) sample.maxRssMb = Math.max(sample.maxRssMb, Math.round(treeKb / 1024));
  }
  rmSync(dirname(timeFile), { recursive: true, force: true });
  return sample;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Peak RSS of this process including its worker threads, in MB. */
export function maxRssMb(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

/** Samples the peak RSS (VmHWM) of this process's child processes (an import runs in one of its own)
 *  every 100 ms until stopped; returns the largest seen, in MB. Linux only (0 elsewhere). */
export function watchChildrenPeakRss(): () => number {
  let peakKb = 0;
  const sample = () => {
    let pids: string[];
    try {
      pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
    } catch {
      return;
    }
    for (const pid of pids) {
      try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        if (Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) !== process.pid) continue;
        peakKb = Math.max(peakKb, Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1] ?? 0));
      } catch {
        // the process ended meanwhile
      }
    }
  };
  const timer = setInterval(sample, 100);
  return () => {
    clearInterval(timer);
    sample();
    return Math.round(peakKb / 1024);
  };
}
