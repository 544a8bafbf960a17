// The import's process starts from one JavaScript file bundled from its TypeScript modules: through
// the TypeScript loader its ~45 modules and their packages took 0.6–1.3 s to load, a pause in the
// panel's progress bar at every import's start; the bundle loads in ~0.1 s (docs/decisions/0018).
// The manifest says which bundle is current and what it was built from; a bundle is used only while
// every one of its inputs has the size and modification time it had at the build, so an edited
// module (development, an upgrade) rebuilds it before the next import, never runs stale code.
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Raised when what the builder writes changes shape, so older manifests are not trusted. */
export const BUNDLE_FORMAT = 1;

export const PROJECT_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Inside the project, so that the bundle finds its one external package (better-sqlite3). */
export const DEFAULT_CACHE_DIR = join(PROJECT_ROOT, 'node_modules', '.cache', 'import-child');

export const MANIFEST_FILE = 'manifest.json';

/** A bundle's file name: from the hash of its content, so concurrent builders write the same file. */
export const BUNDLE_NAME = /^import-child\.[0-9a-f]{16}\.mjs$/;

export function bundleName(contentHash: string): string {
  return `import-child.${contentHash.slice(0, 16)}.mjs`;
}

/** An input as it was when the bundle was built: path (from the project root), mtime in ms, size. */
export type InputStamp = [path: string, mtimeMs: number, size: number];

export interface BundleManifest {
  format: number;
  /** File name of the bundle, in the cache directory. */
  bundle: string;
  inputs: InputStamp[];
}

export async function stampOf(path: string): Promise<InputStamp | undefined> {
  try {
    const info = await stat(resolve(PROJECT_ROOT, path));
    return [path, info.mtimeMs, info.size];
  } catch {
    return undefined;
  }
}

/** The current bundle's path, or undefined when there is none or any of its inputs changed. */
export async function freshBundle(cacheDir: string): Promise<string | undefined> {
  let manifest: BundleManifest;
  try {
    manifest = JSON.parse(await readFile(join(cacheDir, MANIFEST_FILE), 'utf8'));
  } catch {
    return undefined;
  }
  if (
    manifest?.format !== BUNDLE_FORMAT ||
    typeof manifest.bundle !== 'string' ||
    !BUNDLE_NAME.test(manifest.bundle) ||
    !Array.isArray(manifest.inputs) ||
    manifest.inputs.length === 0
  )
    return undefined;
  const bundle = join(cacheDir, manifest.bundle);
  const checks = await Promise.all([
    stat(bundle).then(
      (info) => info.isFile(),
      () => false,
    ),
    ...manifest.inputs.map(async ([path, mtimeMs, size]) => {
      const now = await stampOf(path);
      return now !== undefined && now[1] === mtimeMs && now[2] === size;
    }),
  ]);
  return checks.every(Boolean) ? bundle : undefined;
}
