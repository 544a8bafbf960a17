import { getCountries, getExampleNumber, parsePhoneNumberFromString } from 'libphonenumber-js';
import examples from 'libphonenumber-js/mobile/examples';
import { describe, expect, it } from 'vitest';
import { phoneToE164 } from './phone.ts';

describe('phoneToE164', () => {
  it.each([
    ['+1 704-376-1782', 'US', '+17043761782'],
    ['+1 704-376-1782', null, '+17043761782'],
    ['+44 20 7946 0958', 'GB', '+442079460958'],
    ['+44 20 7946 0958', 'US', '+442079460958'],
    ['(704) 376-1782', 'US', '+17043761782'],
    ['704.376.1782', 'CA', '+17043761782'],
    ['020 7946 0958', 'GB', '+442079460958'],
    ['+44 (0)20 7946 0958', null, '+442079460958'],
    ['030 1234567', 'DE', '+49301234567'],
    ['+380 44 123 4567', 'UA', '+380441234567'],
  ])('%s with region %s → %s', (phone, region, expected) => {
    expect(phoneToE164(phone, region)).toBe(expected);
  });

  it('gives null when the number cannot be read or has an impossible length', () => {
    expect(phoneToE164('(704) 376-1782', null)).toBeNull(); // national, and no country to read it with
    expect(phoneToE164('+44 20 7946', 'GB')).toBeNull();
    expect(phoneToE164('call us', 'US')).toBeNull();
    expect(phoneToE164('12', 'US')).toBeNull();
  });

  it('agrees with libphonenumber-js for every country (the shortcut must not change answers)', () => {
    let compared = 0;
    for (const country of getCountries()) {
      const example = getExampleNumber(country, examples);
      if (example === undefined) continue;
      const variants = [example.formatInternational(), example.formatNational(), example.number];
      for (let cut = 1; cut <= 3; cut++)
        variants.push(example.number.slice(0, -cut), example.number + '123'.slice(0, cut));
      for (const text of variants) {
        for (const region of [country, null]) {
          const parsed = parsePhoneNumberFromString(text, {
            defaultCountry: region ?? undefined,
            extract: false,
          });
          const expected = parsed?.isPossible() ? parsed.number : null;
          expect(phoneToE164(text, region), `${text} (${region})`).toBe(expected);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(2_000);
  });
});
