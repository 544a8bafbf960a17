import { describe, expect, it } from 'vitest';
import { nextFraction } from './use-import-queue.ts';

describe('nextFraction', () => {
  const at = (rowsRead: number, totalRows: number | null) =>
    ({ phase: 'reading', rowsRead, rowsWritten: 0, totalRows }) as const;

  it('stays unknown until the server knows a row count', () => {
    expect(nextFraction(null, at(500, null))).toBeNull();
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
