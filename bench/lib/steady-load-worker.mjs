// Worker-thread entry for steadyLoadInThread: plain JavaScript so that Node can start it; it registers
// the TypeScript loader for this thread (loaders do not carry over) and runs the load.
import { register } from 'tsx/esm/api';

register();
await import('./steady-load-thread-main.ts');
