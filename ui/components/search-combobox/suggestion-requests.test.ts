import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Suggestion, SuggestAnswer } from '../../../server/contract/search.ts';
import { createSuggestionRequests, SUGGEST_DELAY_MS } from './suggestion-requests.ts';

const plumber: Suggestion = { type: 'category', label: 'Plumber', url: '/category/plumber', count: 12 };

/** A suggest function whose answers the test settles by hand, recording every call. */
function fakeSuggest() {
  const calls: {
    q: string;
    location: string;
    signal: AbortSignal;
    resolve(a: SuggestAnswer): void;
    reject(e: Error): void;
  }[] = [];
  const suggest = (q: string, location: string, signal: AbortSignal) =>
    new Promise<SuggestAnswer>((resolve, reject) => calls.push({ q, location, signal, resolve, reject }));
  return { calls, suggest };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('createSuggestionRequests', () => {
  it('asks once the typing pauses, with the text and the place trimmed', async () => {
    const { calls, suggest } = fakeSuggest();
    const requests = createSuggestionRequests(suggest);
    const onAnswer = vi.fn();
    requests.request('p', '', onAnswer);
    vi.advanceTimersByTime(SUGGEST_DELAY_MS - 1);
    requests.request('pl', '', onAnswer);
    vi.advanceTimersByTime(SUGGEST_DELAY_MS - 1);
    requests.request(' plu ', ' Chicago ', onAnswer);
    expect(calls).toHaveLength(0);
    vi.advanceTimersByTime(SUGGEST_DELAY_MS);
    expect(calls.map(({ q, location }) => ({ q, location }))).toEqual([{ q: 'plu', location: 'Chicago' }]);

    calls[0]?.resolve({ suggestions: [plumber] });
    await vi.runAllTimersAsync();
    expect(onAnswer).toHaveBeenCalledExactlyOnceWith([plumber]);
  });

  it('aborts the request in flight when the text changes, and drops its late answer', async () => {
    const { calls, suggest } = fakeSuggest();
    const requests = createSuggestionRequests(suggest);
    const first = vi.fn();
    const second = vi.fn();
    requests.request('pl', '', first);
    vi.advanceTimersByTime(SUGGEST_DELAY_MS);
    requests.request('plu', '', second);
    expect(calls[0]?.signal.aborted).toBe(true);
    vi.advanceTimersByTime(SUGGEST_DELAY_MS);
    calls[1]?.resolve({ suggestions: [plumber] });
    calls[0]?.resolve({ suggestions: [] });
    await vi.runAllTimersAsync();
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledExactlyOnceWith([plumber]);
  });

  it('asks nothing for blank text, and cancel() stops a pending request', async () => {
    const { calls, suggest } = fakeSuggest();
    const requests = createSuggestionRequests(suggest);
    const onAnswer = vi.fn();
    requests.request('   ', '', onAnswer);
    requests.request('plu', '', onAnswer);
    requests.cancel();
    vi.advanceTimersByTime(SUGGEST_DELAY_MS * 2);
    expect(calls).toHaveLength(0);

    requests.request('plu', '', onAnswer, 0);
    vi.advanceTimersByTime(0);
    requests.cancel();
    expect(calls[0]?.signal.aborted).toBe(true);
    calls[0]?.resolve({ suggestions: [plumber] });
    await vi.runAllTimersAsync();
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('keeps at most ten suggestions, and answers none when the request fails', async () => {
    const { calls, suggest } = fakeSuggest();
    const requests = createSuggestionRequests(suggest);
    const onAnswer = vi.fn();
    requests.request('a', '', onAnswer);
    vi.advanceTimersByTime(SUGGEST_DELAY_MS);
    calls[0]?.resolve({
      suggestions: Array.from({ length: 12 }, (_, i) => ({ ...plumber, url: `/category/c${i}` })),
    });
    await vi.runAllTimersAsync();
    expect(onAnswer.mock.calls[0]?.[0]).toHaveLength(10);

    requests.request('b', '', onAnswer);
    vi.advanceTimersByTime(SUGGEST_DELAY_MS);
    calls[1]?.reject(new Error('500: boom'));
    await vi.runAllTimersAsync();
    expect(onAnswer).toHaveBeenLastCalledWith([]);
  });
});
