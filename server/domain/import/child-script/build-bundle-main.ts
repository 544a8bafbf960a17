// Builds the import process's bundle into the cache directory given as the only argument: the bundle
// under a name from its content, then the manifest. Both are written whole and renamed into place, so
// concurrent builders (test workers, a server and a CLI) and readers never see half a file.
import { createHash } from 'node:crypto';
import { mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import {
  BUNDLE_FORMAT,
  BUNDLE_NAME,
  type BundleManifest,
  bundleName,
  type InputStamp,
  MANIFEST_FILE,
  PROJECT_ROOT,
  stampOf,
} from './manifest.ts';

const ENTRY = fileURLToPath(new URL('../import-child-entry.ts', import.meta.url));
/** Older bundles are removed only after this long: a process just spawned may still be loading one. */
const KEEP_OLD_BUNDLES_MS = 60 * 60 * 1000;

const cacheDir = process.argv[2];
if (!cacheDir) throw new Error('usage: build-bundle.mjs <cache directory>');

const startedAt = Date.now();
const result = await build({
  absWorkingDir: PROJECT_ROOT,
  entryPoints: [ENTRY],
  outfile: join(cacheDir, 'import-child.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // A native addon: loaded from node_modules, as the server loads it.
  external: ['better-sqlite3'],
  // The packages written as CommonJS call require(), which an ES module does not have.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  write: false,
  metafile: true,
  logLevel: 'silent',
});
const contents = result.outputFiles[0]!.contents;
const name = bundleName(createHash('sha256').update(contents).digest('hex'));

// What the bundle was built from, and what built it: this builder and esbuild's version.
const esbuildPackage = createRequire(import.meta.url).resolve('esbuild/package.json');
const inputPaths = [
  ...Object.keys(result.metafile.inputs),
  relative(PROJECT_ROOT, fileURLToPath(import.meta.url)),
  relative(PROJECT_ROOT, fileURLToPath(new URL('./manifest.ts', import.meta.url))),
  relative(PROJECT_ROOT, esbuildPackage),
];
const inputs: InputStamp[] = [];
for (const stamp of await Promise.all(inputPaths.map(stampOf))) {
  if (!stamp) throw new Error('an input of the bundle disappeared during its build');
  // Edited during the build: the bundle may hold the old text under the new stamp.
  if (stamp[1] > startedAt) throw new Error(`${stamp[0]} changed during the bundle's build`);
  inputs.push(stamp);
}

await mkdir(cacheDir, { recursive: true });
const writeWhole = async (file: string, data: string | Uint8Array) => {
  const temporary = join(cacheDir, `.${file}.${process.pid}.tmp`);
  try {
    await writeFile(temporary, data);
    await rename(temporary, join(cacheDir, file));
  } catch (error) {
    // A full disk, say: nothing would ever read or remove the partial file.
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
};
await writeWhole(name, contents);
const manifest: BundleManifest = { format: BUNDLE_FORMAT, bundle: name, inputs };
await writeWhole(MANIFEST_FILE, JSON.stringify(manifest));

for (const file of await readdir(cacheDir)) {
  if (file === name || !BUNDLE_NAME.test(file)) continue;
  const path = join(cacheDir, file);
  const info = await stat(path).catch(() => undefined);
  if (info && Date.now() - info.mtimeMs > KEEP_OLD_BUNDLES_MS) await unlink(path).catch(() => undefined);
}
