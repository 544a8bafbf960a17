// The visitors' load generator on its own thread: a benchmark that also uploads a 55 MB file or polls
// from its main thread would otherwise delay reading the visitors' answers on a shared event loop, and
// count its own delay as the server's latency.
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { typeScriptWorker } from '../../server/runtime/entry-points.ts';
import type { SteadyLoadOptions, SteadyLoadResult } from './steady-load.ts';

export function steadyLoadInThread(options: SteadyLoadOptions): Promise<SteadyLoadResult> {
  const { until, ...data } = options;
  const worker = new Worker(
    typeScriptWorker(fileURLToPath(new URL('./steady-load-thread-main.ts', import.meta.url))),
    {
      workerData: data,
    },
  );
  void until?.finally(() => worker.postMessage('stop'));
  return new Promise((resolve, reject) => {
    worker.once('message', (result: SteadyLoadResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the load thread stopped (exit ${code})`)));
  });
}
