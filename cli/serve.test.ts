import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../server/domain/admin/password-hash.ts';
import { CLI_COMMAND } from './testing/run-cli.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'directory-serve-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** `directory serve --demo` started from the temporary directory — not the project's, as an operator
 *  or a service file may start it — once it says where it listens. */
async function startServe(nodeFlags: string[], env: Record<string, string> = {}) {
  const server = execa(
    'node',
    // PORT=0: a free port (--port takes 1 to 65535 only).
    [...nodeFlags, ...CLI_COMMAND, 'serve', '--demo', '--db', join(dir, 'site.db')],
    {
      cwd: dir,
      env: { NO_COLOR: '1', LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0', ...env },
      reject: false,
    },
  );
  // What Node and V8 print goes to stdout, the CLI's own lines to stderr.
  let stdout = '';
  let said = '';
  server.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  const port = await new Promise<string>((resolve, reject) => {
    server.stderr!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      const match = /Serving .* on http:\/\/[\w.:[\]-]+:(\d+)\n/.exec(said);
      if (match) resolve(match[1]!);
    });
    void server.then(() => reject(new Error(`the server exited:\n${said}`)));
  });
  return {
    process: server,
    port: Number(port),
    url: `http://127.0.0.1:${port}`,
    stdout: () => stdout,
    said: () => said,
    pageStatus: async (path: string) => {
      const page = await fetch(`http://127.0.0.1:${port}${path}`);
      await page.arrayBuffer();
      return page.status;
    },
  };
}

describe('directory serve', () => {
  it('renders pages when started from another directory, and stops on SIGTERM', async () => {
    // The TypeScript loader must find the project's tsconfig (JSX) from wherever it is started.
    const server = await startServe([]);
    expect(await server.pageStatus('/')).toBe(200);
    expect(await server.pageStatus('/categories')).toBe(200);
    server.process.kill('SIGTERM');
    expect((await server.process).exitCode).toBe(0);
  });

  it('prints once where it serves, the database, the demo data and the admin sign-in', async () => {
    const first = await startServe([]);
    const said = first.said();
    expect(said).toMatch(/^Serving Local Business Directory on http:\/\/127\.0\.0\.1:\d+$/m);
    expect(said).toContain(`database        ${join(dir, 'site.db')}`);
    expect(said).toMatch(/demo data +300 demo businesses loaded now/);
    const password = /admin sign-in .*\/admin, username "admin", password "([^"]+)"/.exec(said)?.[1];
    expect(password?.length).toBeGreaterThanOrEqual(20);
    first.process.kill('SIGTERM');
    await first.process;

    // The second start: the data and the password are kept, and the password is not shown again.
    const second = await startServe([]);
    expect(second.said()).toMatch(/demo data +not loaded: the database already holds 300 businesses/);
    expect(second.said()).toContain('username "admin", the password generated and shown at the first start');
    expect(second.said()).not.toContain(password);
    second.process.kill('SIGTERM');
    await second.process;
  });

  it('names its real port in canonical URLs while SITE_URL is unset (development)', async () => {
    const server = await startServe([]);
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: http://localhost:${server.port}/sitemap.xml`);
    server.process.kill('SIGTERM');
    await server.process;
  });

  it('refuses to start in production without SITE_URL', async () => {
    const result = await execa('node', [...CLI_COMMAND, 'serve', '--db', join(dir, 'site.db')], {
      cwd: dir,
      env: {
        NO_COLOR: '1',
        LOG_LEVEL: 'silent',
        HOST: '127.0.0.1',
        PORT: '0',
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(64),
        ADMIN_PASSWORD_HASH: await hashPassword('a long enough password'),
      },
      reject: false,
      timeout: 30_000,
    });
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toContain('SITE_URL is required when NODE_ENV=production');
    expect(result.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
  });
});
