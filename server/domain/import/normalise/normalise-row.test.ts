import { describe, expect, it } from 'vitest';
import type { RawRow } from '../normalised-business.ts';
import { normaliseRow } from './normalise-row.ts';

const PLACE_ID = 'ChIJY8i4kEVawokR4uFtFh8npMQ';
const LINK =
  'https://www.google.com/maps/place/Colonie/@40.6908464,-73.9958422,14z/data=!4m8!3m7!1s0x0:0x0!8m2!3d40.6908464!4d-73.9958422';

function row(values: RawRow['values'], rowNumber = 7): RawRow {
  return {
    rowNumber,
    values: { name: 'Colonie', place_id: PLACE_ID, category: 'Restaurant', city: 'New York', ...values },
  };
}

function normalise(values: RawRow['values']) {
  return normaliseRow(row(values));
}

/** The warnings of one column, as [column, message] pairs, for readable expectations. */
function warningsFor(values: RawRow['values'], column: string): string[] {
  return normalise(values)
    .warnings.filter((warning) => warning.column === column)
    .map((warning) => warning.message);
}

describe('normaliseRow: a complete row', () => {
  it('normalises a full US export row', () => {
    const result = normaliseRow(
      row({
        full_address: '345 Park Ave S, New York, NY 10010',
        postal_code: 10010,
        country: 'United States of America',
        phone: '+1 704-376-1782',
        rating: 4.5,
        reviews: 1234,
        photo: 'https://lh5.googleusercontent.com/p/AF1QipN3=w800-h500-k-no',
        working_hours: '{"Monday": "Closed", "Wednesday": "5:30–10PM", "Sunday": "11AM–2PM,5:30–10PM"}',
        about: '{"Service options": {"Dine-in": true, "Delivery": false}}',
        location_link: LINK,
        website: 'https://colonie.example/',
        email: 'hello@colonie.example',
        description: 'Seasonal New American fare.',
        business_status: 'OPERATIONAL',
        verified: 'TRUE',
      }),
    );
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.business).toEqual({
      placeId: PLACE_ID,
      name: 'Colonie',
      category: 'Restaurant',
      description: 'Seasonal New American fare.',
      address: '345 Park Ave S, New York, NY 10010',
      city: 'New York',
      state: 'NY',
      country: 'United States',
      countryCode: 'US',
      zipCode: '10010',
      phone: '+1 704-376-1782',
      phoneInternational: '+17043761782',
      email: 'hello@colonie.example',
      website: 'https://colonie.example/',
      rating: 4.5,
      reviewCount: 1234,
      isVerified: true,
      photos: ['https://lh5.googleusercontent.com/p/AF1QipN3=w800-h500-k-no'],
      locationLink: LINK,
      latitude: 40.6908464,
      longitude: -73.9958422,
      timeZone: 'America/New_York',
      timeZoneFromColumn: false,
      site: null,
      hours: {
        monday: [],
        wednesday: [{ open: '17:30', close: '22:00' }],
        sunday: [
          { open: '11:00', close: '14:00' },
          { open: '17:30', close: '22:00' },
        ],
      },
      hoursText: '{"Monday": "Closed", "Wednesday": "5:30–10PM", "Sunday": "11AM–2PM,5:30–10PM"}',
      attributes: { 'Service options': { 'Dine-in': true, Delivery: false } },
      businessStatus: 'OPERATIONAL',
    });
  });

  it('normalises a UK row from its address alone, and says the time zone was guessed', () => {
    const { business, warnings } = normaliseRow({
      rowNumber: 3,
      values: {
        name: 'Sherlock Holmes Museum',
        place_id: 'ChIJ9wZ4Ic0adkgR',
        category: 'Museum',
        full_address: '221B Baker St, London NW1 6XE, United Kingdom',
        phone: '020 7946 0958',
        working_hours: 'Monday: 9:30AM–6PM',
      },
    });
    expect(business).toMatchObject({
      city: 'London',
      state: '',
      zipCode: 'NW1 6XE',
      country: 'United Kingdom',
      countryCode: 'GB',
      phone: '020 7946 0958',
      phoneInternational: '+442079460958',
      timeZone: 'Europe/London',
    });
    expect(warnings).toEqual([
      {
        row: 3,
        column: 'time_zone',
        message: 'no time zone or coordinates given; guessed Europe/London from the country',
      },
    ]);
  });
});

describe('normaliseRow: name and place_id are required', () => {
  it('rejects a row without a name, naming the column', () => {
    const result = normalise({ name: '   ' });
    expect(result.business).toBeNull();
    expect(result.errors).toEqual([
      { row: 7, column: 'name', message: expect.stringContaining('name is empty') },
    ]);
  });

  it('rejects a row without a place_id, naming the column', () => {
    const result = normalise({ place_id: undefined });
    expect(result.business).toBeNull();
    expect(result.errors).toEqual([
      { row: 7, column: 'place_id', message: expect.stringContaining('place_id is empty') },
    ]);
  });

  it('reports both when both are missing', () => {
    const result = normaliseRow({ rowNumber: 9, values: { category: 'Cafe' } });
    expect(result.errors.map((error) => error.column)).toEqual(['name', 'place_id']);
  });

  it('rejects a place_id typed as a number too large to be exact, and an absurdly long one', () => {
    expect(normalise({ place_id: Number.MAX_SAFE_INTEGER + 2 }).errors[0]?.message).toMatch(/too large/);
    expect(normalise({ place_id: 'x'.repeat(300) }).errors[0]?.column).toBe('place_id');
    expect(normalise({ place_id: 1234 }).business?.placeId).toBe('1234');
  });

  it('rejects a name made only of control characters', () => {
    expect(normalise({ name: '\u0000\u0007\u001B' }).business).toBeNull();
  });
});

describe('normaliseRow: numbers (case 11)', () => {
  it.each([
    ['4,5', 4.5],
    ['4.5', 4.5],
    [3, 3],
    ['5', 5],
    [1, 1],
  ])('rating %j → %d without a warning', (rating, expected) => {
    const result = normalise({ rating });
    expect(result.business?.rating).toBe(expected);
    expect(result.warnings).toEqual([]);
  });

  it.each([undefined, '', '  ', 0])('rating %j → 0 without a warning', (rating) => {
    const result = normalise({ rating });
    expect(result.business?.rating).toBe(0);
    expect(result.warnings).toEqual([]);
  });

  it.each(['abc', '-1', -1, '5.1', 5.1, '0.5', 0.5, 'NaN', true, '4,5,6'])(
    'rating %j → 0 with a warning naming row and column; the row still imports',
    (rating) => {
      const result = normalise({ rating });
      expect(result.business?.rating).toBe(0);
      expect(result.business?.name).toBe('Colonie');
      expect(result.warnings).toEqual([
        { row: 7, column: 'rating', message: expect.stringContaining('stored as 0') },
      ]);
    },
  );

  it.each([
    ['1,234', 1234],
    ['1.234', 1234],
    ['1 234', 1234],
    ['987', 987],
    [42, 42],
    [0, 0],
  ])('reviews %j → %d', (reviews, expected) => {
    const result = normalise({ reviews });
    expect(result.business?.reviewCount).toBe(expected);
    expect(result.warnings).toEqual([]);
  });

  it.each(['1e309', Number.POSITIVE_INFINITY, -5, '-5', 'abc', 2.5, '1,23', 'NaN'])(
    'reviews %j → 0 with a warning',
    (reviews) => {
      const result = normalise({ reviews });
      expect(result.business?.reviewCount).toBe(0);
      expect(result.warnings.map((warning) => warning.column)).toEqual(['reviews']);
    },
  );

  it('drops a latitude of 91 with a warning and falls back to the link', () => {
    const result = normalise({ latitude: 91, longitude: -73.99, location_link: LINK });
    expect(result.warnings).toEqual([
      { row: 7, column: 'latitude', message: expect.stringContaining('not a latitude') },
    ]);
    expect(result.business).toMatchObject({ latitude: 40.6908464, longitude: -73.9958422 });
  });

  it('drops bad coordinates without a link, naming each column', () => {
    const result = normalise({ latitude: 'north', longitude: 181 });
    expect(result.business).toMatchObject({ latitude: null, longitude: null });
    expect(result.warnings.map((warning) => warning.column)).toEqual(['latitude', 'longitude']);
    expect(warningsFor({ latitude: 40.7 }, 'longitude')).toEqual(['missing while latitude is given']);
  });
});

describe('normaliseRow: links (case 12)', () => {
  const HOSTILE = [
    'javascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    '//evil.example/x',
    'https://a b.example',
  ];

  it.each(HOSTILE)('drops %j from photo, website and location_link with a warning each', (url) => {
    const result = normalise({ photo: url, website: url, location_link: url });
    expect(result.business).toMatchObject({ photos: [], website: null, locationLink: null, latitude: null });
    expect(result.warnings.map((warning) => warning.column).sort()).toEqual([
      'location_link',
      'photo',
      'website',
    ]);
    expect(result.warnings.every((warning) => warning.message.includes('not an http(s) address'))).toBe(true);
  });

  it('keeps several photo URLs, and drops the whole cell when one of them is bad', () => {
    expect(normalise({ photo: 'https://a.example/1.jpg,https://a.example/2.jpg' }).business?.photos).toEqual([
      'https://a.example/1.jpg',
      'https://a.example/2.jpg',
    ]);
    const result = normalise({ photo: 'https://a.example/1.jpg javascript:alert(1)' });
    expect(result.business?.photos).toEqual([]);
    expect(result.warnings.map((warning) => warning.column)).toEqual(['photo']);
  });

  it('keeps an e-mail only when it looks like one', () => {
    expect(normalise({ email: 'a@b.example; c@d.example' }).business?.email).toBe('a@b.example');
    const bad = normalise({ email: 'call us' });
    expect(bad.business?.email).toBeNull();
    expect(bad.warnings.map((warning) => warning.column)).toEqual(['email']);
  });
});

describe('normaliseRow: hostile text (case 15)', () => {
  it.each([
    'مطعم الشام',
    'מסעדת השף',
    '寿司 大和',
    '🍕 Pizza 👨‍👩‍👧‍👦',
    'Café Zoë',
    '<img src=x onerror=alert(1)>',
    "'; DROP TABLE businesses; --",
  ])('stores %j exactly', (name) => {
    const result = normalise({ name, category: name, full_address: name });
    expect(result.business).toMatchObject({ name, category: name, address: name });
  });

  it('removes NUL and control characters with a warning naming row and column', () => {
    const result = normalise({ name: 'Joe\u0000s\u0008 Pizza\u009B', description: 'Line 1\r\nLine 2\u0000' });
    expect(result.business?.name).toBe('Joes Pizza');
    expect(result.business?.description).toBe('Line 1\nLine 2');
    expect(result.warnings).toEqual([
      {
        row: 7,
        column: 'name',
        message: '3 control characters (U+0000, U+0008, U+009B) removed from the text',
      },
      { row: 7, column: 'description', message: '1 control character (U+0000) removed from the text' },
    ]);
  });

  it('keeps tabs and line breaks without a warning: they become a space, or stay in multi-line text', () => {
    const result = normalise({ name: 'Joe’s\tPizza\r\nBrooklyn', description: 'Line 1\r\n\tLine 2\u0085' });
    expect(result.business?.name).toBe('Joe’s Pizza Brooklyn');
    expect(result.business?.description).toBe('Line 1\n Line 2');
    expect(result.warnings).toEqual([]);
  });

  it('removes controls from every column before it is read, each with its warning', () => {
    const result = normalise({
      website: 'https://evil.example/\u0000x',
      rating: '4.\u00005',
      place_id: `${PLACE_ID}\u007F`,
    });
    expect(result.business).toMatchObject({
      website: 'https://evil.example/x',
      rating: 4.5,
      placeId: PLACE_ID,
    });
    expect(result.warnings.map(({ column, message }) => [column, message])).toEqual([
      ['place_id', '1 control character (U+007F) removed from the text'],
      ['website', '1 control character (U+0000) removed from the text'],
      ['rating', '1 control character (U+0000) removed from the text'],
    ]);
  });

  it('stores a 10,000-character name exactly and cuts a longer one with a warning, deterministically', () => {
    const exact = normalise({ name: '寿'.repeat(10_000) });
    expect(exact.business?.name).toBe('寿'.repeat(10_000));
    expect(exact.warnings).toEqual([]);
    const name = '寿'.repeat(12_000);
    const first = normalise({ name });
    const second = normalise({ name });
    expect(first.business?.name).toBe('寿'.repeat(10_000));
    expect(second.business?.name).toBe(first.business?.name);
    expect(first.warnings).toEqual([
      { row: 7, column: 'name', message: 'the text is 12000 characters long; only the first 10000 are kept' },
    ]);
  });

  it('cuts long descriptions and keeps long-but-sane text exactly', () => {
    expect(normalise({ description: 'd'.repeat(4_000) }).business?.description).toHaveLength(4_000);
    const long = normalise({ description: 'd'.repeat(20_000) });
    expect(long.business?.description).toHaveLength(5_000);
    expect(long.warnings.map((warning) => warning.column)).toEqual(['description']);
  });
});

describe('normaliseRow: place', () => {
  it('maps a lone country_code to its name, and a name to its code', () => {
    expect(normalise({ country_code: 'us' }).business).toMatchObject({
      country: 'United States',
      countryCode: 'US',
    });
    expect(normalise({ country_code: 'GB' }).business).toMatchObject({
      country: 'United Kingdom',
      countryCode: 'GB',
    });
    expect(normalise({ country: 'USA' }).business).toMatchObject({
      country: 'United States',
      countryCode: 'US',
    });
    expect(normalise({ country: 'Narnia' }).business).toMatchObject({ country: 'Narnia', countryCode: null });
  });

  it('warns about an unknown code and about a name contradicting the code', () => {
    expect(warningsFor({ country_code: 'ZZ' }, 'country_code')).toHaveLength(1);
    const result = normalise({ country: 'Germany', country_code: 'FR' });
    expect(result.business).toMatchObject({ country: 'France', countryCode: 'FR' });
    expect(result.warnings.map((warning) => warning.column)).toContain('country');
  });

  it('prefers the city, state and postal_code columns over the address', () => {
    const result = normalise({
      full_address: '345 Park Ave S, New York, NY 10010',
      city: 'Manhattan',
      state: 'New York',
      postal_code: '10016',
      country_code: 'US',
    });
    expect(result.business).toMatchObject({ city: 'Manhattan', state: 'New York', zipCode: '10016' });
  });

  it('repairs a US postal code that lost its leading zero, and nothing else', () => {
    expect(normalise({ postal_code: 2134, country_code: 'US' }).business?.zipCode).toBe('02134');
    expect(normalise({ postal_code: '501', country: 'United States' }).business?.zipCode).toBe('00501');
    expect(
      normalise({ postal_code: 2134, full_address: '1 Main St, Boston, MA 2134' }).business?.zipCode,
    ).toBe('2134');
    expect(
      normalise({ postal_code: 2134, full_address: '1 Main St, Boston, MA 02134' }).business?.zipCode,
    ).toBe('02134');
    expect(normalise({ postal_code: 1010, country: 'Austria' }).business?.zipCode).toBe('1010');
    expect(normalise({ postal_code: 'NW1 6XE', country_code: 'GB' }).business?.zipCode).toBe('NW1 6XE');
  });

  it('warns when no city can be found', () => {
    expect(warningsFor({ city: undefined, full_address: '345 Park Ave S' }, 'city')).toEqual([
      'no city given or readable from the address; the business is listed without a city',
    ]);
  });

  it('uses street when there is no full address, and subtypes when there is no category', () => {
    const result = normalise({ street: '1 Main St', category: undefined, subtypes: 'Pizza restaurant, Bar' });
    expect(result.business).toMatchObject({ address: '1 Main St', category: 'Pizza restaurant' });
  });
});

describe('normaliseRow: coordinates and time zone', () => {
  it('takes coordinates from the columns, from !3d!4d, or from @lat,lng', () => {
    expect(normalise({ latitude: '51.52', longitude: '-0.16', location_link: LINK }).business).toMatchObject({
      latitude: 51.52,
      longitude: -0.16,
      timeZone: 'Europe/London',
    });
    expect(normalise({ location_link: LINK }).business).toMatchObject({
      latitude: 40.6908464,
      longitude: -73.9958422,
    });
    expect(
      normalise({ location_link: 'https://www.google.com/maps/place/X/@48.8584,2.2945,17z' }).business,
    ).toMatchObject({ latitude: 48.8584, longitude: 2.2945, timeZone: 'Europe/Paris' });
  });

  it('takes the time_zone column when valid, without a warning', () => {
    const result = normalise({ time_zone: 'America/Chicago', location_link: LINK });
    expect(result.business?.timeZone).toBe('America/Chicago');
    expect(result.warnings).toEqual([]);
  });

  it('warns about an invalid time_zone and derives one from the coordinates', () => {
    const result = normalise({ time_zone: 'Eastern Time', location_link: LINK });
    expect(result.business?.timeZone).toBe('America/New_York');
    expect(result.warnings).toEqual([
      { row: 7, column: 'time_zone', message: '"Eastern Time" is not a known time zone; ignored' },
    ]);
  });

  it('guesses from the US state with a warning', () => {
    const result = normalise({ full_address: '600 Congress Ave, Austin, TX 78701' });
    expect(result.business?.timeZone).toBe('America/Chicago');
    expect(result.warnings).toEqual([
      {
        row: 7,
        column: 'time_zone',
        message: 'no time zone or coordinates given; guessed America/Chicago from the state "TX"',
      },
    ]);
  });

  it('guesses from a one-zone country with a warning', () => {
    const result = normalise({ city: 'Lyon', country: 'France' });
    expect(result.business?.timeZone).toBe('Europe/Paris');
    expect(result.warnings.map((warning) => warning.column)).toEqual(['time_zone']);
  });

  it('leaves the zone unknown and says so when the business has hours', () => {
    const result = normalise({ city: 'Denver', country_code: 'US', working_hours: 'Monday: 9AM–5PM' });
    expect(result.business?.timeZone).toBeNull();
    expect(result.warnings).toEqual([
      {
        row: 7,
        column: 'time_zone',
        message: 'no time zone could be found; open-now reads the opening hours as UTC',
      },
    ]);
    expect(normalise({ city: 'Denver', country_code: 'US' }).warnings).toEqual([]);
  });
});

describe('normaliseRow: hours', () => {
  it('turns hours problems into warnings on working_hours and keeps the rest of the row', () => {
    const result = normalise({
      city: 'London',
      time_zone: 'Europe/London',
      working_hours: 'Monday: 9AM–5PM | Tuesday: whenever',
      rating: 4.2,
    });
    expect(result.business).toMatchObject({
      hours: { monday: [{ open: '09:00', close: '17:00' }] },
      hoursText: 'Monday: 9AM–5PM | Tuesday: whenever',
      rating: 4.2,
    });
    expect(result.warnings).toEqual([
      {
        row: 7,
        column: 'working_hours',
        message: 'opening hours: Tuesday: cannot read "whenever"; that part is left unknown',
      },
    ]);
  });

  it('keeps the text of an unreadable cell and stores no hours', () => {
    const result = normalise({ city: 'London', time_zone: 'Europe/London', working_hours: 'ask at the bar' });
    expect(result.business).toMatchObject({ hours: null, hoursText: 'ask at the bar' });
    expect(result.warnings[0]?.message).toMatch(/no opening hours are stored/);
  });

  it('uses working_hours_old_format when working_hours is empty', () => {
    const result = normalise({
      working_hours: ' ',
      working_hours_old_format: 'Monday:7AM-7PM|Tuesday:Closed',
    });
    expect(result.business).toMatchObject({
      hours: { monday: [{ open: '07:00', close: '19:00' }], tuesday: [] },
      hoursText: 'Monday:7AM-7PM|Tuesday:Closed',
    });
  });

  it('limits the warnings of one broken cell', () => {
    const cell = 'a: 1 | b: 2 | c: 3 | d: 4 | e: 5 | f: 6 | g: 7 | h: 8';
    expect(warningsFor({ city: 'X', time_zone: 'UTC', working_hours: cell }, 'working_hours')).toHaveLength(
      6,
    );
  });
});

describe('normaliseRow: about, description, flags', () => {
  it('reads attributes with doubled quotes and Python quotes', () => {
    expect(normalise({ about: '{""Payments"": {""Cash"": true}}' }).business?.attributes).toEqual({
      Payments: { Cash: true },
    });
    expect(normalise({ about: "{'Payments': {'Cash': False}}" }).business?.attributes).toEqual({
      Payments: { Cash: false },
    });
  });

  it('uses prose in about as the description unless there is a description column', () => {
    expect(normalise({ about: 'Cosy corner bistro.' }).business).toMatchObject({
      description: 'Cosy corner bistro.',
      attributes: null,
    });
    expect(normalise({ about: 'Cosy corner bistro.', description: 'Bistro.' }).business?.description).toBe(
      'Bistro.',
    );
  });

  it('warns about an about cell that is broken JSON', () => {
    expect(warningsFor({ about: '{"Payments": {' }, 'about')).toHaveLength(1);
  });

  it.each([
    ['TRUE', true],
    ['true', true],
    ['1', true],
    [1, true],
    ['yes', true],
    [true, true],
    ['FALSE', false],
    ['0', false],
    ['', false],
    [undefined, false],
  ])('verified %j → %s', (verified, expected) => {
    const result = normalise({ verified });
    expect(result.business?.isVerified).toBe(expected);
    expect(result.warnings).toEqual([]);
  });

  it('warns about an unreadable verified flag', () => {
    expect(warningsFor({ verified: 'maybe' }, 'verified')).toHaveLength(1);
  });

  it.each([
    ['OPERATIONAL', 'OPERATIONAL'],
    ['closed_temporarily', 'CLOSED_TEMPORARILY'],
    ['Closed permanently', 'CLOSED_PERMANENTLY'],
    [undefined, null],
  ])('business_status %j → %s', (status, expected) => {
    expect(normalise({ business_status: status }).business?.businessStatus).toBe(expected);
  });

  it('warns about an unknown business_status', () => {
    const result = normalise({ business_status: 'OPEN' });
    expect(result.business?.businessStatus).toBeNull();
    expect(result.warnings.map((warning) => warning.column)).toEqual(['business_status']);
  });
});

describe('normaliseRow: phone', () => {
  it('keeps the phone as written and adds E.164 using the country as region', () => {
    expect(normalise({ phone: '(704) 376-1782', country_code: 'US' }).business).toMatchObject({
      phone: '(704) 376-1782',
      phoneInternational: '+17043761782',
    });
    expect(normalise({ phone: '+44 20 7946 0958' }).business?.phoneInternational).toBe('+442079460958');
  });

  it('warns about a number that cannot be valid, and not about a national number without a country', () => {
    expect(warningsFor({ phone: '+44 20 7946', country_code: 'GB' }, 'phone')).toHaveLength(1);
    const national = normalise({ phone: '(704) 376-1782' });
    expect(national.business).toMatchObject({ phone: '(704) 376-1782', phoneInternational: null });
    expect(national.warnings).toEqual([]);
    expect(warningsFor({ phone: 'n/a' }, 'phone')).toHaveLength(1);
  });
});
