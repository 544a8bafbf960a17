import { describe, expect, it } from 'vitest';
import { NO_OPTION, nextOption, optionId } from './active-option.ts';

describe('nextOption', () => {
  it('goes from the input to the first option on Down and to the last on Up', () => {
    expect(nextOption(NO_OPTION, 4, 'next')).toBe(0);
    expect(nextOption(NO_OPTION, 4, 'previous')).toBe(3);
  });

  it('moves one option at a time and wraps around at either end', () => {
    expect(nextOption(0, 4, 'next')).toBe(1);
    expect(nextOption(3, 4, 'next')).toBe(0);
    expect(nextOption(2, 4, 'previous')).toBe(1);
    expect(nextOption(0, 4, 'previous')).toBe(3);
  });

  it('has nothing to activate in an empty list, and recovers from an index past the end', () => {
    expect(nextOption(NO_OPTION, 0, 'next')).toBe(NO_OPTION);
    expect(nextOption(2, 0, 'previous')).toBe(NO_OPTION);
    expect(nextOption(7, 3, 'next')).toBe(0);
  });
});

describe('optionId', () => {
  it('derives each option id from the listbox id', () => {
    expect(optionId('home-search-service-suggestions', 2)).toBe('home-search-service-suggestions-option-2');
  });
});
