// Test support: `directory serve` on a database file, in a child process on a free port of 127.0.0.1,
// resolved once it says where it listens.
import { execa, type ResultPromise } from 'execa';
import { cliCommandWith } from './run-cli.ts';

export interface ServingCli {
  url: string;
  /** The server's process (to kill it as a crash would). */
  child: ResultPromise;
  /** What the server's processes wrote to stdout so far (its JSON log lines). */
  stdout(): string;
  getJson<T = unknown>(path: string): Promise<T>;
  /** Signs in to the admin panel; the session cookie to send with later requests. */
  signIn(username: string, password: string): Promise<string>;
  stop(): Promise<void>;
}

export async function serveInChild(
  databasePath: string,
  env: Record<string, string> = {},
  /** More of Node's arguments (after the TypeScript loader's). */
  nodeArgs: readonly string[] = [],
): Promise<ServingCli> {
  const child = execa('node', [...cliCommandWith(nodeArgs), 'serve', '--db', databasePath], {
    env: { NO_COLOR: '1', LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0', ...env },
    reject: false,
  });
  let said = '';
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      const match = /Serving .* on http:\/\/[\w.:[\]-]+:(\d+)\n/.exec(said);
      if (match) resolve(match[1]!);
    });
    void child.then(() => reject(new Error(`the server exited:\n${said}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    child,
    stdout: () => stdout,
    async getJson<T>(path: string) {
      const response = await fetch(`${url}${path}`);
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      return (await response.json()) as T;
    },
    async signIn(username: string, password: string) {
      const login = await fetch(`${url}/api/admin/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      if (login.status !== 200) throw new Error(`sign-in: ${login.status}`);
      return login.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
    },
    async stop() {
      child.kill('SIGTERM');
      await child;
    },
  };
}
