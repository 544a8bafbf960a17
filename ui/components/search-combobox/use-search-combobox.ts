// The behaviour of the WAI-ARIA 1.2 combobox with a list popup (aria-autocomplete="list"): the
// suggestions open as the visitor types, the arrow keys move the active option (focus stays in
// the input; aria-activedescendant points at the option), Enter follows the active option or, with
// none, lets the form submit as it always did, Escape closes and then clears, Tab and blur close.
import { type ChangeEvent, type FocusEvent, type KeyboardEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Suggestion } from '../../../server/contract/search.ts';
import { sitePath } from '../../format/safe-url.ts';
import { NO_OPTION, nextOption, optionId } from './active-option.ts';
import { useSuggestionFetch } from './use-suggestion-fetch.ts';

export interface SearchComboboxOptions {
  listboxId: string;
  /** The form field whose value is sent as the location (the home form's fields are uncontrolled,
   *  so the form is where both forms keep it). */
  locationField: string;
  /** Empties the box (the second Escape): the owner's setter when the input is controlled. */
  clear: (input: HTMLInputElement) => void;
}

export interface SearchCombobox {
  open: boolean;
  suggestions: Suggestion[];
  active: number;
  /** The input's combobox attributes and event handlers. */
  inputProps: {
    role: 'combobox';
    'aria-expanded': boolean;
    'aria-controls': string;
    'aria-autocomplete': 'list';
    'aria-activedescendant': string | undefined;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
    onBlur: (event: FocusEvent<HTMLInputElement>) => void;
  };
  choose: (index: number) => void;
}

export function useSearchCombobox({
  listboxId,
  locationField,
  clear,
}: SearchComboboxOptions): SearchCombobox {
  const navigate = useNavigate();
  const fetcher = useSuggestionFetch();
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  // The text the suggestions answer: a closed list may be opened again with Down only for it.
  const answered = useRef('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(NO_OPTION);

  const close = () => {
    fetcher.cancel();
    setOpen(false);
    setActive(NO_OPTION);
  };

  const locationOf = (input: HTMLInputElement): string => {
    const field = input.form?.elements.namedItem(locationField);
    return field instanceof HTMLInputElement ? field.value : '';
  };

  const ask = (input: HTMLInputElement, delay?: number) => {
    const text = input.value;
    fetcher.request(
      text,
      locationOf(input),
      (found) => {
        answered.current = text;
        setSuggestions(found);
        setActive(NO_OPTION);
        // An answer that comes after the visitor left the box stays closed.
        setOpen(found.length > 0 && document.activeElement === input);
      },
      delay,
    );
  };

  const choose = (index: number) => {
    const path = sitePath(suggestions[index]?.url);
    close();
    if (path) navigate(path);
  };

  const move = (input: HTMLInputElement, direction: 'next' | 'previous') => {
    if (open) {
      setActive((current) => nextOption(current, suggestions.length, direction));
    } else if (suggestions.length > 0 && answered.current === input.value) {
      setOpen(true);
      setActive(nextOption(NO_OPTION, suggestions.length, direction));
    } else if (input.value.trim()) {
      ask(input, 0);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    // Keys that finish an input method's composition are the composition's.
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        return move(input, event.key === 'ArrowDown' ? 'next' : 'previous');
      case 'Enter':
        if (open && active !== NO_OPTION) {
          event.preventDefault();
          return choose(active);
        }
        // No active option: the form submits, as it does without JavaScript.
        return close();
      case 'Escape':
        // A search input would also clear itself on Escape (Chromium): the first one only closes.
        if (open) {
          event.preventDefault();
          return close();
        }
        if (input.value) {
          event.preventDefault();
          close();
          setSuggestions([]);
          answered.current = '';
          clear(input);
        }
        return;
      case 'Tab':
        // Closed, and focus moves on: the list never traps it.
        return close();
    }
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    setActive(NO_OPTION);
    if (input.value.trim()) return ask(input);
    close();
    setSuggestions([]);
    answered.current = '';
  };

  return {
    open,
    suggestions,
    active,
    inputProps: {
      role: 'combobox',
      'aria-expanded': open,
      'aria-controls': listboxId,
      'aria-autocomplete': 'list',
      'aria-activedescendant': open && active !== NO_OPTION ? optionId(listboxId, active) : undefined,
      onChange,
      onKeyDown,
      onBlur: () => close(),
    },
    choose,
  };
}
