import { describe, expect, it } from 'vitest';
import { optionName, suggestionCount, suggestionsAnnouncement, typeHint } from './suggestion-text.ts';

describe('typeHint', () => {
  it('names each kind of suggestion', () => {
    expect(typeHint('category')).toBe('Category');
    expect(typeHint('city')).toBe('City');
    expect(typeHint('business')).toBe('Business');
  });
});

describe('suggestionCount', () => {
  it('counts the businesses behind a category or a city', () => {
    expect(suggestionCount({ type: 'category', label: 'Plumber', url: '/category/plumber', count: 12 })).toBe(
      '12 businesses',
    );
    expect(suggestionCount({ type: 'city', label: 'Chicago, IL', url: '/city/Chicago', count: 1 })).toBe(
      '1 business',
    );
    expect(suggestionCount({ type: 'city', label: 'Houston', url: '/city/Houston', count: 1500 })).toBe(
      '1,500 businesses',
    );
  });

  it('says nothing for a business (always one)', () => {
    expect(suggestionCount({ type: 'business', label: 'Joe Plumbing', url: '/details/joe', count: 1 })).toBe(
      '',
    );
  });
});

describe('optionName', () => {
  it('says the label, the kind and the count, with pauses between', () => {
    expect(optionName({ type: 'category', label: 'Plumber', url: '/category/plumber', count: 12 })).toBe(
      'Plumber, Category, 12 businesses',
    );
    expect(optionName({ type: 'business', label: "Joe's Plumbing", url: '/details/joe', count: 1 })).toBe(
      "Joe's Plumbing, Business",
    );
  });
});

describe('suggestionsAnnouncement', () => {
  it('says how many suggestions there are, and nothing for none', () => {
    expect(suggestionsAnnouncement(0)).toBe('');
    expect(suggestionsAnnouncement(1)).toBe('1 suggestion');
    expect(suggestionsAnnouncement(10)).toBe('10 suggestions');
  });
});
