// Test support: an import's progress as its process reports it at the checkpoint, its last step.
import type { ImportProgress } from '../import-types.ts';

/** A 10-row import whose merge has committed and which now checkpoints (no byte counts given). */
export const CHECKPOINTING: ImportProgress = {
  phase: 'merging',
  rowsRead: 10,
  rowsWritten: 10,
  totalRows: 10,
  mergeStep: 'checkpointing',
  rowsMerged: 0,
  mergeTotal: 10,
};
