// The launcher is tried on a real process: what a command started with it runs under.
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { backgroundLauncher } from './background-launcher.ts';

describe('backgroundLauncher', () => {
  it.runIf(process.platform === 'linux')(
    'starts a command under SCHED_IDLE, with every thread it starts',
    async () => {
      const launcher = await backgroundLauncher();
      expect(launcher.slice(1)).toEqual(['--idle', '0']);
      // Field 41 of each thread's stat (counted from the state, field 3): 5 is SCHED_IDLE.
      const script = `
      const { readdirSync, readFileSync } = require('node:fs');
      const policy = (tid) => Number(readFileSync('/proc/self/task/' + tid + '/stat', 'utf8').split(') ')[1].split(' ')[38]);
      console.log(JSON.stringify({ pid: process.pid, policies: readdirSync('/proc/self/task').map(policy) }));
    `;
      const child = execa(launcher[0]!, [...launcher.slice(1), process.execPath, '-e', script]);
      const seen = JSON.parse((await child).stdout) as { pid: number; policies: number[] };
      expect(seen.pid).toBe(child.pid); // chrt ran node in its own place
      expect(seen.policies.length).toBeGreaterThan(1);
      expect(new Set(seen.policies)).toEqual(new Set([5]));
    },
  );
});
