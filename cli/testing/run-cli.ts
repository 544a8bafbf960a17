// Test support: runs the real `directory` command in a child process, from the TypeScript sources
// (the production build's own test starts dist/ instead: cli/production-install.test.ts).
import { execa, type Options } from 'execa';
import { processEntry } from '../../server/runtime/entry-points.ts';

const entry = processEntry('cli', true);
/** Node's arguments that start the CLI: `node ...CLI_COMMAND serve …`. */
export const CLI_COMMAND: readonly string[] = [...entry.nodeArgs, entry.script];

export function runCli(args: string[], options: Options = {}) {
  return execa('node', [...CLI_COMMAND, ...args], {
    reject: false,
    env: { NO_COLOR: '1', LOG_LEVEL: 'silent' },
    ...options,
  });
}
