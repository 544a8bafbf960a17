// Worker-thread entry. Plain JavaScript so that Node can start it directly; it registers the
// TypeScript loader for this thread (loaders do not carry over from the parent) and runs the job.
import { register } from 'tsx/esm/api';

register();
await import('./import-worker-main.ts');
