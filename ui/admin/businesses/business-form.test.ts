import { describe, expect, it } from 'vitest';
import type { Business } from '../../../server/contract/business.ts';
import { changesOf, controlOfField, formValuesOf } from './business-form.ts';

const business: Business = {
  id: 7,
  placeId: 'ChIJ123',
  slug: 'blue-door-bakery-austin-chij123',
  name: 'Blue Door Bakery',
  category: 'Bakery',
  description: null,
  address: '12 High St',
  city: 'Austin',
  state: 'TX',
  country: 'United States',
  countryCode: 'US',
  zipCode: '78701',
  phone: '+1 512-555-0134',
  phoneInternational: '+15125550134',
  email: null,
  website: 'https://bluedoor.example',
  rating: 4.6,
  reviewCount: 212,
  isOpen: true,
  isVerified: false,
  photos: ['https://img.example/a.jpg', 'https://img.example/b.jpg'],
  locationLink: null,
  latitude: 30.2672,
  longitude: -97.7431,
  timeZone: 'America/Chicago',
  hours: null,
  openingHours: { Monday: '7:00 AM – 6:00 PM', Sunday: 'Closed' },
  attributes: null,
  businessStatus: null,
  about: null,
  seoTitle: null,
  seoDescription: null,
  canonicalUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('changesOf', () => {
  it('sends nothing when nothing changed', () => {
    expect(changesOf(business, formValuesOf(business))).toEqual({ changes: {} });
  });

  it('sends only the changed fields, trimmed and typed', () => {
    const values = formValuesOf(business);
    values.name = '  Blue Door Bakery & Café ';
    values.rating = '4.8';
    values.reviewCount = '300';
    values.isVerified = true;
    values.latitude = '';
    expect(changesOf(business, values)).toEqual({
      changes: {
        name: 'Blue Door Bakery & Café',
        rating: 4.8,
        reviewCount: 300,
        isVerified: true,
        latitude: null,
      },
    });
  });

  it('clears nullable text fields with null, keeps others as empty text for the server to judge', () => {
    const values = formValuesOf(business);
    values.website = ' ';
    values.city = '';
    expect(changesOf(business, values)).toEqual({ changes: { website: null, city: '' } });
  });

  it('splits photos by line and sends the whole week when one day changed', () => {
    const values = formValuesOf(business);
    values.photos = 'https://img.example/b.jpg\n\n  https://img.example/c.jpg  ';
    values.hours.Tuesday = '7:00 AM – 6:00 PM';
    const result = changesOf(business, values);
    expect(result).toEqual({
      changes: {
        photos: ['https://img.example/b.jpg', 'https://img.example/c.jpg'],
        openingHours: { Monday: '7:00 AM – 6:00 PM', Tuesday: '7:00 AM – 6:00 PM', Sunday: 'Closed' },
      },
    });
  });

  it('names the field when a number is not a number', () => {
    const values = formValuesOf(business);
    values.rating = '4,5x';
    expect(changesOf(business, values)).toMatchObject({ problem: { field: 'rating' } });
    const count = formValuesOf(business);
    count.reviewCount = '12.5';
    expect(changesOf(business, count)).toMatchObject({ problem: { field: 'reviewCount' } });
    const lat = formValuesOf(business);
    lat.latitude = 'north';
    expect(changesOf(business, lat)).toMatchObject({ problem: { field: 'latitude' } });
  });
});

describe('controlOfField', () => {
  it('maps server field names onto form controls', () => {
    expect(controlOfField('phone')).toBe('phone');
    expect(controlOfField('photos.2')).toBe('photos');
    expect(controlOfField('photos[1]')).toBe('photos');
    expect(controlOfField('openingHours.Tuesday')).toBe('hours.Tuesday');
    expect(controlOfField('openingHours')).toBe('hours.Monday');
    expect(controlOfField('openingHours', 'opening hours: Friday "9 to whenever" is not a time')).toBe(
      'hours.Friday',
    );
    expect(controlOfField(undefined)).toBeUndefined();
  });
});
