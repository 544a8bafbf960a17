// `npm run build`, second half (after Vite's browser bundle): the CLI and server, the import's process
// and the job worker as plain JavaScript in dist/server/, so production runs `node` on them with no
// TypeScript loader and no build at run time (docs/decisions/0028-build-once-run-plain-node.md).
//
// The packages are bundled too, but for those that must stay files in node_modules (NOT_BUNDLED): a
// process then loads a few large modules instead of hundreds of small ones (the import's process
// starts in ~150 ms instead of ~320 ms, the server serves its first page ~40 % sooner: decision
// 0028). The build then checks that the code it wrote imports, at load, only what a production
// install has: the `dependencies` of package.json and Node's own modules. A development package
// loaded only on demand (Vite, for `serve --dev`) is allowed.
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';
import { INSTALL_ROOT, SERVER_DIST_DIR } from '../runtime/entry-points.ts';

/** Styles and images imported by browser-only modules (Leaflet's, from its package) are Vite's
 *  business: the server's bundle gets an empty module for each, rather than an import Node cannot
 *  load (the browser-only module is never run on the server). */
const BROWSER_ASSET = /\.(css|png|jpe?g|gif|svg|webp|avif|woff2?)$/;
const browserAssetsAreVites: Plugin = {
  name: 'browser-assets-are-vites',
  setup(build) {
    build.onResolve({ filter: BROWSER_ASSET }, (args) => ({ path: args.path, namespace: 'asset' }));
    build.onLoad({ filter: /.*/, namespace: 'asset' }, () => ({ contents: "export default '';" }));
  },
};

/** Packages loaded from node_modules rather than bundled, and why. */
const NOT_BUNDLED = [
  'better-sqlite3', // a native addon, found by its package's own path
  'pino', // starts worker threads from files beside its own (transports; thread-stream)
  'pino-pretty', // development only, loaded on demand
  'vite', // development only (`serve --dev`), loaded on demand
  'leaflet', // browser-only; its module is never run on the server
  'pg-native', // pg's optional libpq client, required only when `pg.native` is read (never here)
];
/** External packages a bundled module names but never loads (not installed in production). */
const NEVER_LOADED = new Set(['pg-native']);
/** Packages written as CommonJS call require(), which a bundled ES module lacks. */
const REQUIRE_IN_ESM =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

const startedAt = performance.now();
await rm(SERVER_DIST_DIR, { recursive: true, force: true });
const result = await build({
  absWorkingDir: INSTALL_ROOT,
  entryPoints: {
    directory: 'cli/directory.ts',
    'import-child': 'server/domain/import/import-child-entry.ts',
    'job-worker': 'server/domain/jobs/job-worker-main.ts',
    'grid-reader': 'db/geo/point-grid-thread-main.ts',
  },
  outdir: SERVER_DIST_DIR,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external: NOT_BUNDLED,
  banner: { js: REQUIRE_IN_ESM },
  // Code loaded on demand stays a module of its own, loaded on demand: without it esbuild inlines a
  // dynamic import and hoists its packages' imports to the top of the bundle, so the server would
  // load Leaflet (browser-only: the map's module is imported only by a browser effect) at start,
  // and the import's process would load its pipeline before lowering its priority.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  jsx: 'automatic',
  plugins: [browserAssetsAreVites],
  // Stack traces name our source files under `node --enable-source-maps` (docs/operations.md).
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
});

const missing = undeclaredImports(result.metafile);
if (missing.length > 0) {
  console.error(`dist/server loads packages a production install lacks:\n  ${missing.join('\n  ')}`);
  process.exit(1);
}
const modules = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.mjs'));
const kilobytes = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
const entries = modules
  .filter(([file]) => !file.includes('/chunks/'))
  .map(([file, output]) => `${file} ${kilobytes(output.bytes)}`);
const total = modules.reduce((sum, [, output]) => sum + output.bytes, 0);
console.log(
  `built ${entries.join(', ')} and ${modules.length - entries.length} shared or on-demand chunks ` +
    `(${kilobytes(total)} in all) in ${Math.round(performance.now() - startedAt)} ms`,
);

/** Static imports of packages that are not production dependencies. */
function undeclaredImports(metafile: Metafile): string[] {
  const manifest = JSON.parse(readFileSync(join(INSTALL_ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const allowed = new Set([...Object.keys(manifest.dependencies), ...builtinModules]);
  const found = new Set<string>();
  for (const [file, output] of Object.entries(metafile.outputs)) {
    for (const entry of output.imports) {
      if (!entry.external || entry.kind === 'dynamic-import') continue;
      if (/\.\w+$/.test(entry.path) && !/\.(m?js|cjs|json)$/.test(entry.path)) {
        found.add(`${entry.path} (in ${file}): Node cannot load it`);
        continue;
      }
      const name = entry.path.startsWith('node:') ? entry.path.slice(5) : packageName(entry.path);
      if (!allowed.has(name) && !NEVER_LOADED.has(name)) found.add(`${entry.path} (in ${file})`);
    }
  }
  return [...found];
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}
