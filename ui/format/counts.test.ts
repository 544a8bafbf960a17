import { describe, expect, it } from 'vitest';
import { abbreviateCount, businessCountText } from './counts.ts';

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

describe('businessCountText', () => {
  it('says business for one and businesses otherwise, with thousands separated', () => {
    expect(businessCountText(0)).toBe('0 businesses');
    expect(businessCountText(1)).toBe('1 business');
    expect(businessCountText(2)).toBe('2 businesses');
    expect(businessCountText(12_345)).toBe('12,345 businesses');
  });
});
