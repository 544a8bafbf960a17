// What this process is running for the admin area right now. The database lock already serialises
// imports and delete-all across processes; this in-memory view lets the server refuse a second one
// before storing a large upload, keep SEO runs from piling up, and show an import's live progress.
import type { ImportProgress } from '../../domain/import/import-spreadsheet.ts';

/** 'data': imports and delete-all, which exclude each other; 'seo': SEO generation. */
export type SlotName = 'data' | 'seo';

export interface SlotHolder {
  /** 'import' | 'delete-all' | 'generate-seo': what holds the slot. */
  task: string;
  startedAt: Date;
  /** An import's latest progress report, for the progress endpoint. */
  importProgress?: ImportProgress;
}

export type SlotClaim =
  | { acquired: true; holder: SlotHolder; release(): void }
  | { acquired: false; holder: SlotHolder };

export class JobSlots {
  readonly #holders = new Map<SlotName, SlotHolder>();

  claim(slot: SlotName, task: string): SlotClaim {
    const current = this.#holders.get(slot);
    if (current) return { acquired: false, holder: current };
    const holder: SlotHolder = { task, startedAt: new Date() };
    this.#holders.set(slot, holder);
    let released = false;
    return {
      acquired: true,
      holder,
      release: () => {
        if (released) return;
        released = true;
        if (this.#holders.get(slot) === holder) this.#holders.delete(slot);
      },
    };
  }

  current(slot: SlotName): SlotHolder | undefined {
    return this.#holders.get(slot);
  }
}

/** The answer for a refused data job, naming what is running. */
export function busyMessage(holder: SlotHolder, wanted: string): string {
  const running =
    holder.task === 'import' ? 'An import' : holder.task === 'delete-all' ? 'A delete-all' : 'A job';
  return `${running} is already running (started ${holder.startedAt.toISOString()}); ${wanted} can run when it has finished.`;
}
