// Which option the arrow keys make active. -1 is none (the input itself): from there Down goes to
// the first option and Up to the last; past either end the active option wraps around, as in the
// WAI-ARIA combobox examples.
export const NO_OPTION = -1;

export function nextOption(current: number, count: number, direction: 'next' | 'previous'): number {
  if (count <= 0) return NO_OPTION;
  if (current < 0 || current >= count) return direction === 'next' ? 0 : count - 1;
  return direction === 'next' ? (current + 1) % count : (current - 1 + count) % count;
}

/** The id of an option, for aria-activedescendant. */
export function optionId(listboxId: string, index: number): string {
  return `${listboxId}-option-${index}`;
}
