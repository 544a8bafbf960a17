// Distances on the cards: miles where the country drives in miles (US, GB, LR, MM), km elsewhere,
// one decimal; nothing without a distance.
import { describe, expect, it } from 'vitest';
import { distanceText } from './distance-text.ts';

describe('distanceText', () => {
  it('uses kilometres by default, one decimal', () => {
    expect(distanceText({ countryCode: 'FR', distanceKm: 2.345 })).toBe('2.3 km away');
    expect(distanceText({ countryCode: null, distanceKm: 0 })).toBe('0.0 km away');
    expect(distanceText({ countryCode: 'TR', distanceKm: 12 })).toBe('12.0 km away');
  });

  it('uses miles in the United States, the United Kingdom, Liberia and Myanmar', () => {
    expect(distanceText({ countryCode: 'US', distanceKm: 1.609344 })).toBe('1.0 mi away');
    expect(distanceText({ countryCode: 'gb', distanceKm: 10 })).toBe('6.2 mi away');
    expect(distanceText({ countryCode: 'LR', distanceKm: 3.2 })).toBe('2.0 mi away');
    expect(distanceText({ countryCode: 'MM', distanceKm: 0.8 })).toBe('0.5 mi away');
  });

  it('says nothing without a usable distance', () => {
    expect(distanceText({ countryCode: 'US' })).toBe('');
    expect(distanceText({ countryCode: 'US', distanceKm: null })).toBe('');
    expect(distanceText({ countryCode: 'US', distanceKm: Number.NaN })).toBe('');
    expect(distanceText({ countryCode: 'US', distanceKm: -1 })).toBe('');
  });
});
