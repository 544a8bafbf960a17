// The popup of the search combobox: a listbox whose options are never focused (the input keeps
// focus and points at the active one), each with its label, what kind of place it is and a count.
import { type SyntheticEvent, useEffect } from 'react';
import type { Suggestion } from '../../../server/contract/search.ts';
import { optionId } from './active-option.ts';
import { optionName, suggestionCount, typeHint } from './suggestion-text.ts';

// Pressing in the list must not take focus from the input: the blur would close the list before
// the click lands (and a keyboard user's place would be lost).
const keepFocus = (event: SyntheticEvent) => event.preventDefault();

export function SuggestionListbox({
  id,
  open,
  suggestions,
  active,
  onChoose,
}: {
  id: string;
  open: boolean;
  suggestions: readonly Suggestion[];
  active: number;
  onChoose: (index: number) => void;
}) {
  // The active option stays in view when the arrow keys move past the list's visible part.
  useEffect(() => {
    if (!open || active < 0) return;
    document.getElementById(optionId(id, active))?.scrollIntoView({ block: 'nearest' });
  }, [id, open, active]);

  return (
    // Always in the page (hidden when closed), so that the input's aria-controls names an element.
    <div
      id={id}
      role="listbox"
      aria-label="Suggestions"
      className="combobox__listbox"
      hidden={!open}
      onPointerDown={keepFocus}
      onMouseDown={keepFocus}
    >
      {open &&
        suggestions.map((suggestion, index) => {
          const count = suggestionCount(suggestion);
          return (
            // Keyboard users reach the options from the input (aria-activedescendant): an option
            // is never focused and takes no keys of its own; a click or a tap chooses it.
            // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: see above
            <div
              key={`${suggestion.type}:${suggestion.url}`}
              id={optionId(id, index)}
              role="option"
              aria-selected={index === active}
              // Said with pauses ("Plumber, Category, 12 businesses"): the parts are separate spans.
              aria-label={optionName(suggestion)}
              className="combobox__option"
              onClick={() => onChoose(index)}
            >
              <span className="combobox__label">{suggestion.label}</span>
              <span className="combobox__hint">{typeHint(suggestion.type)}</span>
              {count && <span className="combobox__count">{count}</span>}
            </div>
          );
        })}
    </div>
  );
}
