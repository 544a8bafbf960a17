// Test support: runs the real `directory` command in a child process.
import { fileURLToPath } from 'node:url';
import { execa, type Options } from 'execa';

export const CLI_PATH = fileURLToPath(new URL('../directory.mjs', import.meta.url));

export function runCli(args: string[], options: Options = {}) {
  return execa('node', [CLI_PATH, ...args], {
    reject: false,
    env: { NO_COLOR: '1', LOG_LEVEL: 'silent' },
    ...options,
  });
}
