import { describe, expect, it } from 'vitest';
import type { ImportPhaseProgress } from '../api/admin-api.ts';
import { mergeFraction, nextFraction } from './use-import-queue.ts';

describe('nextFraction', () => {
  const at = (rowsRead: number, totalRows: number | null) =>
    ({ phase: 'reading', rowsRead, rowsWritten: 0, totalRows }) as const;

  it('stays unknown until the server knows a row count', () => {
    expect(nextFraction(null, at(500, null))).toBeNull();
    // No fill is kept from an earlier answer while the count is unknown.
    expect(nextFraction(0.4, at(900, null))).toBeNull();
  });

  it('never moves back when the estimated total grows faster than the rows read', () => {
    const first = nextFraction(null, at(11_700, 76_766));
    expect(first).toBeCloseTo(0.1524, 3);
    // More rows read, but the estimate grew more: the bar holds.
    expect(nextFraction(first, at(12_000, 90_000))).toBe(first);
    expect(nextFraction(first, at(50_000, 93_000))).toBeCloseTo(0.5376, 3);
  });

  it('caps at the whole', () => {
    expect(nextFraction(0.9, at(120, 100))).toBe(1);
  });
});

describe('mergeFraction', () => {
  const merging = (mergeStep: ImportPhaseProgress['mergeStep'], rowsMerged: number) =>
    ({
      phase: 'merging',
      rowsRead: 100_000,
      rowsWritten: 100_000,
      totalRows: 100_000,
      mergeStep,
      rowsMerged,
      mergeTotal: 100_000,
    }) as const;

  // The checkpoint counts the bytes it has copied into the database file, not rows.
  const checkpointing = (bytesCheckpointed: number) =>
    ({ ...merging('checkpointing', 0), checkpointBytes: 200e6, bytesCheckpointed }) as const;
  // The compaction counts the search index's pages it has written.
  const compacting = (pagesCompacted: number) =>
    ({ ...merging('compacting', 0), indexPages: 40_000, pagesCompacted }) as const;

  it('stays unknown until the server reports the merge steps', () => {
    expect(mergeFraction({ phase: 'merging', rowsRead: 10, rowsWritten: 10, totalRows: 10 })).toBeNull();
    expect(mergeFraction({ ...merging('writing', 5), phase: 'reading' })).toBeNull();
  });

  it('moves forward through the steps and the rows of each step, up to the whole', () => {
    const fractions = [
      merging('matching', 0),
      merging('matching', 100_000),
      merging('writing', 40_000),
      merging('writing', 100_000),
      merging('indexing', 50_000),
      merging('counting', 0),
      merging('committing', 0),
      compacting(0),
      compacting(20_000),
      checkpointing(0),
      checkpointing(90e6),
      checkpointing(200e6),
    ].map((p) => mergeFraction(p) as number);
    expect(fractions[0]).toBe(0);
    expect(fractions[2]).toBeCloseTo(0.05 + 0.39 * 0.4, 5);
    expect(fractions[8]).toBeCloseTo(1 - 0.16 - 0.12 / 2, 5);
    expect(fractions.at(-2)).toBeCloseTo(1 - 0.16 * (1 - 90 / 200), 5);
    expect(fractions.at(-1)).toBeCloseTo(1, 5);
    for (let i = 1; i < fractions.length; i++)
      expect(fractions[i]).toBeGreaterThan(fractions[i - 1] as number);
  });
});
