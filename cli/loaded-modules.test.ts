// A command loads what it uses (decision 0046): the primary of several server processes serves
// nothing and loads none of the serving code, while the processes it starts do; `--version` loads no
// command's work. Which modules a process loaded is recorded by a module resolve hook of the test's
// own (every process of the group runs it: the processes inherit Node's arguments), one file per pid.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hashPassword } from '../server/domain/admin/password-hash.ts';
import { cliCommandWith, runCli } from './testing/run-cli.ts';
import { serveInChild } from './testing/serve-in-child.ts';

/** Modules only a process that serves has any use for. */
const SERVING = ['server/index.ts', 'server/http/app.ts', 'server/ssr/'];
/** Modules of commands other than the one run. */
const OTHER_COMMANDS = [
  'server/domain/import/import-spreadsheet.ts',
  'server/domain/export/',
  'fixtures/generate.ts',
];

let dir: string;
let logs: string;
let hookArgs: string[];
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'directory-loaded-'));
  logs = join(dir, 'logs');
  const hook = join(dir, 'hook.mjs');
  writeFileSync(
    hook,
    `import { appendFileSync, mkdirSync } from 'node:fs';
const dir = ${JSON.stringify(logs)};
mkdirSync(dir, { recursive: true });
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(dir + '/' + process.pid + '.log', resolved.url + '\\n');
  return resolved;
}
`,
  );
  const register = `import { register } from 'node:module'; register(${JSON.stringify(pathToFileURL(hook).href)});`;
  hookArgs = ['--import', `data:text/javascript,${encodeURIComponent(register)}`];
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The modules of this project each process loaded, by pid. */
function loadedByPid(): Map<number, string[]> {
  const root = pathToFileURL(join(import.meta.dirname, '..')).href;
  const byPid = new Map<number, string[]>();
  for (const file of readdirSync(logs)) {
    const urls = readFileSync(join(logs, file), 'utf8').split('\n');
    byPid.set(
      Number.parseInt(file, 10),
      urls
        .filter((url) => url.startsWith(root) && !url.includes('/node_modules/'))
        .map((url) => url.slice(root.length + 1)),
    );
  }
  return byPid;
}

const loadsAny = (modules: readonly string[], prefixes: readonly string[]) =>
  modules.some((module) => prefixes.some((prefix) => module.startsWith(prefix)));

it('the primary of several server processes loads none of the serving code; they do', async () => {
  const db = join(dir, 'site.db');
  expect((await runCli(['migrate', '--db', db])).exitCode).toBe(0);
  // The hook's arguments after tsx's loader, so that it sees where tsx resolved each module.
  const server = await serveInChild(
    db,
    {
      SERVER_PROCESSES: '2',
      ADMIN_PASSWORD_HASH: await hashPassword('x'.repeat(12), { N: 1024, r: 8, p: 1 }),
    },
    hookArgs,
  );
  try {
    expect((await fetch(`${server.url}/api/categories`)).status).toBe(200);
    const byPid = loadedByPid();
    const primary = byPid.get(server.child.pid!);
    expect(primary).toBeDefined();
    expect(primary).toContain('server/process-group.ts');
    expect(loadsAny(primary!, SERVING)).toBe(false);
    expect(loadsAny(primary!, OTHER_COMMANDS)).toBe(false);
    const servers = [...byPid].filter(([pid]) => pid !== server.child.pid).map(([, modules]) => modules);
    expect(servers).toHaveLength(2);
    for (const modules of servers) expect(loadsAny(modules, SERVING)).toBe(true);
  } finally {
    await server.stop();
  }
});

it('--version loads no command’s work', async () => {
  rmSync(logs, { recursive: true, force: true });
  const run = await execa('node', [...cliCommandWith(hookArgs), '--version'], {
    reject: false,
  });
  expect(run.exitCode).toBe(0);
  const [modules] = [...loadedByPid().values()];
  expect(modules).toContain('cli/main.ts');
  expect(loadsAny(modules!, [...SERVING, ...OTHER_COMMANDS])).toBe(false);
});
