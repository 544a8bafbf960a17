import { describe, expect, it } from 'vitest';
import { baseSlug, slugCandidates, slugNamePart } from './slug.ts';

const PLACE_ID = 'ChIJY8i4kEVawokR4uFtFh8npMQ';

describe('baseSlug', () => {
  it('follows the specification: lowercase, only letters/digits/spaces, hyphens, first 7 of the place id', () => {
    expect(baseSlug("Joe's Pizza & Pasta!", PLACE_ID)).toBe('joes-pizza-pasta-ChIJY8i');
    expect(baseSlug('  The   Best -- Café  ', PLACE_ID)).toBe('the-best-cafe-ChIJY8i');
  });

  it('folds Latin accents, so "Café" and "Cafe" differ only by their place ids', () => {
    const cafe1 = baseSlug('Café', 'ChIJAAAAAAAAAAAA');
    const cafe2 = baseSlug('Cafe', 'ChIJBBBBBBBBBBBB');
    expect(cafe1).toBe('cafe-ChIJAAA');
    expect(cafe2).toBe('cafe-ChIJBBB');
    expect(cafe1).not.toBe(cafe2);
    expect(slugNamePart('Crème Brûlée Straße İstanbul Łódź')).toBe('creme-brulee-straße-istanbul-łodz');
  });

  it('keeps other scripts intact (CJK, Cyrillic with й, Arabic, Devanagari vowel signs, Hangul)', () => {
    expect(slugNamePart('寿司 大和')).toBe('寿司-大和');
    expect(slugNamePart('Кав’ярня Мій')).toBe('кавярня-мій');
    expect(slugNamePart('مطعم الشام')).toBe('مطعم-الشام');
    expect(slugNamePart('नमस्ते दिल्ली')).toBe('नमस्ते-दिल्ली');
    expect(slugNamePart('서울 식당')).toBe('서울-식당');
    expect(slugNamePart('がっこう')).toBe('がっこう');
  });

  it('falls back to "business" when nothing is left of the name', () => {
    expect(baseSlug('🍕🍺', PLACE_ID)).toBe('business-ChIJY8i');
    expect(baseSlug('!!!', PLACE_ID)).toBe('business-ChIJY8i');
  });

  it('caps the name part at 80 characters and is deterministic for a 10,000-character name', () => {
    const name = 'Ab '.repeat(3_334);
    const slug = baseSlug(name, PLACE_ID);
    expect(slug).toBe(baseSlug(name, PLACE_ID));
    const namePart = slug.slice(0, -'-ChIJY8i'.length);
    expect(namePart.length).toBeLessThanOrEqual(80);
    expect(namePart.endsWith('-')).toBe(false);
    expect(slugNamePart('🍕'.repeat(100))).toBe('business');
    expect(slugNamePart(`${'a'.repeat(79)}寿`)).toHaveLength(80);
  });

  it('keeps the place id case and removes characters that do not belong in a path', () => {
    expect(baseSlug('Cafe', 'AbCdEfGhIj')).toBe('cafe-AbCdEfG');
    expect(baseSlug('Cafe', '../x/?#y')).toBe('cafe-xy');
    expect(baseSlug('Cafe', '42')).toBe('cafe-42');
  });
});

describe('slugCandidates', () => {
  it('tries more of the place id, then numbered suffixes, deterministically', () => {
    const candidates = slugCandidates('Café', 'ChIJAAAAB1', 3);
    expect(candidates).toEqual([
      'cafe-ChIJAAA',
      'cafe-ChIJAAAA',
      'cafe-ChIJAAAAB',
      'cafe-ChIJAAAAB1',
      'cafe-ChIJAAA-2',
      'cafe-ChIJAAA-3',
      'cafe-ChIJAAA-4',
    ]);
    expect(slugCandidates('Café', 'ChIJAAAAB1', 3)).toEqual(candidates);
  });

  it('gives two businesses sharing name and id prefix different slugs', () => {
    const taken = new Set<string>();
    const pick = (name: string, id: string) => {
      const slug = slugCandidates(name, id).find((candidate) => !taken.has(candidate)) as string;
      taken.add(slug);
      return slug;
    };
    expect(pick('Café', 'ChIJAAAxyz')).toBe('cafe-ChIJAAA');
    expect(pick('Cafe', 'ChIJAAAqrs')).toBe('cafe-ChIJAAAq');
    expect(pick('Cafe', 'ChIJAAAqrs')).toBe('cafe-ChIJAAAqr');
  });
});
