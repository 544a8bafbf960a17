// The checkpoint's progress is measured from outside the process that runs it: a real child process
// writes in slices while the watch reports.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckpointWatch, processWrittenBytes } from './checkpoint-progress.ts';
import type { ImportProgress } from './import-types.ts';
import { CHECKPOINTING } from './testing/progress.ts';

const linux = process.platform === 'linux';
const MB = 1024 * 1024;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const checkpointing: ImportProgress = { ...CHECKPOINTING, checkpointBytes: 8 * MB, bytesCheckpointed: 0 };

describe('processWrittenBytes', () => {
  it.runIf(linux)("counts this process's writes", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'writes-'));
    dirs.push(dir);
    const before = processWrittenBytes('self')!;
    writeFileSync(join(dir, 'one-mb'), Buffer.alloc(MB));
    expect(processWrittenBytes('self')! - before).toBeGreaterThanOrEqual(MB);
  });

  it('answers null for a process that does not exist', () => {
    expect(processWrittenBytes(2 ** 22 + 12345)).toBeNull();
  });
});

describe('CheckpointWatch', () => {
  it.runIf(linux)(
    'reports the bytes a checkpointing process writes, in steps, up to the WAL size',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'checkpoint-watch-'));
      dirs.push(dir);
      // 12 MB in 1 MB slices, 40 ms apart: more than the 8 MB "WAL", to show the cap.
      const script = `
      const { openSync, writeSync } = require('node:fs');
      const fd = openSync(${JSON.stringify(join(dir, 'db'))}, 'w');
      process.stdin.once('data', () => {
        let n = 0;
        const timer = setInterval(() => {
          writeSync(fd, Buffer.alloc(${MB}));
          if (++n === 12) { clearInterval(timer); setTimeout(() => process.exit(0), 200); }
        }, 40);
      });
    `;
      const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'ignore', 'inherit'] });
      await new Promise((resolve) => child.once('spawn', resolve));
      const reports: ImportProgress[] = [];
      const watch = new CheckpointWatch(child.pid, (p) => reports.push(p), 20);
      watch.follow({
        type: 'progress',
        progress: checkpointing,
        writtenBytes: processWrittenBytes(child.pid!),
      });
      child.stdin.write('go\n');
      await new Promise((resolve) => child.once('exit', resolve));
      watch.stop();

      const copied = reports.map((r) => r.bytesCheckpointed!);
      expect(copied.length).toBeGreaterThanOrEqual(3);
      for (let i = 1; i < copied.length; i++) expect(copied[i]).toBeGreaterThan(copied[i - 1]!);
      expect(copied[0]).toBeGreaterThan(0);
      expect(copied.at(-1)).toBe(8 * MB);
      expect(reports.every((r) => r.mergeStep === 'checkpointing' && r.checkpointBytes === 8 * MB)).toBe(
        true,
      );
    },
  );

  it('reports nothing for the other steps, without a starting count, or once the import is done', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'checkpoint-quiet-'));
    dirs.push(dir);
    const reports: ImportProgress[] = [];
    // This process writes meanwhile, so a watch that ran would have something to report.
    const writeAndWait = async () => {
      writeFileSync(join(dir, 'bytes'), Buffer.alloc(MB));
      await new Promise((resolve) => setTimeout(resolve, 30));
    };
    const watch = new CheckpointWatch(process.pid, (p) => reports.push(p), 5);
    watch.follow({ type: 'progress', progress: { ...checkpointing, mergeStep: 'writing' }, writtenBytes: 0 });
    await writeAndWait();
    watch.follow({ type: 'progress', progress: checkpointing, writtenBytes: null });
    await writeAndWait();
    // The import's last report keeps the step's name; it is done, nothing more to watch.
    watch.follow({ type: 'progress', progress: { ...checkpointing, phase: 'done' }, writtenBytes: 0 });
    await writeAndWait();
    watch.stop();
    expect(reports).toEqual([]);
  });
});
