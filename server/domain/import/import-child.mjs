// The import's process where its bundle cannot be built (child-script/child-script.ts): plain
// JavaScript so that Node can start it, it registers the TypeScript loader and runs the entry.
import '../../register-typescript.mjs';

await import('./import-child-entry.ts');
