import { describe, expect, it } from 'vitest';
import type { ExportSourceRow } from '../../../db/export-repository.ts';
import {
  businessToExportValues,
  EXPORT_COLUMNS,
  formatHoursForExport,
  formatTime,
} from './export-columns.ts';

const base: ExportSourceRow = {
  id: 1,
  place_id: 'ChIJY8i4kEVawokR4uFtFh8npMQ',
  name: 'Colonie',
  category: 'Restaurant',
  description: null,
  address: '127 Atlantic Ave, Brooklyn, NY 11201',
  city: 'Brooklyn',
  state: 'NY',
  country: 'United States of America',
  country_code: 'US',
  zip_code: '11201',
  phone: null,
  phone_international: '+17183610000',
  email: null,
  website: 'https://colonienyc.com/',
  rating: 4.6,
  review_count: 812,
  is_verified: 1,
  photos: '["https://lh5.googleusercontent.com/p/a=w800","https://lh5.googleusercontent.com/p/b=w800"]',
  location_link: null,
  latitude: 40.6908464,
  longitude: -73.9958422,
  time_zone: 'America/New_York',
  hours: JSON.stringify({
    monday: [],
    tuesday: [
      { open: '11:00', close: '14:00' },
      { open: '17:30', close: '22:00' },
    ],
    friday: [{ open: '18:00', close: '02:00' }],
    sunday: [{ open: '00:00', close: '24:00' }],
  }),
  hours_text: null,
  attributes: '{"Service options":{"Dine-in":true}}',
  business_status: 'OPERATIONAL',
  slug: 'colonie-ChIJY8i',
  about: 'Colonie is a restaurant in Brooklyn.',
  seo_title: 'Colonie - Restaurant in Brooklyn, NY',
  seo_description: 'Colonie in Brooklyn, NY.',
  canonical_url: 'https://directory.example/details/colonie-ChIJY8i',
  created_at: '2026-01-02T03:04:05.678Z',
  updated_at: '2026-02-03T04:05:06.789Z',
};

const byColumn = (row: ExportSourceRow): Record<string, unknown> => {
  const values = businessToExportValues(row);
  return Object.fromEntries(EXPORT_COLUMNS.map((column, index) => [column, values[index]]));
};

describe('businessToExportValues', () => {
  it('maps a stored business onto the import’s columns', () => {
    expect(byColumn(base)).toEqual({
      name: 'Colonie',
      category: 'Restaurant',
      full_address: '127 Atlantic Ave, Brooklyn, NY 11201',
      postal_code: '11201',
      city: 'Brooklyn',
      state: 'NY',
      country: 'United States of America',
      country_code: 'US',
      phone: '+17183610000',
      email: null,
      website: 'https://colonienyc.com/',
      rating: 4.6,
      reviews: 812,
      photo: 'https://lh5.googleusercontent.com/p/a=w800, https://lh5.googleusercontent.com/p/b=w800',
      working_hours:
        '{"Monday":["Closed"],"Tuesday":["11AM-2PM","5:30PM-10PM"],"Friday":["6PM-2AM"],"Sunday":["Open 24 hours"]}',
      about: '{"Service options":{"Dine-in":true}}',
      description: null,
      place_id: 'ChIJY8i4kEVawokR4uFtFh8npMQ',
      location_link: null,
      latitude: 40.6908464,
      longitude: -73.9958422,
      time_zone: 'America/New_York',
      business_status: 'OPERATIONAL',
      verified: true,
      id: 1,
      slug: 'colonie-ChIJY8i',
      about_text: 'Colonie is a restaurant in Brooklyn.',
      seo_title: 'Colonie - Restaurant in Brooklyn, NY',
      seo_description: 'Colonie in Brooklyn, NY.',
      canonical_url: 'https://directory.example/details/colonie-ChIJY8i',
      created_at: '2026-01-02T03:04:05.678Z',
      updated_at: '2026-02-03T04:05:06.789Z',
    });
  });

  it('prefers the original hours text and the display phone; never exports the generated about text', () => {
    const row = byColumn({
      ...base,
      hours_text: 'Monday: Closed | Tuesday: 9AM–5PM',
      phone: '(718) 361-0000',
      attributes: null,
      is_verified: 0,
      photos: '[]',
    });
    expect(row.working_hours).toBe('Monday: Closed | Tuesday: 9AM–5PM');
    expect(row.phone).toBe('(718) 361-0000');
    expect(row.about).toBeNull();
    expect(row.verified).toBe(false);
    expect(row.photo).toBeNull();
  });

  it('leaves unreadable JSON columns empty instead of failing the export', () => {
    const row = byColumn({ ...base, photos: 'not json', hours: '{broken' });
    expect(row.photo).toBeNull();
    expect(row.working_hours).toBeNull();
  });
});

describe('hours formatting', () => {
  it('writes times with AM/PM on both ends', () => {
    expect(['00:00', '09:00', '09:30', '12:00', '12:15', '17:30', '23:59', '24:00'].map(formatTime)).toEqual([
      '12AM',
      '9AM',
      '9:30AM',
      '12PM',
      '12:15PM',
      '5:30PM',
      '11:59PM',
      '12AM',
    ]);
  });

  it('keeps unknown days out and closed days as "Closed"', () => {
    expect(formatHoursForExport({ saturday: [{ open: '10:00', close: '15:00' }], sunday: [] })).toBe(
      '{"Saturday":["10AM-3PM"],"Sunday":["Closed"]}',
    );
    expect(formatHoursForExport({})).toBe('{}');
  });
});
