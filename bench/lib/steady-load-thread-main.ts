// Runs one steady load in this worker thread until the parent says stop (or maxMs passes).
import { parentPort, workerData } from 'node:worker_threads';
import { type SteadyLoadOptions, steadyLoad } from './steady-load.ts';

const port = parentPort!;
const stop = new Promise((resolve) => port.once('message', resolve));
const result = await steadyLoad({ ...(workerData as Omit<SteadyLoadOptions, 'until'>), until: stop });
port.postMessage(result);
port.close();
