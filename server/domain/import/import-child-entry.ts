// What the import's process runs (dist/server/import-child.mjs once built; server/runtime/): lower the priority of every thread of this process (the import's own, the
// garbage collector's helpers, zlib's thread pool: all busy for the import alone) before the
// pipeline's modules load, then wait for the job.
import { lowerProcessPriority } from '../jobs/thread-priority.ts';

lowerProcessPriority();
await import('./import-child-main.ts');
