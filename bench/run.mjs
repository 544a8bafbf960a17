#!/usr/bin/env node
// npm run bench [-- name…]: runs the named benchmarks (default: all), one after another, each in its
// own process; each writes its section of docs/benchmarks.md.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const available = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''));
const [first, ...rest] = process.argv.slice(2);
const names = first && !first.startsWith('-') ? [first] : available;
const args = first && !first.startsWith('-') ? rest : process.argv.slice(2);

// Benchmarks measure what production runs: the build.
if (!existsSync(fileURLToPath(new URL('../dist/server/directory.mjs', import.meta.url)))) {
  console.error('dist/server/directory.mjs is missing: run npm run build first');
  process.exit(2);
}

for (const name of names) {
  if (!available.includes(name)) {
    console.error(`unknown benchmark "${name}"; available: ${available.join(', ')}`);
    process.exit(2);
  }
  console.error(`\n== ${name}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', `${dir}${name}.bench.ts`, ...args], {
    stdio: 'inherit',
    // The import's process and the job worker from the build, as production runs them.
    env: { ...process.env, NODE_ENV: 'production', DIRECTORY_CHILDREN_FROM_BUILD: '1' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
