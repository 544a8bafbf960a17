// The nice value is per thread on Linux: a job thread lowers its own, the event loop keeps its own.
import { getPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';

const linux = process.platform === 'linux';

describe('lowerThisThreadPriority', () => {
  it.runIf(linux)('lowers the calling worker thread only', async () => {
    const before = getPriority();
    const source = `
      const { parentPort } = require('node:worker_threads');
      const { getPriority } = require('node:os');
      import('tsx/esm/api')
        .then(({ register }) => register())
        .then(() => import(${JSON.stringify(new URL('./thread-priority.ts', import.meta.url).href)}))
        .then(({ lowerThisThreadPriority }) => {
          const tid = lowerThisThreadPriority(7);
          parentPort.postMessage({ tid, nice: tid === null ? null : getPriority(tid) });
        })
        .catch((error) => parentPort.postMessage({ error: String(error) }));
    `;
    // Loaders do not carry over to worker threads: the worker registers tsx, as the job workers do.
    const worker = new Worker(source, { eval: true });
    const result = await new Promise<{ tid: number | null; nice: number | null; error?: string }>(
      (resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      },
    );
    await worker.terminate();
    expect(result.error).toBeUndefined();
    expect(result.tid).toBeGreaterThan(0);
    expect(result.tid).not.toBe(process.pid);
    expect(result.nice).toBe(Math.max(7, before));
    expect(getPriority()).toBe(before);
  });
});

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
