// Benchmark support: runs a measured step in a fresh child process (so peak RSS belongs to that step
// alone) and summarises repeated runs by their median.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface Sample {
  ms: number;
  maxRssMb: number;
  [extra: string]: number;
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `bench/<script>` with args in a child Node process; the script prints one JSON Sample last. */
export function runChild(script: string, args: string[], env: NodeJS.ProcessEnv = {}): Sample {
  const out = execFileSync(process.execPath, ['--import', 'tsx', `bench/${script}`, ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const last = out.trim().split('\n').at(-1) ?? '{}';
  return JSON.parse(last) as Sample;
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
