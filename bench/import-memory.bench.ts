// Peak RSS of the import's own process for two sizes of the same real-shape export, to see what grows
// with the file: the upload must not be held whole in memory beyond what the rows need. The import
// runs as `directory import FILE --db DB`; its import process (a child of the CLI) is found in /proc
// and its VmHWM (peak resident set) read until it exits.
// Peak RSS moves with garbage collection by tens of MB from run to run: sizes alternate for `rounds`
// rounds and the median is kept.
//   npx tsx bench/import-memory.bench.ts [--rows 25000,100000] [--rounds 3]
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { writeFixtureXlsx } from '../fixtures/generate.ts';
import { machineLine, writeResultSection } from './lib/results.ts';
import { builtCli } from './lib/server-child.ts';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '25000,100000' }, rounds: { type: 'string', default: '3' } },
});
const sizes = values.rows.split(',').map(Number);
const rounds = Number(values.rounds);
const outDir = join('bench', 'out');
mkdirSync(outDir, { recursive: true });

function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // Field 4 is the parent's pid (after the command name in parentheses).
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) found.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

function peakMb(pid: number): number | undefined {
  try {
    const kb = /^VmHWM:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Math.round(Number(kb) / 1024);
  } catch {
    return undefined;
  }
}

async function importPeak(
  file: string,
  db: string,
): Promise<{ importMb: number; cliMb: number; ms: number }> {
  for (const suffix of ['', '-wal', '-shm']) rmSync(db + suffix, { force: true });
  const started = Date.now();
  const cli = spawn(process.execPath, [builtCli(), 'import', file, '--db', db], {
    env: { ...process.env, NO_COLOR: '1', LOG_LEVEL: 'silent' },
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => cli.once('exit', resolve));
  let importMb = 0;
  let cliMb = 0;
  let running = true;
  void exited.then(() => {
    running = false;
  });
  while (running) {
    cliMb = Math.max(cliMb, peakMb(cli.pid!) ?? 0);
    for (const child of childrenOf(cli.pid!)) importMb = Math.max(importMb, peakMb(child) ?? 0);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const code = await exited;
  if (code !== 0) throw new Error(`import of ${file} exited with ${code}`);
  for (const suffix of ['', '-wal', '-shm']) rmSync(db + suffix, { force: true });
  return { importMb, cliMb, ms: Date.now() - started };
}

const files = new Map<number, string>();
for (const count of sizes) {
  const file = join(outDir, `import-${count}.xlsx`);
  if (!existsSync(file)) {
    console.error(`generating ${file}…`);
    await writeFixtureXlsx(file, { count, seed: 42, badRowRate: 0 });
  }
  files.set(count, file);
}
const samples = new Map<number, Array<{ importMb: number; ms: number }>>();
for (let round = 1; round <= rounds; round++) {
  for (const count of sizes) {
    const result = await importPeak(files.get(count)!, join(outDir, `import-memory-${count}.db`));
    console.error(
      `round ${round}, ${count} rows: import process peak ${result.importMb} MB (${result.ms} ms)`,
    );
    samples.set(count, [...(samples.get(count) ?? []), result]);
  }
}
const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;
const rows = sizes.map((count) => {
  const mb = statSync(files.get(count)!).size / 2 ** 20;
  const runs = samples.get(count)!;
  const peaks = runs.map((run) => run.importMb);
  return `| ${count.toLocaleString('en-US')} | ${mb.toFixed(1)} MB | ${median(peaks)} MB (${peaks.join(', ')}) | ${(median(runs.map((run) => run.ms)) / 1000).toFixed(1)} s |`;
});
const table = `## Peak memory of the import's process by file size (bench/import-memory.bench.ts)

${machineLine()}; \`directory import\` from the sources, ${rounds} alternating rounds, medians; peak RSS (VmHWM) of the import's process (each run's in brackets).

| rows | file | import process peak RSS | time |
|---:|---:|---:|---:|
${rows.join('\n')}`;
console.log(table);
writeResultSection('import-memory', table);
