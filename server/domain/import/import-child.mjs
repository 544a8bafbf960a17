// The import's process where its bundle cannot be built (child-script/child-script.ts): plain
// JavaScript so that Node can start it, it registers the TypeScript loader and runs the entry.
import { register } from 'tsx/esm/api';

register();
await import('./import-child-entry.ts');
