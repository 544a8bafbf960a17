// Child-process entry of an import. Plain JavaScript so that Node can start it: it registers the
// TypeScript loader, lowers the priority of every thread of this process (the import's own, the
// garbage collector's helpers, zlib's thread pool: all busy for the import alone), then runs the job.
import { register } from 'tsx/esm/api';

register();
const { lowerProcessPriority } = await import('../jobs/thread-priority.ts');
lowerProcessPriority();
await import('./import-child-main.ts');
