// Worker-thread entry for runDatabaseJob. Plain JavaScript so that Node can start it directly; it
// registers the TypeScript loader for this thread (loaders do not carry over from the parent).
import { register } from 'tsx/esm/api';

register();
await import('./job-worker-main.ts');
