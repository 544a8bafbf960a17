import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window.ts';

describe('pageWindow', () => {
  it('shows every page when there are five or fewer', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('centres the current page in a window of five', () => {
    expect(pageWindow(10, 40)).toEqual([8, 9, 10, 11, 12]);
  });

  it('shifts the window at either end instead of shrinking it', () => {
    expect(pageWindow(1, 40)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 40)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(40, 40)).toEqual([36, 37, 38, 39, 40]);
    expect(pageWindow(39, 40)).toEqual([36, 37, 38, 39, 40]);
  });

  it('clamps a page outside 1..total and gives nothing for an empty list', () => {
    expect(pageWindow(0, 8)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(99, 8)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});
