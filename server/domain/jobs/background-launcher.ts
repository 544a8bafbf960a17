// How an import's process is started so that visitors' requests notice it as little as possible
// (docs/decisions/0016): under Linux's SCHED_IDLE policy (util-linux's `chrt`). A nice value still
// shares the core with the server's threads; this policy gives the import only the time they leave.
// `chrt` runs the command in its own place (same pid), and every thread the command starts (its
// garbage collector's helpers, zlib's pool) inherits the policy. It is tried once on
// `node --version`: where the tool is missing or the system refuses the policy (a sandbox's seccomp
// rules), the launcher is empty and the command runs at its normal policy.
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

let cached: Promise<string[]> | undefined;

/** The words to put before a command to start it in the background; [] where nothing applies. */
export function backgroundLauncher(): Promise<string[]> {
  cached ??= (async () => {
    const chrt = process.platform === 'linux' ? findExecutable('chrt') : undefined;
    if (!chrt) return [];
    const launcher = [chrt, '--idle', '0'];
    return (await runsNode(launcher)) ? launcher : [];
  })();
  return cached;
}

function runsNode(launcher: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(
      launcher[0]!,
      [...launcher.slice(1), process.execPath, '--version'],
      { timeout: 10_000 },
      (error) => resolve(error === null),
    );
  });
}

function findExecutable(name: string): string | undefined {
  const dirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const dir of [...dirs, '/usr/bin', '/bin']) {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // not here
    }
  }
  return undefined;
}
