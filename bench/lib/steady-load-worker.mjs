// Worker-thread entry for steadyLoadInThread: plain JavaScript so that Node can start it; it registers
// the TypeScript loader for this thread (loaders do not carry over) and runs the load.
import '../../server/register-typescript.mjs';

await import('./steady-load-thread-main.ts');
