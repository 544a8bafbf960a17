// An import's live progress, readable by every process on the database: the process that started the
// import (a server process or the CLI) keeps its latest report in a small file beside the database
// file, and whichever server process answers the panel's poll reads it there. The database cannot
// carry it: the merge holds the write lock for its whole transaction. With several server processes
// (decision 0032) the poll lands on any of them.
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { ImportProgress } from './import-types.ts';

/** Reports older than this are from an import that is no longer reporting (its process was killed). */
const FRESH_MS = 30_000;
/** At most one write per this many ms; the first report of each phase and merge step is always written. */
const WRITE_EVERY_MS = 200;

export const liveProgressPath = (dbPath: string): string => `${dbPath}-import-progress.json`;

interface LiveProgressFile {
  runId: number;
  progress: ImportProgress;
}

/** Writes the reports of run `runId` (throttled; atomically, by renaming a complete file). */
export function liveProgressWriter(dbPath: string, runId: number) {
  const path = liveProgressPath(dbPath);
  let lastWrite = 0;
  let lastStep: string | undefined;
  return {
    report(progress: ImportProgress): void {
      const now = Date.now();
      const step = `${progress.phase}/${progress.mergeStep ?? ''}`;
      if (now - lastWrite < WRITE_EVERY_MS && step === lastStep) return;
      lastWrite = now;
      lastStep = step;
      try {
        writeFileSync(`${path}.tmp`, JSON.stringify({ runId, progress } satisfies LiveProgressFile));
        renameSync(`${path}.tmp`, path);
      } catch {
        // The bar of another process is worth less than the import: a read-only folder loses it only.
      }
    },
    /** The import is over: its report goes. */
    remove(): void {
      rmSync(path, { force: true });
    },
  };
}

/** The latest report of run `runId`, if its process is still reporting. */
export function readLiveProgress(dbPath: string, runId: number): ImportProgress | null {
  const path = liveProgressPath(dbPath);
  try {
    if (Date.now() - statSync(path).mtimeMs > FRESH_MS) return null;
    const file = JSON.parse(readFileSync(path, 'utf8')) as LiveProgressFile;
    return file.runId === runId ? file.progress : null;
  } catch {
    return null;
  }
}
