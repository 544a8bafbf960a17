import { describe, expect, it } from 'vitest';
import { formatClock, formatOpeningHours } from './hours-display.ts';
import { parseHours } from './hours.ts';

describe('formatOpeningHours', () => {
  it('gives the specification map in week order, day name → display text', () => {
    const { hours } = parseHours(
      '{"Sunday": "11AM–2PM,5:30–10PM", "Monday": "Closed", "Tuesday": "Open 24 hours", "Friday": "6PM–2AM", "Saturday": "9AM–5PM"}',
    );
    const display = formatOpeningHours(hours);
    expect(display).toEqual({
      Monday: 'Closed',
      Tuesday: 'Open 24 hours',
      Friday: '6:00 PM – 2:00 AM',
      Saturday: '9:00 AM – 5:00 PM',
      Sunday: '11:00 AM – 2:00 PM, 5:30 PM – 10:00 PM',
    });
    expect(Object.keys(display)).toEqual(['Monday', 'Tuesday', 'Friday', 'Saturday', 'Sunday']);
  });

  it('gives an empty map for unknown hours', () => {
    expect(formatOpeningHours(null)).toEqual({});
  });
});

describe('formatClock', () => {
  it.each([
    ['00:00', '12:00 AM'],
    ['24:00', '12:00 AM'],
    ['12:00', '12:00 PM'],
    ['09:05', '9:05 AM'],
    ['17:30', '5:30 PM'],
    ['23:59', '11:59 PM'],
  ])('%s → %s', (time, text) => {
    expect(formatClock(time)).toBe(text);
  });
});
