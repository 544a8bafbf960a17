// A service box with suggestions (WAI-ARIA 1.2 combobox, list popup). The server render and the
// hydrating render give a plain input in the same wrapper, so a form works without JavaScript and
// what is typed before hydration stays; after hydration the input becomes the combobox and its
// listbox and live region are added beside it.
import type { ChangeEvent, InputHTMLAttributes } from 'react';
import { useHydrated } from '../../hooks/use-hydrated.ts';
import { SuggestionListbox } from './suggestion-listbox.tsx';
import { suggestionsAnnouncement } from './suggestion-text.ts';
import { useSearchCombobox } from './use-search-combobox.ts';

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'name' | 'value' | 'defaultValue' | 'onChange' | 'onKeyDown' | 'onBlur' | 'role'
>;

export interface SearchComboboxProps extends InputProps {
  id: string;
  name: string;
  /** Given: a controlled input, and onValueChange its setter. Left out: an uncontrolled input. */
  value?: string;
  onValueChange?: (value: string) => void;
  /** The form field whose value is sent with the text as the location. */
  locationField?: string;
}

export function SearchCombobox({
  id,
  name,
  value,
  onValueChange,
  locationField = 'location',
  ...inputProps
}: SearchComboboxProps) {
  const hydrated = useHydrated();
  const listboxId = `${id}-suggestions`;
  const combobox = useSearchCombobox({
    listboxId,
    locationField,
    clear: (input) => {
      if (value === undefined) input.value = '';
      onValueChange?.('');
    },
  });
  const onChange = (event: ChangeEvent<HTMLInputElement>) => onValueChange?.(event.target.value);

  if (!hydrated)
    return (
      <div className="combobox">
        <input id={id} name={name} value={value} onChange={onChange} {...inputProps} />
      </div>
    );

  const { inputProps: comboboxProps } = combobox;
  return (
    <div className="combobox">
      <input
        id={id}
        name={name}
        value={value}
        {...inputProps}
        {...comboboxProps}
        // The browser's own list of past entries would cover the suggestions.
        autoComplete="off"
        onChange={(event) => {
          onChange(event);
          comboboxProps.onChange(event);
        }}
      />
      <SuggestionListbox
        id={listboxId}
        open={combobox.open}
        suggestions={combobox.suggestions}
        active={combobox.active}
        onChoose={combobox.choose}
      />
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {combobox.open ? suggestionsAnnouncement(combobox.suggestions.length) : ''}
      </p>
    </div>
  );
}
