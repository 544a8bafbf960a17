import { describe, expect, it } from 'vitest';
import { countryCodeFromName, countryCodeOf, countryNameOf } from './country.ts';

describe('country names and codes', () => {
  it('gives one canonical short English name per code', () => {
    expect(countryNameOf('US')).toBe('United States');
    expect(countryNameOf('GB')).toBe('United Kingdom');
    expect(countryNameOf('DE')).toBe('Germany');
  });

  it('reads the spellings files use', () => {
    for (const name of ['United States of America', 'United States', 'USA', 'usa', 'U.S.A.']) {
      expect(countryCodeFromName(name)).toBe('US');
    }
    for (const name of ['United Kingdom', 'UK', 'Great Britain', 'England'])
      expect(countryCodeFromName(name)).toBe('GB');
    expect(countryCodeFromName('Côte d’Ivoire')).toBe('CI');
    expect(countryCodeFromName('cote d’ivoire')).toBe('CI');
    expect(countryCodeFromName('Turkey')).toBe('TR');
    expect(countryCodeFromName('Narnia')).toBeNull();
    expect(countryCodeFromName('constructor')).toBeNull();
  });

  it('accepts known ISO codes only', () => {
    expect(countryCodeOf('us')).toBe('US');
    expect(countryCodeOf('GB')).toBe('GB');
    expect(countryCodeOf('XX')).toBeNull();
    expect(countryCodeOf('USA')).toBeNull();
  });
});

describe('country names in their own language', () => {
  it('maps them to the code, so the canonical English name is stored', () => {
    expect(countryCodeFromName('Polska')).toBe('PL');
    expect(countryCodeFromName('Україна')).toBe('UA');
    expect(countryCodeFromName('Deutschland')).toBe('DE');
    expect(countryNameOf('PL')).toBe('Poland');
  });
});
