// Where the processes and threads this program starts find their code, and where its files are.
//
// Built (`npm run build`), everything runs as plain JavaScript from dist/server/: the CLI and server
// (directory.mjs), the import's process (import-child.mjs), a job's process (job-worker.mjs) and the
// thread that reads the grid of coordinates (grid-reader.mjs), side by side, so each finds the others
// beside its own file. Run from the TypeScript sources (development,
// the tests), Node is given tsx's loader for each new process or thread — loaders do not carry over —
// registered with this project's tsconfig.json by its path: tsx otherwise looks for one from the
// working directory, and a server started elsewhere compiled JSX for the wrong runtime.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Whether this process runs the TypeScript sources (in a build every module is one .mjs file). */
export const FROM_SOURCE = import.meta.url.endsWith('.ts');

/** DIRECTORY_CHILDREN_FROM_BUILD=1: the processes and threads this one starts run the build even
 *  while it runs the sources — benchmarks that drive the domain in-process (an import, SEO) then
 *  measure the import's process and the job worker as production runs them (`npm run bench`). */
const CHILDREN_FROM_SOURCE = FROM_SOURCE && process.env.DIRECTORY_CHILDREN_FROM_BUILD !== '1';

/** The folder holding package.json: the repository in development, the installed copy in production
 *  (dist/ sits inside it, beside ui/public and the lock file). */
export const INSTALL_ROOT = findInstallRoot(dirname(fileURLToPath(import.meta.url)));

function findInstallRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

/** The built server, CLI and child entries (`npm run build`). */
export const SERVER_DIST_DIR = join(INSTALL_ROOT, 'dist', 'server');

const ENTRIES = {
  cli: { source: 'cli/directory.ts', built: 'directory.mjs' },
  'import-child': { source: 'server/domain/import/import-child-entry.ts', built: 'import-child.mjs' },
  'job-worker': { source: 'server/domain/jobs/job-worker-main.ts', built: 'job-worker.mjs' },
  'grid-reader': { source: 'db/geo/point-grid-thread-main.ts', built: 'grid-reader.mjs' },
} as const;

export type EntryName = keyof typeof ENTRIES;

export interface ProcessEntry {
  /** Node's flags before the script (the TypeScript loader, from the sources). */
  nodeArgs: string[];
  script: string;
}

/** How to start `name` in a new Node process. */
export function processEntry(name: EntryName, fromSource: boolean = CHILDREN_FROM_SOURCE): ProcessEntry {
  if (!fromSource) return { nodeArgs: [], script: join(SERVER_DIST_DIR, ENTRIES[name].built) };
  return { nodeArgs: ['--import', sourceLoaderUrl()], script: join(INSTALL_ROOT, ENTRIES[name].source) };
}

/** What to start `name` from in a new worker thread. */
export function threadEntry(name: EntryName, fromSource: boolean = CHILDREN_FROM_SOURCE): string | URL {
  if (!fromSource) return join(SERVER_DIST_DIR, ENTRIES[name].built);
  return typeScriptWorker(join(INSTALL_ROOT, ENTRIES[name].source));
}

/** A worker thread's first module that runs a TypeScript file through tsx (the benchmarks' load threads). */
export function typeScriptWorker(path: string): URL {
  const source = JSON.stringify(pathToFileURL(path).href);
  return new URL(moduleUrl(`${registerTsx()} await import(${source});`));
}

function sourceLoaderUrl(): string {
  return moduleUrl(registerTsx());
}

function registerTsx(): string {
  // Resolved only from the sources: tsx is a development dependency, absent from a production install.
  const api = import.meta.resolve('tsx/esm/api');
  const tsconfig = join(INSTALL_ROOT, 'tsconfig.json');
  return `import { register } from ${JSON.stringify(api)}; register({ tsconfig: ${JSON.stringify(tsconfig)} });`;
}

const moduleUrl = (code: string) => `data:text/javascript,${encodeURIComponent(code)}`;

/** An import process's command line names one of these scripts (tests and tools look for them). */
export const IMPORT_PROCESS_SCRIPT = /import-child(-entry\.ts|\.mjs)/;
