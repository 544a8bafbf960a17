// Test support: runs the real `directory` command in a child process, from the TypeScript sources
// (the production build's own test starts dist/ instead: cli/production-install.test.ts).
import { execa, type Options } from 'execa';
import { processEntry } from '../../server/runtime/entry-points.ts';

const entry = processEntry('cli', true);
/** Node's arguments that start the CLI: `node ...CLI_COMMAND serve …`. */
export const CLI_COMMAND: readonly string[] = cliCommandWith([]);

/** CLI_COMMAND with more of Node's own arguments, after the TypeScript loader's (a hook of a test's
 *  then sees where the loader resolved each module). */
export function cliCommandWith(nodeArgs: readonly string[]): string[] {
  return [...entry.nodeArgs, ...nodeArgs, entry.script];
}

export function runCli(args: string[], options: Options = {}) {
  return execa('node', [...CLI_COMMAND, ...args], {
    reject: false,
    env: { NO_COLOR: '1', LOG_LEVEL: 'silent' },
    ...options,
  });
}
