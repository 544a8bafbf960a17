// The about text's agreement with the page, case by case (issue 15): the rating and review count as
// the page shows them, hours, the name at most three times, no sentence about the page's widgets,
// the website only when the page links it, the category's navigation group.
import { describe, expect, it } from 'vitest';
import type { SeoRow } from '../../../db/seo-repository.ts';
import { formatRating } from '../../../ui/components/star-rating/star-rating.tsx';
import { MIN_ABOUT_WORDS } from './about-text.ts';
import { buildSeoContent } from './build-seo-content.ts';
import { countNameMentions, MAX_NAME_MENTIONS } from './name-mentions.ts';
import { countWords } from './plain-text.ts';
import { type SeoSource, seoSourceFromRow } from './seo-source.ts';
import { PAGE_PHRASES } from './testing/page-phrases.ts';
import { sampleBusinessRow } from './testing/sample-businesses.ts';

const SITE = 'https://directory.example';

const base: SeoSource = {
  placeId: 'ChIJagree0000000000000000001',
  slug: 'copper-tap-house-ChIJagr',
  name: 'Copper Tap House',
  category: 'Bar',
  city: 'Chicago',
  state: 'IL',
  country: 'United States',
  address: '12 W Madison St, Chicago, IL 60602',
  zipCode: '60602',
  description: null,
  hours: {
    monday: [{ open: '16:00', close: '23:00' }],
    tuesday: [{ open: '16:00', close: '23:00' }],
    wednesday: [{ open: '16:00', close: '23:00' }],
    thursday: [{ open: '16:00', close: '23:00' }],
    friday: [{ open: '16:00', close: '02:00' }],
    saturday: [{ open: '12:00', close: '02:00' }],
    sunday: [],
  },
  rating: 4.4,
  reviewCount: 87,
  attributes: null,
  businessStatus: 'OPERATIONAL',
  website: 'https://coppertap.example',
  phone: '+1 312-555-0199',
  isVerified: false,
};

const about = (source: Partial<SeoSource>) => buildSeoContent({ ...base, ...source }, SITE).about;

function sample(i: number): SeoSource {
  const row: SeoRow = {
    id: i,
    ...sampleBusinessRow(i),
    seo_title: null,
    seo_description: null,
    canonical_url: null,
  };
  return seoSourceFromRow(row);
}

describe('rating and reviews as the page shows them', () => {
  it('states the review count and no invented rating when the rating cell was invalid (stored 0)', () => {
    for (const [i, count] of [3, 1, 1234].entries()) {
      const source = { placeId: `invalid-rating-${i}`, rating: 0, reviewCount: count };
      const text = about(source);
      const shown = count.toLocaleString('en-US');
      expect(text).toContain(`${shown} ${count === 1 ? 'review' : 'reviews'}`);
      expect(text).not.toMatch(/no reviews|no recorded reviews|reviews counted/i);
      expect(text).not.toMatch(/out of 5/);
      const { seoDescription } = buildSeoContent({ ...base, ...source }, SITE);
      expect(seoDescription).not.toMatch(/Rated|out of 5/);
    }
  });

  it('says there are no reviews, and no rating, when there are none', () => {
    const text = about({ rating: 0, reviewCount: 0 });
    expect(text).toMatch(/no reviews|no recorded reviews/i);
    expect(text).not.toMatch(/\d+ reviews?\b/);
    expect(text).not.toMatch(/out of 5/);
  });

  it('states a rating recorded without reviews, and that no reviews are counted', () => {
    const text = about({ rating: 4.5, reviewCount: 0 });
    expect(text).toContain('4.5 out of 5');
    expect(text).toMatch(/no reviews counted|counts no reviews/);
    expect(text).not.toMatch(/\d+ reviews?\b/);
  });

  it('prints the rating exactly as the star rating does', () => {
    for (const rating of [1, 2.25, 3.05, 4.25, 4.35, 4.96, 5, 7]) {
      const text = about({ placeId: `rating-${rating}`, rating, reviewCount: 40 });
      expect(text, String(rating)).toContain(`${formatRating(rating)} out of 5`);
      expect(text.match(/\d\.\d(?= out of 5)/g)?.every((r) => r === formatRating(rating))).toBe(true);
    }
  });
});

describe('hours', () => {
  it('names no day and no time without hours, and says so', () => {
    const text = about({ hours: null });
    expect(text).toMatch(/No opening hours|does not include opening hours|not part of the data/);
    expect(text).not.toMatch(/Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday/);
    expect(text).not.toMatch(/\d{1,2}:\d{2}/);
  });

  it('gives each day the times the page lists for it, in its clock', () => {
    const text = about({});
    expect(text).toMatch(/4:00 PM/);
    expect(text).not.toMatch(/16:00|23:00/);
    expect(text).toMatch(/Sunday/);
  });
});

describe('the business name', () => {
  it(`appears at least once and at most ${MAX_NAME_MENTIONS} times, over 1,000 sample businesses`, () => {
    for (let i = 1; i <= 1000; i++) {
      const source = sample(i);
      const text = buildSeoContent(source, SITE).about;
      const n = countNameMentions(text, source.name);
      expect(n, source.name).toBeGreaterThanOrEqual(1);
      expect(n, source.name).toBeLessThanOrEqual(MAX_NAME_MENTIONS);
    }
  });

  it('stays within the limit when the data itself repeats the name, and keeps 200 words', () => {
    const cases: Partial<SeoSource>[] = [
      { name: 'Bar', category: 'Bar' },
      { name: 'Chicago', city: 'Chicago' },
      {
        description:
          'Copper Tap House is a bar. Copper Tap House pours local beer. Copper Tap House, since 1999.',
      },
      { name: 'Dentist', category: 'Dentist', description: 'Dentist Dentist Dentist Dentist' },
      {
        name: 'A',
        category: 'X',
        city: 'Y',
        hours: null,
        rating: 0,
        reviewCount: 0,
        website: null,
        phone: null,
      },
    ];
    for (const [i, data] of cases.entries()) {
      const source = { ...base, placeId: `repeat-${i}`, ...data };
      const text = buildSeoContent(source, SITE).about;
      expect(countNameMentions(text, source.name), JSON.stringify(data)).toBeLessThanOrEqual(
        MAX_NAME_MENTIONS,
      );
      expect(countWords(text), JSON.stringify(data)).toBeGreaterThanOrEqual(MIN_ABOUT_WORDS);
    }
  });

  it('reads "the business" elsewhere, capitalised at the start of a sentence', () => {
    const text = about({});
    expect(text).toMatch(/\b(the|this) business\b/);
    expect(text).not.toMatch(/(^|[.!?]\s+)(the|this) business\b/m);
  });
});

describe('no sentence about the page itself', () => {
  it('uses none of the page-describing phrases, over 1,000 samples and the edge cases', () => {
    const sources = [
      base,
      { ...base, rating: 0 },
      { ...base, reviewCount: 3 },
      ...Array.from({ length: 1000 }, (_, k) => sample(k + 1)),
    ];
    for (const source of sources) {
      const text = buildSeoContent(source, SITE).about.toLowerCase();
      for (const phrase of PAGE_PHRASES) expect(text, `"${phrase}" for ${source.name}`).not.toContain(phrase);
    }
  });
});

describe('contact and group facts', () => {
  it('mentions a website only when the page links it', () => {
    for (const website of ['javascript:alert(1)', 'www.coppertap.example', '   ']) {
      const text = about({ placeId: `site-${website}`, website });
      expect(text, website).not.toMatch(
        /website (is|are) listed|links to a website|linked website|as well as a website|and a website|listed website/,
      );
    }
    expect(about({ phone: null, website: 'javascript:alert(1)' })).toMatch(
      /no phone number or website|neither a phone number nor a website/i,
    );
  });

  it('names the navigation group of the category (bars under Restaurants)', () => {
    const texts = Array.from({ length: 20 }, (_, i) => about({ placeId: `group-${i}` }));
    for (const text of texts) {
      expect(text).not.toContain('Professional Services');
      expect(text).toContain('Restaurants');
    }
    // A category that is a group's own name needs no sentence saying so.
    const healthcare = about({ category: 'Healthcare', name: 'Lakeside Clinic' });
    expect(healthcare).not.toMatch(/belongs to the|sits within the|gathered under/);
  });
});
