import { describe, expect, it } from 'vitest';
import { abbreviateCount } from './counts.ts';

describe('abbreviateCount (§9)', () => {
  it('shows counts under 1,000 as they are', () => {
    expect(abbreviateCount(0)).toBe('0');
    expect(abbreviateCount(999)).toBe('999');
  });

  it('shows thousands as whole k', () => {
    expect(abbreviateCount(1_000)).toBe('1k');
    expect(abbreviateCount(1_999)).toBe('1k');
    expect(abbreviateCount(190_432)).toBe('190k');
    expect(abbreviateCount(999_999)).toBe('999k');
  });

  it('shows millions with one decimal', () => {
    expect(abbreviateCount(1_000_000)).toBe('1.0M');
    expect(abbreviateCount(1_234_567)).toBe('1.2M');
    expect(abbreviateCount(25_000_000)).toBe('25.0M');
  });
});
