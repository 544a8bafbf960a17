// The import queue: files uploaded one after another (§5, one call per file), each with its upload
// progress (XMLHttpRequest upload events), then its import progress (the server's current run,
// polled every half second while the upload call waits for its report), then its report.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ImportResponse } from '../../../server/contract/business.ts';
import type { MergeStep } from '../../../server/contract/import-progress.ts';
import { useToast } from '../../components/toast/toast-provider.tsx';
import { useAdminSession } from '../admin-session.tsx';
import { adminApi, type ImportPhaseProgress, uploadImport } from '../api/admin-api.ts';
import { messages } from '../messages/catalog.ts';
import { refreshAfterDataChange } from '../refresh-data.ts';

const t = messages.importer;
export const POLL_INTERVAL_MS = 500;

export type QueueStatus = 'waiting' | 'uploading' | 'importing' | 'done' | 'failed';

export interface QueueItem {
  id: number;
  file: File;
  updateExisting: boolean;
  status: QueueStatus;
  uploadedBytes: number;
  totalBytes: number;
  progress: ImportPhaseProgress | null;
  /** Share of the rows read, 0–1, never going back: the server's row count is an estimate that
   *  grows while a large sheet streams in, and a bar should not move backwards. */
  fraction: number | null;
  report: ImportResponse | null;
  error: string | null;
}

export interface ImportQueue {
  items: QueueItem[];
  enqueue(files: File[], updateExisting: boolean): void;
  clearFinished(): void;
}

let nextId = 1;

export function useImportQueue(): ImportQueue {
  const [items, setItems] = useState<QueueItem[]>([]);
  // The queue's truth, changed synchronously; `items` is its rendered copy.
  const itemsRef = useRef<QueueItem[]>([]);
  const running = useRef(false);
  const mounted = useRef(true);
  const toast = useToast();
  const session = useAdminSession();
  const queryClient = useQueryClient();

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const commit = useCallback((next: QueueItem[]) => {
    itemsRef.current = next;
    setItems(next);
  }, []);

  const update = useCallback(
    (id: number, change: Partial<QueueItem>) =>
      commit(itemsRef.current.map((item) => (item.id === id ? { ...item, ...change } : item))),
    [commit],
  );

  const importOne = useCallback(
    async (item: QueueItem) => {
      update(item.id, { status: 'uploading' });
      let polling = false;
      let pollTimer: ReturnType<typeof setTimeout> | undefined;
      const poll = async () => {
        if (!polling) return;
        try {
          const { run } = await adminApi.currentImportRun();
          if (polling && run?.status === 'running') {
            // A run of this server always has live progress; without it, the worker is starting.
            const progress = run.progress ?? {
              phase: 'checking',
              rowsRead: run.rowsRead,
              rowsWritten: 0,
              totalRows: null,
            };
            const previous = itemsRef.current.find((entry) => entry.id === item.id)?.fraction ?? null;
            update(item.id, { progress, fraction: nextFraction(previous, progress) });
          }
        } catch {
          // A missed poll is no failure: the upload call's answer decides.
        }
        if (polling) pollTimer = setTimeout(poll, POLL_INTERVAL_MS);
      };

      const upload = uploadImport(item.file, item.updateExisting, {
        onUploadProgress: (loaded, total) => update(item.id, { uploadedBytes: loaded, totalBytes: total }),
        onUploaded: () => {
          update(item.id, { status: 'importing', uploadedBytes: item.file.size, totalBytes: item.file.size });
          polling = true;
          void poll();
        },
      });
      const outcome = await upload.done;
      polling = false;
      clearTimeout(pollTimer);

      if (outcome.kind === 'done') {
        const { stats } = outcome.report;
        update(item.id, { status: 'done', report: outcome.report, progress: null });
        // §8: 'Import Completed' with the counts imported, duplicates and errors.
        toast({
          title: t.completedTitle,
          description: t.completedDescription(
            stats.imported,
            stats.duplicatesSkipped,
            stats.totalErrors,
            stats.updated,
          ),
          variant: stats.totalErrors > 0 ? 'default' : 'success',
        });
        await refreshAfterDataChange(queryClient);
      } else if (outcome.kind === 'refused') {
        const message = outcome.error.serverMessage ?? outcome.error.message;
        update(item.id, { status: 'failed', error: message, progress: null });
        // §8: 'Import failed' with the server's message (a 401 is the sign-in prompt instead).
        session.reportError(outcome.error, { title: t.failedTitle, description: message });
      } else {
        update(item.id, { status: 'failed', error: t.uploadFailedDescription, progress: null });
        toast({ title: t.uploadFailedTitle, description: t.uploadFailedDescription, variant: 'destructive' });
      }
    },
    [update, toast, session, queryClient],
  );

  const drain = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    try {
      for (;;) {
        if (!mounted.current) return;
        const next = itemsRef.current.find((item) => item.status === 'waiting');
        if (!next) return;
        await importOne(next);
      }
    } finally {
      running.current = false;
    }
  }, [importOne]);

  const enqueue = useCallback(
    (files: File[], updateExisting: boolean) => {
      const added: QueueItem[] = files.map((file) => ({
        id: nextId++,
        file,
        updateExisting,
        status: 'waiting',
        uploadedBytes: 0,
        totalBytes: file.size,
        progress: null,
        fraction: null,
        report: null,
        error: null,
      }));
      commit([...itemsRef.current, ...added]);
      void drain();
    },
    [drain, commit],
  );

  const clearFinished = useCallback(() => {
    commit(itemsRef.current.filter((item) => item.status !== 'done' && item.status !== 'failed'));
  }, [commit]);

  return { items, enqueue, clearFinished };
}

/** The reading bar: unknown (an animated bar, no fill) while the server does not know the sheet's
 *  row count — it reports null until the reader has seen the last row, rather than an estimate that
 *  let the bar reach 100 % before the end. */
export function nextFraction(previous: number | null, progress: ImportPhaseProgress): number | null {
  if (!progress.totalRows) return progress.phase === 'reading' ? null : previous;
  const current = Math.min(1, progress.rowsRead / progress.totalRows);
  return previous === null ? current : Math.max(previous, current);
}

/** Share of each merge step in the merge's time (measured on 100k new rows: matching ~0.2 s, writing
 *  ~1.5 s, indexing ~0.7 s, counting ~0.3 s, committing ~0.1 s, compacting ~0.4 s, checkpointing
 *  ~0.6 s), so the bar moves evenly. */
const MERGE_STEP_SHARES = [
  ['matching', 0.05],
  ['writing', 0.39],
  ['indexing', 0.18],
  ['counting', 0.07],
  ['committing', 0.03],
  ['compacting', 0.12],
  ['checkpointing', 0.16],
] as const satisfies readonly (readonly [MergeStep, number])[];

/** How far the compaction (in pages) or the checkpoint (in bytes) is, or null for the steps that
 *  count rows. */
function stepFraction(progress: ImportPhaseProgress): number | null {
  const { mergeStep, checkpointBytes, bytesCheckpointed, indexPages, pagesCompacted } = progress;
  if (mergeStep === 'compacting' && indexPages) return Math.min(1, (pagesCompacted ?? 0) / indexPages);
  if (mergeStep !== 'checkpointing' || !checkpointBytes) return null;
  return Math.min(1, (bytesCheckpointed ?? 0) / checkpointBytes);
}

/** The merging phase's bar (0…1), or null while the server has not said how far it is. */
export function mergeFraction(progress: ImportPhaseProgress): number | null {
  const { mergeStep, rowsMerged, mergeTotal } = progress;
  if (progress.phase !== 'merging' || mergeStep === undefined || rowsMerged === undefined) return null;
  let before = 0;
  for (const [step, share] of MERGE_STEP_SHARES) {
    if (step === mergeStep) {
      const within = stepFraction(progress) ?? (mergeTotal ? Math.min(1, rowsMerged / mergeTotal) : 0);
      return before + share * within;
    }
    before += share;
  }
  return null;
}
