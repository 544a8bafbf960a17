import { describe, expect, it } from 'vitest';
import { type BusinessRow, toBusiness } from './to-business.ts';

const row: BusinessRow = {
  id: 7,
  place_id: 'ChIJabcdefghijklmnopqrstuvw',
  slug: 'smile-dental-ChIJabc',
  name: 'Smile Dental',
  category: 'Dentist',
  category_group: 'Healthcare',
  description: null,
  address: '1 Main St, Chicago, IL 60601',
  city: 'Chicago',
  city_key: 'chicago',
  state: 'IL',
  country: 'United States',
  country_code: 'US',
  zip_code: '60601',
  phone: '+1 312-555-0100',
  phone_international: '+13125550100',
  email: null,
  website: 'https://smile.example',
  rating: 4.5,
  review_count: 12,
  is_verified: 1,
  photos: '["https://lh5.googleusercontent.com/p/x"]',
  location_link: null,
  latitude: 41.88,
  longitude: -87.63,
  time_zone: 'America/Chicago',
  hours: '{"monday":[{"open":"09:00","close":"17:00"}],"sunday":[]}',
  hours_text: null,
  attributes: '{"Accessibility":{"Wheelchair accessible entrance":true}}',
  business_status: 'OPERATIONAL',
  about: null,
  seo_title: null,
  seo_description: null,
  canonical_url: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
  import_run_id: 1,
};

// Monday 2026-11-23 15:00 UTC = 09:00 in Chicago (CST, UTC-6).
const mondayMorningChicago = new Date('2026-11-23T15:30:00Z');

describe('toBusiness', () => {
  it('maps every column to the API shape with parsed JSON and display hours', () => {
    const business = toBusiness(row, mondayMorningChicago);
    expect(business).toMatchObject({
      id: 7,
      slug: 'smile-dental-ChIJabc',
      zipCode: '60601',
      reviewCount: 12,
      isVerified: true,
      photos: ['https://lh5.googleusercontent.com/p/x'],
      hours: { monday: [{ open: '09:00', close: '17:00' }], sunday: [] },
      attributes: { Accessibility: { 'Wheelchair accessible entrance': true } },
      isOpen: true,
    });
    expect(business.openingHours.Monday).toMatch(/9:00 AM/);
    expect(business.openingHours.Sunday).toBe('Closed');
  });

  it('computes open-now in the business time zone and never for a closed business', () => {
    expect(toBusiness(row, new Date('2026-11-23T14:30:00Z')).isOpen).toBe(false); // 08:30 in Chicago
    expect(toBusiness({ ...row, business_status: 'CLOSED_TEMPORARILY' }, mondayMorningChicago).isOpen).toBe(
      false,
    );
  });

  it('reads damaged JSON columns as empty instead of failing', () => {
    const business = toBusiness(
      { ...row, photos: '[broken', hours: '{', attributes: 'x' },
      mondayMorningChicago,
    );
    expect(business).toMatchObject({ photos: [], hours: null, attributes: null, isOpen: false });
    // Valid JSON of another shape than weekly hours still answers.
    for (const hours of ['{"monday":5}', '"monday"', '7'])
      expect(toBusiness({ ...row, hours }, mondayMorningChicago).isOpen, hours).toBe(false);
  });

  it('reads each hours text once: businesses with the same hours share them, frozen', () => {
    const first = toBusiness({ ...row, id: 1 }, mondayMorningChicago);
    const second = toBusiness({ ...row, id: 2 }, mondayMorningChicago);
    expect(second.hours).toBe(first.hours);
    expect(second.openingHours).toBe(first.openingHours);
    expect(Object.isFrozen(first.hours) && Object.isFrozen(first.hours?.monday)).toBe(true);
    expect(Object.isFrozen(first.hours?.monday?.[0]) && Object.isFrozen(first.openingHours)).toBe(true);
    const other = toBusiness(
      { ...row, hours: '{"monday":[{"open":"10:00","close":"18:00"}]}' },
      mondayMorningChicago,
    );
    expect(other.hours).toEqual({ monday: [{ open: '10:00', close: '18:00' }] });
    expect(other.openingHours.Monday).toMatch(/10:00 AM/);
  });
});
