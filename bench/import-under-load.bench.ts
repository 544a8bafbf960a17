// Issue 5: while the panel imports a 100,000-row file, public pages keep answering — p99 at a steady
// visitor load stays within twice the idle p99 — and the import's progress (polled as the panel
// does) moves at least once a second. Server-rendered pages with the page cache off, so each request
// really reads the database the import is writing. Each run starts a fresh server and database, takes
// the idle figure and then imports; the runs' samples are pooled (a single import gives ~400 requests,
// so its p99 is the 4th slowest: too few to tell one setup from another).
// Each setup named by --setups gets --runs runs, taken in turn (idle, low, growth-0, idle, …) so
// that the machine's drifts fall on all alike, and its own pooled row. A setup is an IMPORT_PRIORITY
// (idle, low) with the server's default heap growth, or growth-N: priority idle, HEAP_GROWTH_PERCENT=N
// (growth-0: V8's own factor, as before decision 0019).
//   npx tsx bench/import-under-load.bench.ts [--file bench/out/import-100000.xlsx] [--seconds 20]
//     [--runs 3] [--rate 40] [--setups idle,low,growth-0] [--slowest N]
//     --slowest N lists each run's N slowest requests with what the progress bar showed, and its long gaps
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { writeFixture } from '../fixtures/generate.ts';
import { machineLine, writeResultSection } from './lib/results.ts';
import { productionEnv, START_HEAP_GROWTH_PERCENT, startDirectoryServer } from './lib/server-child.ts';
import { latencyFigures, type SteadyLoadResult } from './lib/steady-load.ts';
import { steadyLoadInThread } from './lib/steady-load-thread.ts';

const { values } = parseArgs({
  options: {
    file: { type: 'string', default: join('bench', 'out', 'import-100000.xlsx') },
    seconds: { type: 'string', default: '20' },
    rate: { type: 'string', default: '40' },
    runs: { type: 'string', default: '3' },
    slowest: { type: 'string', default: '0' },
    setups: { type: 'string', default: 'idle,low,growth-0' },
  },
});
const file = values.file!;
if (!existsSync(file)) await writeFixture(file, { count: 100_000, seed: 11 });
const PORT = 3931;
const base = `http://127.0.0.1:${PORT}`;
const rate = Number(values.rate);
const seconds = Number(values.seconds);
const runs = Number(values.runs);
const slowest = Number(values.slowest);
const setups = values
  .setups!.split(',')
  .map((name) => name.trim())
  .filter(Boolean)
  .map(setupOf);
/** What the TLS proxy in front of the server adds. */
const viaTls = { 'X-Forwarded-Proto': 'https' };

interface RunResult {
  idle: SteadyLoadResult;
  busy: SteadyLoadResult;
  status: number;
  stats: unknown;
  importSeconds: number;
  gaps: number[];
  longestAfter: string;
  /** The server process's peak resident memory (VmHWM), in MiB. */
  peakRssMiB: number;
}

const results = new Map<Setup, RunResult[]>(setups.map((setup) => [setup, []]));
for (let run = 1; run <= runs; run++) {
  for (const setup of setups) {
    const last = await oneRun(setup);
    results.get(setup)!.push(last);
    console.error(
      `run ${run}, ${setup.name}: idle p99 ${ms(last.idle.p99)}, during the import ${ms(last.busy.p99)}, longest progress gap ${(Math.max(...last.gaps) / 1000).toFixed(2)} s`,
    );
  }
}

const rows = [...results].map(([setup, list]) => {
  const idle = pooled(list.map((r) => r.idle));
  const busy = pooled(list.map((r) => r.busy));
  const gaps = list.flatMap((r) => r.gaps);
  const maxGap = Math.max(...gaps);
  return {
    setup,
    list,
    idle,
    busy,
    gaps,
    maxGap,
    worst: list.find((r) => r.gaps.includes(maxGap))!,
    importSeconds: latencyFigures(list.map((r) => r.importSeconds)).p50,
    peakRssMiB: Math.max(...list.map((r) => r.peakRssMiB)),
  };
});
const table = `## Public pages during a 100,000-row import from the panel

${machineLine()}; production server (page cache off), the demo data plus the import; visitors: one request every ${Math.round(1000 / rate)} ms (${rate}/s, steady arrivals, not bursts; bench/lib/steady-load.ts, on a thread of its own) on business pages, as a browser asks (gzip, br), ${seconds} s idle, then for as long as the import runs (uploaded through POST /api/admin/import, as the panel does). ${runs} runs per setup (IMPORT_PRIORITY, and the server's HEAP_GROWTH_PERCENT), taken in turn, each on a fresh server and database; each row pools its runs' requests.

| setup | requests idle / during | p50 idle / during | p99 idle | p99 during the import | **p99 / idle p99** (target ≤ 2×) | run by run | max during | errors | import, median | server's peak RSS |
|---|---|---|---|---|---|---|---|---|---|---|
${rows
  .map(
    (r) =>
      `| ${r.setup.label} | ${r.idle.requests} / ${r.busy.requests} | ${ms(r.idle.p50)} / ${ms(r.busy.p50)} | ${ms(r.idle.p99)} | ${ms(r.busy.p99)} | **${(r.busy.p99 / r.idle.p99).toFixed(2)}×** | ${r.list.map((x) => `${(x.busy.p99 / x.idle.p99).toFixed(2)}`).join(', ')} | ${ms(r.busy.max)} | ${r.idle.errors + r.busy.errors} | ${r.importSeconds.toFixed(1)} s | ${r.peakRssMiB.toFixed(0)} MiB |`,
  )
  .join('\n')}

- Every import: ${[...new Set(rows.flatMap((r) => r.list.map((x) => `HTTP ${x.status}`)))].join(', ')}; ${JSON.stringify(rows[0]!.list[0]!.stats)}.
${rows
  .map(
    (r) =>
      `- Progress with ${r.setup.name} (polled every 200 ms): ${r.gaps.length} gaps between changes, from each upload's start to its report; the longest **${(r.maxGap / 1000).toFixed(2)} s** (target ≤ 1 s), after "${r.worst.longestAfter}"; ${r.gaps.filter((gap) => gap > 1000).length} over 1 s.`,
  )
  .join('\n')}`;
console.log(table);
writeResultSection('import-under-load', table);

async function oneRun(setup: Setup): Promise<RunResult> {
  const dir = mkdtempSync(join(tmpdir(), 'import-load-bench-'));
  const password = randomBytes(12).toString('hex');
  const server = await startDirectoryServer(
    join(dir, 'site.db'),
    PORT,
    // As deployed: behind a TLS proxy on this machine (admin sign-in refuses plain HTTP in production).
    {
      ...(await productionEnv(password)),
      SITE_URL: base,
      RESPONSE_CACHE: 'off',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'loopback',
      ...setup.env,
    },
    ['--demo'],
    setup.nodeFlags,
  );
  try {
    const slugs = (
      (await (await fetch(`${base}/api/businesses?limit=100`)).json()) as {
        businesses: { slug: string }[];
      }
    ).businesses.map((b) => `/details/${encodeURIComponent(b.slug)}`);
    const visit = (maxMs: number, until?: Promise<unknown>) =>
      steadyLoadInThread({ base, paths: slugs, ratePerSecond: rate, maxMs, until });

    // The pages' modules load on the first requests of a process: not part of the idle figure.
    await (await fetch(`${base}${slugs[0]}`)).arrayBuffer();
    const idle = await visit(seconds * 1000);

    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin', ...viaTls },
      body: JSON.stringify({ username: 'admin', password }),
    });
    if (login.status !== 200)
      throw new Error(`admin login failed: HTTP ${login.status} ${await login.text()}`);
    const cookie = (login.headers.getSetCookie() ?? []).map((c) => c.split(';')[0]).join('; ');
    const form = new FormData();
    form.set('excelFile', new Blob([readFileSync(file)]), basename(file));
    const started = Date.now();
    const upload = fetch(`${base}/api/admin/import`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Sec-Fetch-Site': 'same-origin', ...viaTls },
      body: form,
    }).then(async (r) => ({ status: r.status, body: await r.json(), at: Date.now() }));

    // The panel's progress bar: poll the running import as the panel does, note when its figures
    // change. The first gap runs from the upload's start, the last to the report.
    const changes: number[] = [started];
    /** What the bar showed from each change on (the upload's start shows nothing yet). */
    const shown: string[] = ['upload started'];
    let last = '';
    let done = false;
    const polling = (async () => {
      while (!done) {
        const { run } = (await (
          await fetch(`${base}/api/admin/import-runs/current`, { headers: { Cookie: cookie, ...viaTls } })
        ).json()) as { run: { rowsRead: number; progress: unknown } | null };
        const figure = JSON.stringify(run && { rowsRead: run.rowsRead, progress: run.progress });
        if (run && figure !== last) {
          changes.push(Date.now());
          shown.push(describeProgress(run));
          last = figure;
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    // Visitors for as long as the import runs (at most 5 minutes), not a fixed slice of it.
    const busy = await visit(300_000, upload);
    const report = await upload;
    done = true;
    await polling;
    changes.push(report.at);
    const gaps = changes.slice(1).map((t, k) => t - changes[k]!);
    if (slowest > 0) {
      for (const [k, gap] of gaps.entries())
        if (gap > 500)
          console.error(
            `  gap ${(gap / 1000).toFixed(2)} s after "${shown[k]}", then "${shown[k + 1] ?? 'the report'}"`,
          );
      const shownAt = (t: number) => shown[changes.findLastIndex((c) => c <= t)] ?? 'n/a';
      for (const s of [...busy.samples].sort((a, b) => b.ms - a.ms).slice(0, slowest))
        console.error(`  ${(s.at / 1000).toFixed(2)} s  ${ms(s.ms)}  ${shownAt(busy.startedAt + s.at)}`);
    }
    return {
      peakRssMiB: peakRssMiB(server.pid!),
      idle,
      busy,
      status: report.status,
      stats: report.body?.stats ?? report.body?.error ?? {},
      importSeconds: (report.at - started) / 1000,
      gaps,
      longestAfter: shown[gaps.indexOf(Math.max(...gaps))] ?? 'n/a',
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Setup {
  name: string;
  label: string;
  env: NodeJS.ProcessEnv;
  nodeFlags: string[];
}

function setupOf(name: string): Setup {
  const growth = /^growth-(\d+)$/.exec(name)?.[1];
  if (growth !== undefined) {
    const label = growth === '0' ? "V8's own" : `${growth} %`;
    return {
      name,
      label: `idle, heap growth ${label}`,
      env: { IMPORT_PRIORITY: 'idle' },
      nodeFlags: growth === '0' ? [] : [`--heap-growing-percent=${growth}`],
    };
  }
  if (name !== 'idle' && name !== 'low') throw new Error(`unknown setup "${name}": idle, low or growth-N`);
  // As `npm start` runs it.
  return {
    name,
    label: `${name}, heap growth ${START_HEAP_GROWTH_PERCENT} %`,
    env: { IMPORT_PRIORITY: name },
    nodeFlags: [`--heap-growing-percent=${START_HEAP_GROWTH_PERCENT}`],
  };
}

function peakRssMiB(pid: number): number {
  const kib = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kib ?? Number.NaN) / 1024;
}

/** The runs' requests as one sample. */
function pooled(loads: SteadyLoadResult[]) {
  return {
    requests: loads.reduce((sum, l) => sum + l.requests, 0),
    errors: loads.reduce((sum, l) => sum + l.errors, 0),
    ...latencyFigures(loads.flatMap((l) => l.samples.map((s) => s.ms))),
  };
}

function ms(value: number): string {
  return `${value.toFixed(1)} ms`;
}

function describeProgress(run: { rowsRead: number; progress: unknown }): string {
  const progress = run.progress as { phase?: string; mergeStep?: string; rowsRead?: number } | null;
  if (!progress) return `running, ${run.rowsRead} rows read`;
  return progress.mergeStep
    ? `${progress.phase}: ${progress.mergeStep}`
    : `${progress.phase ?? 'running'}, ${progress.rowsRead ?? run.rowsRead} rows read`;
}
