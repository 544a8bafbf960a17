import { describe, expect, it } from 'vitest';
import { openingHoursSpecification } from './opening-hours-specification.ts';

describe('openingHoursSpecification', () => {
  it('groups days with the same range and leaves closed and unknown days out', () => {
    const spec = openingHoursSpecification({
      monday: [{ open: '09:00', close: '17:00' }],
      tuesday: [{ open: '09:00', close: '17:00' }],
      wednesday: [
        { open: '09:00', close: '12:00' },
        { open: '13:00', close: '17:00' },
      ],
      saturday: [],
    });
    expect(spec).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday'],
        opens: '09:00',
        closes: '17:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Wednesday'], opens: '09:00', closes: '12:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Wednesday'], opens: '13:00', closes: '17:00' },
    ]);
  });

  it('writes a range past midnight with closes earlier than opens', () => {
    expect(openingHoursSpecification({ friday: [{ open: '18:00', close: '02:00' }] })).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Friday'], opens: '18:00', closes: '02:00' },
    ]);
  });

  it('writes open 24 hours as 00:00–23:59 and a close at the end of the day as 23:59', () => {
    const spec = openingHoursSpecification({
      sunday: [{ open: '00:00', close: '24:00' }],
      monday: [{ open: '18:00', close: '24:00' }],
    });
    expect(spec).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday'], opens: '18:00', closes: '23:59' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Sunday'], opens: '00:00', closes: '23:59' },
    ]);
  });

  it('is empty without hours and skips malformed ranges', () => {
    expect(openingHoursSpecification(null)).toEqual([]);
    expect(openingHoursSpecification({})).toEqual([]);
    expect(openingHoursSpecification({ monday: [{ open: '9am', close: '17:00' }] })).toEqual([]);
  });
});
