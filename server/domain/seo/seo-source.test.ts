import { describe, expect, it } from 'vitest';
import type { SeoRow } from '../../../db/seo-repository.ts';
import { parseAttributes, parseWeeklyHours, seoSourceFromRow } from './seo-source.ts';

const row: SeoRow = {
  id: 1,
  place_id: 'ChIJabc',
  slug: 'joes-ChIJabc',
  name: 'Joe',
  category: 'Bakery',
  description: null,
  address: '1 Main St',
  city: 'Austin',
  state: 'TX',
  country: 'United States',
  zip_code: '78701',
  phone: null,
  website: null,
  rating: 4.5,
  review_count: 10,
  is_verified: 1,
  hours: '{"monday":[{"open":"09:00","close":"17:00"}],"tuesday":[]}',
  attributes: '{"Payments":{"Credit cards":true,"Cash only":false}}',
  business_status: 'OPERATIONAL',
  about: null,
  seo_title: null,
  seo_description: null,
  canonical_url: null,
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('seoSourceFromRow', () => {
  it('parses the JSON columns', () => {
    const source = seoSourceFromRow(row);
    expect(source.hours).toEqual({ monday: [{ open: '09:00', close: '17:00' }], tuesday: [] });
    expect(source.attributes).toEqual({ Payments: { 'Credit cards': true, 'Cash only': false } });
    expect(source.isVerified).toBe(true);
    expect(source.zipCode).toBe('78701');
  });

  it('treats malformed JSON as missing rather than failing', () => {
    const source = seoSourceFromRow({ ...row, hours: '{not json', attributes: '[1,2]' });
    expect(source.hours).toBeNull();
    expect(source.attributes).toBeNull();
  });
});

describe('parseWeeklyHours', () => {
  it('drops malformed intervals and unknown keys; a day of only malformed intervals is unknown', () => {
    expect(
      parseWeeklyHours({
        monday: [{ open: '9am', close: '5pm' }],
        tuesday: [{ open: '09:00', close: '17:00' }, 'x'],
        funday: [{ open: '09:00', close: '17:00' }],
        wednesday: 'closed',
      }),
    ).toEqual({ tuesday: [{ open: '09:00', close: '17:00' }] });
    expect(parseWeeklyHours({ monday: [{ open: '25:00', close: '26:00' }] })).toBeNull();
  });
});

describe('parseAttributes', () => {
  it('keeps only boolean flags in object groups', () => {
    expect(parseAttributes({ A: { x: true, y: 'yes', z: false }, B: 'text', C: { q: 1 } })).toEqual({
      A: { x: true, z: false },
    });
    expect(parseAttributes('plain prose')).toBeNull();
  });
});
