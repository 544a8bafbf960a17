// Suggestions asked for as the visitor types: one request per pause in typing, the request before
// it aborted, so that a slow answer for "pl" can never arrive after (and replace) the one for "plu".
// Plain timers and AbortControllers, apart from React, so the timing can be tested on its own.
import { MAX_SUGGESTIONS, type Suggestion, type SuggestAnswer } from '../../../server/contract/search.ts';

/** Long enough to skip the keystrokes of a word typed in one go, short enough to feel immediate. */
export const SUGGEST_DELAY_MS = 150;

export type SuggestFunction = (q: string, location: string, signal: AbortSignal) => Promise<SuggestAnswer>;

export interface SuggestionRequests {
  /** Asks for the suggestions of `text` after `delay` ms, cancelling whatever was asked before.
   *  `onAnswer` is called once, unless cancelled first; a failed request answers no suggestion. */
  request(
    text: string,
    location: string,
    onAnswer: (suggestions: Suggestion[]) => void,
    delay?: number,
  ): void;
  /** Forgets the pending request, if any (its answer, should it come, is dropped). */
  cancel(): void;
}

export function createSuggestionRequests(suggest: SuggestFunction): SuggestionRequests {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | null = null;

  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    inFlight?.abort();
    inFlight = null;
  };

  const request: SuggestionRequests['request'] = (text, location, onAnswer, delay = SUGGEST_DELAY_MS) => {
    cancel();
    const q = text.trim();
    if (!q) return;
    timer = setTimeout(() => {
      timer = undefined;
      const controller = new AbortController();
      inFlight = controller;
      const settle = (suggestions: Suggestion[]) => {
        if (controller.signal.aborted) return;
        inFlight = null;
        onAnswer(suggestions);
      };
      suggest(q, location.trim(), controller.signal).then(
        (answer) => settle(answer.suggestions.slice(0, MAX_SUGGESTIONS)),
        // Suggestions are a convenience: a failed request leaves the plain search box.
        () => settle([]),
      );
    }, delay);
  };

  return { request, cancel };
}
