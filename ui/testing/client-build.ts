// Browser tests need the built client. Built once per test run (vitest globalSetup), and only when
// a file under ui/ is newer than the last build.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const MANIFEST = join(ROOT, 'dist', 'client', '.vite', 'manifest.json');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'testing' || entry.name.endsWith('.test.ts')) continue;
    const path = join(dir, entry.name);
    const time = entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

export function clientBuildIsCurrent(): boolean {
  if (!existsSync(MANIFEST)) return false;
  const built = statSync(MANIFEST).mtimeMs;
  return (
    newestMtime(join(ROOT, 'ui')) <= built &&
    newestMtime(join(ROOT, 'server', 'contract')) <= built &&
    statSync(join(ROOT, 'vite.config.ts')).mtimeMs <= built
  );
}

export function ensureClientBuild(): void {
  if (clientBuildIsCurrent()) return;
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: ROOT,
      stdio: 'inherit',
      // Vite builds React's development bundle when NODE_ENV says so (vitest sets it to "test").
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
}
