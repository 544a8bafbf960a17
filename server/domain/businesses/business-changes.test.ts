// An admin's edit → columns: the importer's rules, refusals naming the field, derived columns in step.
import { describe, expect, it } from 'vitest';
import { businessChanges, EDITABLE_FIELDS, InvalidBusinessChange } from './business-changes.ts';
import { businessRow } from './testing/business-records.ts';
import { toBusiness } from './to-business.ts';

const current = businessRow(7);

/** The refusal an edit gets, as {code, field, message}. */
function refusal(body: unknown, row = current): { code: string; field?: string; message: string } {
  try {
    businessChanges(body, row);
  } catch (error) {
    if (!(error instanceof InvalidBusinessChange)) throw error;
    return { code: error.code, field: error.field, message: error.message };
  }
  throw new Error(`accepted: ${JSON.stringify(body)}`);
}

/** What the form sends back unchanged: the editable fields of the Business the API showed. */
function formOf(row = current): Record<string, unknown> {
  const business = toBusiness(row) as unknown as Record<string, unknown>;
  return Object.fromEntries(EDITABLE_FIELDS.map((field) => [field, business[field]]));
}

describe('businessChanges: the request', () => {
  it.each([null, 'name', [], 42])('refuses a body that is not a JSON object (%j)', (body) => {
    expect(refusal(body)).toMatchObject({ code: 'invalid_body', field: undefined });
  });

  it('refuses unknown fields by name, and says why the slug and place id are not editable', () => {
    expect(refusal({ name: 'X', colour: 'red' })).toMatchObject({ code: 'invalid_field', field: 'colour' });
    expect(refusal({ slug: 'new-slug' })).toMatchObject({
      field: 'slug',
      message: expect.stringMatching(/never changes/),
    });
    expect(refusal({ placeId: 'x' })).toMatchObject({ field: 'placeId' });
    expect(refusal({ hours: {} })).toMatchObject({ field: 'hours' });
  });

  it('changes nothing when every field is sent back as the API showed it', () => {
    expect(businessChanges({}, current)).toEqual({});
    expect(businessChanges(formOf(), current)).toEqual({});
    const withHours = businessRow(8, {
      hours: JSON.stringify({ monday: [{ open: '09:00', close: '17:30' }], sunday: [] }),
      photos: JSON.stringify(['https://example.com/a.jpg']),
      email: 'info@example.com',
      website: 'https://example.com',
    });
    expect(businessChanges(formOf(withHours), withHours)).toEqual({});
  });

  it('does not refuse values the import kept with a warning, when they are sent back unchanged', () => {
    const imported = businessRow(9, {
      country: 'Atlantis',
      country_code: null,
      phone: '555-0100 ext. 9',
      phone_international: null,
      hours: null,
      hours_text: 'Mondays: sometimes',
    });
    expect(businessChanges(formOf(imported), imported)).toEqual({});
  });
});

describe('businessChanges: text fields', () => {
  it('cleans text as the importer does and keeps the city key and category group in step', () => {
    expect(
      businessChanges(
        { name: '  Smile\tDental\u0000 ', city: 'Evanston', category: 'Mexican restaurant' },
        current,
      ),
    ).toEqual({
      name: 'Smile Dental',
      city: 'Evanston',
      city_key: 'evanston',
      category: 'Mexican restaurant',
      category_group: 'Restaurants',
    });
  });

  it('refuses an empty name, a name over the importer limit, and values that are not text', () => {
    expect(refusal({ name: '   ' })).toMatchObject({ field: 'name', message: 'name cannot be empty' });
    expect(refusal({ name: 'x'.repeat(10_001) })).toMatchObject({
      field: 'name',
      message: 'name is 10,001 characters long (at most 10,000)',
    });
    expect(refusal({ city: 5 })).toMatchObject({ field: 'city', message: 'city must be text' });
    expect(refusal({ zipCode: 'x'.repeat(41) })).toMatchObject({ field: 'zipCode' });
    expect(refusal({ description: { text: 'x' } })).toMatchObject({ field: 'description' });
  });

  it('keeps line breaks in a description, and clears it with null or an empty text', () => {
    expect(businessChanges({ description: 'Line one\r\nLine two' }, current)).toEqual({
      description: 'Line one\nLine two',
    });
    const described = businessRow(3, { description: 'Old' });
    expect(businessChanges({ description: null }, described)).toEqual({ description: null });
    expect(businessChanges({ description: '  ' }, described)).toEqual({ description: null });
  });
});

describe('businessChanges: country, phone and time zone', () => {
  it('stores the canonical country name and code, and reads the phone and time zone again', () => {
    const inLondon = businessRow(4, { latitude: null, longitude: null, phone: '020 7946 0958' });
    expect(businessChanges({ country: 'UK' }, inLondon)).toEqual({
      country: 'United Kingdom',
      country_code: 'GB',
      phone_international: '+442079460958',
      time_zone: 'Europe/London',
    });
  });

  it('refuses a country no one knows, unless it is the one already stored', () => {
    expect(refusal({ country: 'Atlantis' })).toMatchObject({
      field: 'country',
      message: expect.stringMatching(/not a country/),
    });
    expect(businessChanges({ country: '' }, current)).toMatchObject({ country: '', country_code: null });
  });

  it('gives a new phone number its E.164 form with the country, and refuses one it cannot read', () => {
    expect(businessChanges({ phone: '(312) 555-0199' }, current)).toEqual({
      phone: '(312) 555-0199',
      phone_international: '+13125550199',
    });
    expect(refusal({ phone: '12' })).toMatchObject({
      field: 'phone',
      message: '"12" is not a valid phone number in United States',
    });
    expect(refusal({ phone: 'call us' })).toMatchObject({ field: 'phone' });
    const noCountry = businessRow(5, { country: '', country_code: null });
    expect(refusal({ phone: '020 7946 0958' }, noCountry).message).toMatch(/country code/);
    expect(businessChanges({ phone: '+44 20 7946 0958' }, noCountry)).toMatchObject({
      phone_international: '+442079460958',
    });
  });

  it('clears the phone with null or an empty text', () => {
    expect(businessChanges({ phone: null }, current)).toEqual({ phone: null, phone_international: null });
    expect(businessChanges({ phone: '' }, current)).toEqual({ phone: null, phone_international: null });
  });

  it('finds the time zone again from new coordinates', () => {
    expect(businessChanges({ latitude: 40.7128, longitude: -74.006 }, current)).toEqual({
      latitude: 40.7128,
      longitude: -74.006,
      time_zone: 'America/New_York',
    });
  });

  it('refuses a coordinate out of range, of the wrong type, or without its partner', () => {
    expect(refusal({ latitude: 91 })).toMatchObject({ field: 'latitude' });
    expect(refusal({ longitude: -181 })).toMatchObject({ field: 'longitude' });
    expect(refusal({ latitude: '41.9' })).toMatchObject({ field: 'latitude' });
    expect(refusal({ latitude: null })).toMatchObject({
      field: 'latitude',
      message: 'latitude is missing while longitude is given',
    });
    expect(businessChanges({ latitude: null, longitude: null }, current)).toMatchObject({
      latitude: null,
      longitude: null,
    });
  });
});

describe('businessChanges: links', () => {
  it('accepts http(s) addresses only, for the website and each photo', () => {
    expect(businessChanges({ website: ' https://smile.example/ ' }, current)).toEqual({
      website: 'https://smile.example/',
    });
    for (const website of [
      'javascript:alert(1)',
      'ftp://example.com',
      '//evil.example',
      'https://a b.example',
    ]) {
      expect(refusal({ website })).toMatchObject({ field: 'website' });
    }
    expect(refusal({ photos: ['https://a.example/1.jpg', 'data:image/png;base64,AAAA'] })).toMatchObject({
      field: 'photos',
      message: expect.stringMatching(/^photos\[1\]/),
    });
  });

  it('keeps at most 20 photos, without repeats', () => {
    const photos = Array.from({ length: 21 }, (_, i) => `https://a.example/${i}.jpg`);
    expect(refusal({ photos })).toMatchObject({ field: 'photos', message: '21 photos given; at most 20' });
    expect(refusal({ photos: 'https://a.example/1.jpg' })).toMatchObject({ field: 'photos' });
    expect(
      businessChanges({ photos: ['https://a.example/1.jpg', 'https://a.example/1.jpg'] }, current),
    ).toEqual({
      photos: '["https://a.example/1.jpg"]',
    });
  });

  it('reads an e-mail address as the importer does (mailto: removed) and refuses anything else', () => {
    expect(businessChanges({ email: 'mailto:info@smile.example' }, current)).toEqual({
      email: 'info@smile.example',
    });
    expect(refusal({ email: 'info at smile' })).toMatchObject({ field: 'email' });
    expect(businessChanges({ email: null }, businessRow(2, { email: 'a@b.example' }))).toEqual({
      email: null,
    });
  });
});

describe('businessChanges: numbers and status', () => {
  it('takes a rating of 0 or from 1 to 5, to two decimals', () => {
    expect(businessChanges({ rating: 4.567 }, current)).toEqual({ rating: 4.57 });
    expect(businessChanges({ rating: 0 }, current)).toEqual({ rating: 0 });
    for (const rating of [0.5, 5.1, -1, '4.5', null, Number.NaN]) {
      expect(refusal({ rating })).toMatchObject({ field: 'rating' });
    }
  });

  it('takes a review count that is a whole number, 0 or more', () => {
    expect(businessChanges({ reviewCount: 1234 }, current)).toEqual({ review_count: 1234 });
    for (const reviewCount of [-1, 1.5, '12', null]) {
      expect(refusal({ reviewCount })).toMatchObject({ field: 'reviewCount' });
    }
  });

  it('verifies or unverifies with a boolean only', () => {
    const pending = businessRow(6, { is_verified: 0 });
    expect(businessChanges({ isVerified: true }, pending)).toEqual({ is_verified: 1 });
    expect(businessChanges({ isVerified: false }, current)).toEqual({ is_verified: 0 });
    expect(refusal({ isVerified: 'yes' }, pending)).toMatchObject({ field: 'isVerified' });
  });
});

describe('businessChanges: opening hours', () => {
  it('reads the display texts with the importer parser, stores them in week order and drops the old cell', () => {
    const imported = businessRow(10, { hours_text: 'Mon-Fri 9-5' });
    const changes = businessChanges(
      {
        openingHours: {
          Sunday: 'Closed',
          Monday: '9:00 AM – 5:30 PM',
          Tuesday: '9 AM–12 PM, 1–6 PM',
          Friday: 'Open 24 hours',
        },
      },
      imported,
    );
    expect(changes.hours_text).toBeNull();
    expect(JSON.parse(changes.hours ?? 'null')).toEqual({
      monday: [{ open: '09:00', close: '17:30' }],
      tuesday: [
        { open: '09:00', close: '12:00' },
        { open: '13:00', close: '18:00' },
      ],
      friday: [{ open: '00:00', close: '24:00' }],
      sunday: [],
    });
    expect(Object.keys(JSON.parse(changes.hours ?? '{}'))).toEqual(['monday', 'tuesday', 'friday', 'sunday']);
  });

  it('refuses a day or a time it cannot read, naming the problem', () => {
    expect(refusal({ openingHours: { Funday: '9 AM – 5 PM' } })).toMatchObject({
      field: 'openingHours',
      message: expect.stringMatching(/Funday.*not a day name/),
    });
    expect(refusal({ openingHours: { Monday: 'whenever' } })).toMatchObject({ field: 'openingHours' });
    expect(refusal({ openingHours: { Monday: 9 } })).toMatchObject({ field: 'openingHours' });
    expect(refusal({ openingHours: 'Monday: 9-5' })).toMatchObject({ field: 'openingHours' });
    expect(refusal({ openingHours: ['Monday'] })).toMatchObject({ field: 'openingHours' });
  });

  it('removes the hours with null or an empty object', () => {
    const withHours = businessRow(11, {
      hours: JSON.stringify({ monday: [] }),
      hours_text: 'Monday: Closed',
    });
    expect(businessChanges({ openingHours: null }, withHours)).toEqual({ hours: null, hours_text: null });
    expect(businessChanges({ openingHours: {} }, withHours)).toEqual({ hours: null, hours_text: null });
  });
});
