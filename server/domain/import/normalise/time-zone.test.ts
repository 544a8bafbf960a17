import { describe, expect, it } from 'vitest';
import { resolveTimeZone, timeZoneFromCountry, validTimeZone } from './time-zone.ts';
import { US_STATE_COUNT, usState } from './us-states.ts';

const NONE = { column: '', latitude: null, longitude: null, countryCode: null, state: '', looksUs: false };

describe('validTimeZone', () => {
  it('accepts IANA zones, fixing their case', () => {
    expect(validTimeZone('America/New_York')).toBe('America/New_York');
    expect(validTimeZone('america/new_york')).toBe('America/New_York');
    expect(validTimeZone('UTC')).toBe('UTC');
    expect(validTimeZone('Europe/Kyiv')).toBe('Europe/Kyiv');
  });

  it('refuses anything else', () => {
    for (const text of ['Mars/Olympus_Mons', '+05:00', 'EST5EDT; DROP TABLE', '', 'a'.repeat(100)]) {
      expect(validTimeZone(text)).toBeNull();
    }
  });
});

describe('resolveTimeZone', () => {
  it('uses the column first', () => {
    expect(resolveTimeZone({ ...NONE, column: 'Europe/Paris', latitude: 40.7, longitude: -74 })).toEqual({
      zone: 'Europe/Paris',
      source: 'column',
      invalidColumn: false,
    });
  });

  it('then the coordinates, also after an invalid column', () => {
    expect(resolveTimeZone({ ...NONE, latitude: 40.69, longitude: -73.99 })).toMatchObject({
      zone: 'America/New_York',
      source: 'coordinates',
    });
    expect(resolveTimeZone({ ...NONE, column: 'Nowhere/Else', latitude: 51.52, longitude: -0.16 })).toEqual({
      zone: 'Europe/London',
      source: 'coordinates',
      invalidColumn: true,
    });
  });

  it('then the US state (code or name), also for an address that only looks American', () => {
    expect(resolveTimeZone({ ...NONE, countryCode: 'US', state: 'TX' })).toMatchObject({
      zone: 'America/Chicago',
      source: 'state',
    });
    expect(resolveTimeZone({ ...NONE, countryCode: 'US', state: 'California' })).toMatchObject({
      zone: 'America/Los_Angeles',
      source: 'state',
    });
    expect(resolveTimeZone({ ...NONE, state: 'NY', looksUs: true })).toMatchObject({
      zone: 'America/New_York',
      source: 'state',
    });
  });

  it('then the country when it has one zone of its own', () => {
    expect(resolveTimeZone({ ...NONE, countryCode: 'FR' })).toMatchObject({
      zone: 'Europe/Paris',
      source: 'country',
    });
    expect(resolveTimeZone({ ...NONE, countryCode: 'GB' })).toMatchObject({
      zone: 'Europe/London',
      source: 'country',
    });
  });

  it('gives null when nothing tells', () => {
    expect(resolveTimeZone(NONE)).toEqual({ zone: null, source: null, invalidColumn: false });
    expect(resolveTimeZone({ ...NONE, countryCode: 'US' })).toMatchObject({ zone: null });
    expect(resolveTimeZone({ ...NONE, countryCode: 'US', state: 'Atlantis' })).toMatchObject({ zone: null });
  });
});

describe('timeZoneFromCountry', () => {
  it('takes the one zone whose main country it is (Germany also lists Zurich for Büsingen)', () => {
    expect(timeZoneFromCountry('DE')).toBe('Europe/Berlin');
    expect(timeZoneFromCountry('UA')).toBe('Europe/Kyiv');
  });

  it('refuses to guess for countries spanning several zones', () => {
    expect(timeZoneFromCountry('US')).toBeNull();
    expect(timeZoneFromCountry('RU')).toBeNull();
    expect(timeZoneFromCountry('AU')).toBeNull();
    expect(timeZoneFromCountry('XX')).toBeNull();
  });
});

describe('usState', () => {
  it('knows the 50 states and DC, each with a zone the runtime accepts', () => {
    expect(US_STATE_COUNT).toBe(51);
    expect(usState('dc')).toEqual({ code: 'DC', zone: 'America/New_York' });
    expect(usState('Hawaii')?.zone).toBe('Pacific/Honolulu');
    for (const code of ['AK', 'AZ', 'IN', 'MI', 'ID'])
      expect(validTimeZone(usState(code)?.zone ?? '')).not.toBeNull();
  });
});
