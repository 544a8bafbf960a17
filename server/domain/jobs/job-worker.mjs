// Worker-thread entry for runDatabaseJob. Plain JavaScript so that Node can start it directly; it
// registers the TypeScript loader for this thread (loaders do not carry over from the parent).
import '../../register-typescript.mjs';

await import('./job-worker-main.ts');
