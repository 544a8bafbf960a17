// The nice value is per thread on Linux: a job's process lowers every thread it has and starts.
import { getPriority } from 'node:os';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';

const linux = process.platform === 'linux';

describe('lowerProcessPriority', () => {
  it.runIf(linux)('lowers every thread of the process it runs in, and what they start later', async () => {
    const module = JSON.stringify(new URL('./thread-priority.ts', import.meta.url).href);
    const script = `
      const { readdirSync, readFileSync } = await import('node:fs');
      const { lowerProcessPriority } = await import(${module});
      const lowered = lowerProcessPriority(6);
      const { Worker } = await import('node:worker_threads');
      const later = new Worker('setTimeout(() => {}, 5000)', { eval: true });
      await new Promise((resolve) => later.once('online', resolve));
      const nice = (tid) => Number(readFileSync('/proc/self/task/' + tid + '/stat', 'utf8').split(') ')[1].split(' ')[16]);
      console.log(JSON.stringify({ lowered, nices: readdirSync('/proc/self/task').map(nice) }));
      await later.terminate();
    `;
    const { stdout } = await execa(process.execPath, [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      script,
    ]);
    const result = JSON.parse(stdout) as { lowered: number; nices: number[] };
    expect(result.lowered).toBeGreaterThan(1);
    expect(result.nices.length).toBeGreaterThan(result.lowered);
    expect(new Set(result.nices)).toEqual(new Set([Math.max(6, getPriority())]));
  });
});
