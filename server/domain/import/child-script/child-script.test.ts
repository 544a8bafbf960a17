import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importChildScript, LOADER_ENTRY } from './child-script.ts';
import { type BundleManifest, DEFAULT_CACHE_DIR, MANIFEST_FILE } from './manifest.ts';

// Each build is a real one (esbuild in its own process), into a cache directory of this test's own,
// next to the real one: a bundle finds better-sqlite3 in the project's node_modules.
describe('importChildScript', () => {
  let dir: string;
  let cacheDir: string;
  const manifest = (): BundleManifest => JSON.parse(readFileSync(join(cacheDir, MANIFEST_FILE), 'utf8'));
  const manifestWritten = () => statSync(join(cacheDir, MANIFEST_FILE)).mtimeMs;

  beforeAll(() => {
    mkdirSync(join(DEFAULT_CACHE_DIR, '..'), { recursive: true });
    dir = mkdtempSync(join(DEFAULT_CACHE_DIR, '..', 'import-child-test-'));
    cacheDir = join(dir, 'cache');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('builds the bundle where there is none, from the import entry and the pipeline', async () => {
    const script = await importChildScript(cacheDir);
    expect(script).toEqual({ path: join(cacheDir, manifest().bundle), bundled: true });
    expect(script.path).toMatch(/import-child\.[0-9a-f]{16}\.mjs$/);
    const inputs = manifest().inputs.map(([path]) => path);
    expect(inputs).toContain('server/domain/import/import-child-entry.ts');
    expect(inputs).toContain('server/domain/import/import-pipeline.ts');
    expect(inputs).toContain('server/domain/import/child-script/build-bundle-main.ts');
    // The native addon stays outside, loaded from node_modules.
    expect(inputs.some((path) => path.includes('better-sqlite3'))).toBe(false);
  });

  it('loads as plain JavaScript, without the TypeScript loader', async () => {
    const { path } = await importChildScript(cacheDir);
    // The entry waits for its job over IPC; without a channel it only loads, then nothing holds it.
    const code = `await import(${JSON.stringify(path)}); console.log(typeof process.send);`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', code], {
      env: { PATH: process.env.PATH },
    });
    expect(output.toString().trim()).toBe('undefined');
  });

  it('uses the same bundle while no input changed', async () => {
    const before = manifest();
    const written = manifestWritten();
    const again = await importChildScript(cacheDir);
    expect(again.path).toBe(join(cacheDir, before.bundle));
    expect(manifestWritten()).toBe(written);
  });

  it('builds again when an input is not what it was at the build', async () => {
    const current = manifest();
    const changed = current.inputs.findIndex(([path]) => path.endsWith('import-pipeline.ts'));
    const stamp = current.inputs[changed]!;
    // As if the file had been edited since: another modification time and size on record.
    current.inputs[changed] = [stamp[0], stamp[1] - 1000, stamp[2] + 1];
    writeFileSync(join(cacheDir, MANIFEST_FILE), JSON.stringify(current));

    const script = await importChildScript(cacheDir);
    expect(script.bundled).toBe(true);
    expect(manifest().inputs.find(([path]) => path === stamp[0])).toEqual(stamp);
  });

  it('builds again over a manifest that is not one', async () => {
    writeFileSync(join(cacheDir, MANIFEST_FILE), '{"format":1,"bundle":');
    const script = await importChildScript(cacheDir);
    expect(script.bundled).toBe(true);
    expect(script.path).toBe(join(cacheDir, manifest().bundle));
  });

  it('answers concurrent callers with one look', async () => {
    const [a, b] = await Promise.all([importChildScript(cacheDir), importChildScript(cacheDir)]);
    expect(a).toBe(b);
  });

  it('falls back to the TypeScript loader, saying why, where the bundle cannot be written', async () => {
    const blocked = join(dir, 'a-file');
    writeFileSync(blocked, '');
    const script = await importChildScript(join(blocked, 'cache'));
    expect(script.path).toBe(LOADER_ENTRY);
    expect(script.bundled).toBe(false);
    expect(script.problem).toMatch(/^the import's bundle could not be built: .*ENOTDIR/);
  });

  it('leaves no partial file behind when a write fails', async () => {
    // The manifest's place is taken by a directory: its temporary file cannot be renamed there.
    const blockedCache = join(dir, 'manifest-blocked');
    mkdirSync(join(blockedCache, MANIFEST_FILE, 'in-the-way'), { recursive: true });
    const script = await importChildScript(blockedCache);
    expect(script.bundled).toBe(false);
    expect(script.problem).toMatch(/^the import's bundle could not be built: /);
    expect(readdirSync(blockedCache).filter((file) => file.endsWith('.tmp'))).toEqual([]);
  });
});
