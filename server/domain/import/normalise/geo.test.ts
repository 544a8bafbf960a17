import { describe, expect, it } from 'vitest';
import { coordinatesFromLink, coordinateValue } from './geo.ts';

const LINK =
  'https://www.google.com/maps/place/Colonie/@40.6908464,-73.9958422,14z/data=!4m8!3m7!1s0x89c25a4590b8c863:0xc4a6271f166de1e2!8m2!3d40.6908465!4d-73.9958423';

describe('coordinatesFromLink', () => {
  it('prefers !3d…!4d… (the place) over @lat,lng (the map centre)', () => {
    expect(coordinatesFromLink(LINK)).toEqual({ latitude: 40.6908465, longitude: -73.9958423 });
  });

  it('falls back to @lat,lng', () => {
    expect(coordinatesFromLink('https://www.google.com/maps/place/X/@51.5237,-0.1585,17z')).toEqual({
      latitude: 51.5237,
      longitude: -0.1585,
    });
  });

  it('gives null without coordinates or with impossible ones', () => {
    expect(coordinatesFromLink('https://www.google.com/maps/place/X')).toBeNull();
    expect(coordinatesFromLink('https://maps.example/@91.0,10.0,14z')).toBeNull();
  });
});

describe('coordinateValue', () => {
  it('reads numbers and decimal text, including a decimal comma', () => {
    expect(coordinateValue(40.69)).toBe(40.69);
    expect(coordinateValue(' -73.99 ')).toBe(-73.99);
    expect(coordinateValue('40,69')).toBe(40.69);
  });

  it('refuses anything else', () => {
    for (const value of ['abc', '1e5', '', '40.1.2', Number.POSITIVE_INFINITY, true, undefined]) {
      expect(coordinateValue(value)).toBeUndefined();
    }
  });
});
