// A keystroke's business names read within the whole answer of the keystroke before it (decision
// 0053): the same suggestions as a read of the index alone, on both dialects, and never from a
// keystroke whose last word stood for only some of the words it starts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { searchIndexOf } from '../../../db/search/search-index.ts';
import { DIALECTS } from '../testing/test-store.ts';
import { suggestSearches } from './search.ts';
import { PREFIX_WORDS } from './search-context.ts';
import { forgetSuggestedNames } from './suggest-names.ts';
import { directoryOf, LEEDS, YORK } from './testing/search-directory.ts';
import { useSearchStore } from './testing/search-store.ts';

// Many "Auto" names and "Electric" names that never meet in one name; a few of each kind in York.
// Twenty-five words starting "zorb" in two names each and a rarer one in one name with "Kestrel":
// "zorb" stands for the 24 commonest, which leave the rare one out.
const zorbs = Array.from({ length: PREFIX_WORDS + 1 }, (_, i) => `Zorb${String.fromCharCode(97 + i)}x`);
const names = [
  ...Array.from({ length: 14 }, (_, i) => [`Auto Body Works ${i + 1}`, i % 4 === 0 ? YORK : LEEDS] as const),
  ...Array.from({ length: 6 }, (_, i) => [`Auto Repair Centre ${i + 1}`, i % 2 ? YORK : LEEDS] as const),
  ...Array.from({ length: 12 }, (_, i) => [`Electric Company ${i + 1}`, i % 3 ? LEEDS : YORK] as const),
  ['Electrical Services Leeds', LEEDS],
  ['Elm Tree Cafe', YORK],
  ...zorbs.flatMap((word) => [[`${word} Tools`, LEEDS] as const, [`${word} Supplies`, YORK] as const]),
  ['Kestrel Zorbzz', LEEDS],
] as const;
const directory = directoryOf(
  names.map(([name, place], i) => ({
    name,
    ...place,
    category: 'Shop',
    rating: 3 + ((i * 7) % 20) / 10,
    review_count: 5 + ((i * 13) % 40),
  })),
);

/** Every keystroke of a text, as typed. */
const keystrokes = (text: string) => Array.from({ length: text.length }, (_, i) => text.slice(0, i + 1));

describe.each(DIALECTS)('suggested names, keystroke after keystroke, on %s', (dialect) => {
  const database = useSearchStore(dialect, directory);
  const store = () => database().store;
  const labels = async (q: string, location?: string) =>
    (await suggestSearches(store(), { q, location })).suggestions
      .filter((s) => s.type === 'business')
      .map((s) => s.label);
  afterEach(() => {
    vi.restoreAllMocks();
    forgetSuggestedNames(store());
  });

  it('suggests what a read of the index alone suggests', async () => {
    const typed: [string, string?][] = [
      ['auto electrical se'],
      ['auto body works 1'],
      ['auto re', 'York'],
      ['electric co', 'Leeds'],
      ['elm tree c', 'England'],
      ['auto bo', 'leeds'],
    ];
    for (const [text, location] of typed) {
      const alone: string[][] = [];
      for (const q of keystrokes(text)) {
        forgetSuggestedNames(store());
        alone.push(await labels(q, location));
      }
      forgetSuggestedNames(store());
      const inTurn: string[][] = [];
      for (const q of keystrokes(text)) inTurn.push(await labels(q, location));
      expect(inTurn).toEqual(alone);
    }
    // The texts reach names both ways: some, none, and all of a few.
    expect(await labels('auto electrical se')).toEqual([]);
    expect(await labels('auto re', 'York')).toHaveLength(3);
  });

  it('checks a longer keystroke against the few names of the one before', async () => {
    const index = searchIndexOf(store());
    expect(await labels('auto rep', 'York')).toHaveLength(3);
    const walks = vi.spyOn(index, 'nameMatchingRowids');
    const among = vi.spyOn(index, 'nameRowidsAmong');
    expect(await labels('auto repair centre', 'York')).toHaveLength(3);
    expect(await labels('auto repair centre', 'Leeds')).toHaveLength(3);
    // York's answer was kept; Leeds (another place) had none kept, so it read the index.
    expect(among).toHaveBeenCalledTimes(1);
    expect(walks).toHaveBeenCalledTimes(1);
    expect(await labels('auto electric')).toEqual([]);
    expect(among).toHaveBeenCalledTimes(1);
    expect(await labels('auto electrical')).toEqual([]);
    expect(among).toHaveBeenCalledTimes(2);
  });

  it('does not narrow from a last word that stood for only its commonest completions', async () => {
    // "zorb" stands for the 24 commonest of its 26 words: none of them is in a name with "kestrel".
    expect(await labels('kestrel zorb')).toEqual([]);
    expect(await labels('kestrel zorbz')).toEqual(['Kestrel Zorbzz, Leeds']);
  });
});
