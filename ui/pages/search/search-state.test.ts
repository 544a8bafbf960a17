import { describe, expect, it } from 'vitest';
import {
  formSearchHref,
  ignoredWordsNote,
  isSearched,
  isSearchedWith,
  readSearchFilters,
  readSearchState,
  type SearchState,
  searchHeading,
  searchParamsOf,
} from './search-state.ts';

const state = (fields: Partial<SearchState>): SearchState => ({
  q: '',
  location: '',
  category: '',
  exact: false,
  page: 1,
  ...fields,
});

const understood = (label: string) => ({ text: '', location: null, label, ignoredWords: [] });

describe('readSearchState', () => {
  it('reads the words, the place, the category, exact and the page from the URL', () => {
    expect(
      readSearchState(new URLSearchParams('q=%20plumbr%20&location=Chicago&category=Home&exact=1&page=2')),
    ).toEqual({ q: 'plumbr', location: 'Chicago', category: 'Home', exact: true, page: 2 });
  });

  it('takes exact only as exact=1', () => {
    for (const query of ['q=a', 'q=a&exact=', 'q=a&exact=0', 'q=a&exact=true'])
      expect(readSearchState(new URLSearchParams(query)).exact, query).toBe(false);
  });
});

describe('isSearched', () => {
  it('searches a service, a place, or both, but not nothing', () => {
    expect(isSearched({ q: 'plumber', location: '' })).toBe(true);
    expect(isSearched({ q: '', location: 'Chicago' })).toBe(true);
    expect(isSearched({ q: '', location: '' })).toBe(false);
  });
});

describe('searchHeading', () => {
  it("uses the server's reading of the query once it is known", () => {
    expect(searchHeading(state({ q: 'plumbers chicago' }), understood('Plumbers in Chicago, IL'))).toBe(
      'Plumbers in Chicago, IL',
    );
    expect(searchHeading(state({ q: 'dentist', category: 'Healthcare' }), understood('Dentists'))).toBe(
      'Dentists (Healthcare)',
    );
  });

  it('says what the URL asks until then', () => {
    expect(searchHeading(state({ q: 'dentist', location: 'Chicago' }))).toBe(
      'Results for "dentist" in Chicago',
    );
    expect(searchHeading(state({ q: 'dentist', category: 'Healthcare' }))).toBe(
      'Results for "dentist" (Healthcare)',
    );
    expect(searchHeading(state({ location: 'Chicago' }))).toBe('Businesses in Chicago');
    expect(searchHeading(state({}))).toBe('Search Local Businesses');
  });
});

describe('searchParamsOf', () => {
  it('keeps exact in the links only when it is on', () => {
    expect(searchParamsOf(state({ q: 'plumbr', exact: true }))).toEqual({
      q: 'plumbr',
      location: '',
      category: '',
      exact: '1',
    });
    expect(searchParamsOf(state({ q: 'plumbr' })).exact).toBe('');
  });
});

describe('formSearchHref', () => {
  it('starts a new search at page 1, without empty fields', () => {
    expect(formSearchHref(state({ q: 'a', page: 3 }), { q: 'dentist', location: '', category: '' })).toBe(
      '/search?q=dentist',
    );
    expect(formSearchHref(state({}), { q: '', location: ' Chicago ', category: '' })).toBe(
      '/search?location=Chicago',
    );
  });

  it('keeps exact while the words are the ones searched exactly, and drops it for new words', () => {
    const exact = state({ q: 'plumbr', exact: true });
    expect(formSearchHref(exact, { q: 'plumbr ', location: '', category: 'Home' })).toBe(
      '/search?q=plumbr&category=Home&exact=1',
    );
    expect(formSearchHref(exact, { q: 'plumber', location: '', category: '' })).toBe('/search?q=plumber');
  });
});

describe('ignoredWordsNote', () => {
  it('names the words left out, in the singular or the plural', () => {
    expect(ignoredWordsNote([])).toBe('');
    expect(ignoredWordsNote(['xyzzy'])).toBe('No businesses matched “xyzzy”, so it was left out.');
    expect(ignoredWordsNote(['xyzzy', 'qqq'])).toBe(
      'No businesses matched “xyzzy qqq”, so they were left out.',
    );
  });
});

describe('issue 16: the filters of a search', () => {
  const values = { q: 'dentist', location: 'Leeds', category: '' };

  it('keeps the filters and the order through a new search, page 1 again', () => {
    const filters = readSearchFilters(new URLSearchParams('openNow=true&minRating=4&sort=rating&page=3'));
    expect(formSearchHref(state({ q: 'a', page: 3 }), values, filters)).toBe(
      '/search?q=dentist&location=Leeds&openNow=true&minRating=4&sort=rating',
    );
  });

  it('sorts by distance from a typed place, and drops that order when the place is emptied', () => {
    const near = readSearchFilters(new URLSearchParams('location=Leeds&sort=distance'));
    expect(near.sort).toBe('distance');
    expect(readSearchFilters(new URLSearchParams('q=dentist&sort=distance')).sort).toBeNull();
    expect(formSearchHref(state({}), { ...values, location: '' }, near)).toBe('/search?q=dentist');
  });

  it('searches near a point without words or a place', () => {
    const point = readSearchFilters(new URLSearchParams('lat=53.8&lng=-1.55&sort=distance'));
    expect(isSearchedWith(state({}), point)).toBe(true);
    expect(isSearchedWith(state({}), readSearchFilters(new URLSearchParams('openNow=true')))).toBe(false);
  });
});
