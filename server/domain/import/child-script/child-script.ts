// Which script an import's process runs: the bundle (manifest.ts), built first where it is missing or
// stale, else the TypeScript loader's entry, which is always right but slow to start. The server
// looks once at start-up, so that the first import does not wait for a build either.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { backgroundLauncher } from '../../jobs/background-launcher.ts';
import { DEFAULT_CACHE_DIR, freshBundle } from './manifest.ts';

/** The entry through the TypeScript loader. */
export const LOADER_ENTRY = fileURLToPath(new URL('../import-child.mjs', import.meta.url));
const BUILDER = fileURLToPath(new URL('./build-bundle.mjs', import.meta.url));

/** An import process's command line names one of these scripts (tests and tools look for them). */
export const IMPORT_PROCESS_SCRIPT = /import-child(\.[0-9a-f]+)?\.mjs/;

export interface ChildScript {
  path: string;
  bundled: boolean;
  /** Why the bundle is not used (its build failed). */
  problem?: string;
}

const pending = new Map<string, Promise<ChildScript>>();
/** A build that failed is not retried in this process (a read-only install would fail each time). */
const failed = new Map<string, string>();

export function importChildScript(cacheDir: string = DEFAULT_CACHE_DIR): Promise<ChildScript> {
  let found = pending.get(cacheDir);
  if (!found) {
    // One look at a time; the next call looks again (a module edited meanwhile means a new build).
    found = locate(cacheDir).finally(() => pending.delete(cacheDir));
    pending.set(cacheDir, found);
  }
  return found;
}

const throughLoader = (problem: string): ChildScript => ({ path: LOADER_ENTRY, bundled: false, problem });

async function locate(cacheDir: string): Promise<ChildScript> {
  const problem = failed.get(cacheDir);
  if (problem) return throughLoader(problem);
  const fresh = await freshBundle(cacheDir);
  if (fresh) return { path: fresh, bundled: true };
  try {
    await runBuilder(cacheDir);
    const built = await freshBundle(cacheDir);
    if (built) return { path: built, bundled: true };
    // Another builder's manifest for other inputs, or an input edited just now: the next import
    // looks again.
    return throughLoader('the bundle was stale as soon as it was built');
  } catch (error) {
    const message = `the import's bundle could not be built: ${(error as Error).message}`;
    failed.set(cacheDir, message);
    return throughLoader(message);
  }
}

async function runBuilder(cacheDir: string): Promise<void> {
  // In the background like the import itself: the server may be answering visitors.
  const [command, ...args] = [...(await backgroundLauncher()), process.execPath, BUILDER, cacheDir];
  await new Promise<void>((resolve, reject) => {
    const builder = spawn(command!, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    builder.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    builder.on('error', reject);
    builder.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(lastErrorLine(stderr) ?? `the builder stopped (${signal ?? `exit ${code}`})`));
    });
  });
}

/** The thrown error's own line from a Node stack trace on stderr. */
function lastErrorLine(stderr: string): string | undefined {
  const lines = stderr.split('\n').map((line) => line.trim());
  return lines.find((line) => /^(\w*Error|Error)\b.*:/.test(line)) ?? lines.find(Boolean);
}
