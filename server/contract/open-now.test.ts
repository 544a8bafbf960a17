import { describe, expect, it } from 'vitest';
import type { WeeklyHours } from './hours.ts';
import { isOpenAt } from './open-now.ts';

const NINE_TO_FIVE_WEEKDAYS: WeeklyHours = {
  monday: [{ open: '09:00', close: '17:00' }],
  tuesday: [{ open: '09:00', close: '17:00' }],
  wednesday: [{ open: '09:00', close: '17:00' }],
  thursday: [{ open: '09:00', close: '17:00' }],
  friday: [{ open: '09:00', close: '17:00' }],
  saturday: [],
  sunday: [],
};

describe('isOpenAt', () => {
  it('reads the hours in UTC when the zone is unknown', () => {
    // 2026-03-04 is a Wednesday.
    expect(isOpenAt(NINE_TO_FIVE_WEEKDAYS, null, new Date('2026-03-04T09:00:00Z'))).toBe(true);
    expect(isOpenAt(NINE_TO_FIVE_WEEKDAYS, null, new Date('2026-03-04T16:59:00Z'))).toBe(true);
    expect(isOpenAt(NINE_TO_FIVE_WEEKDAYS, null, new Date('2026-03-04T17:00:00Z'))).toBe(false);
    expect(isOpenAt(NINE_TO_FIVE_WEEKDAYS, null, new Date('2026-03-04T08:59:00Z'))).toBe(false);
    expect(isOpenAt(NINE_TO_FIVE_WEEKDAYS, null, new Date('2026-03-07T12:00:00Z'))).toBe(false); // Saturday
  });

  it('gives different answers in two zones at the same instant', () => {
    const instant = new Date('2026-03-04T15:00:00Z'); // 10:00 in New York, 16:00 in Berlin, 00:00 Thu in Tokyo
    expect(isOpenAt(NINE_TO_FIVE_WEEKDAYS, 'America/New_York', instant)).toBe(true);
    expect(isOpenAt(NINE_TO_FIVE_WEEKDAYS, 'Europe/Berlin', instant)).toBe(true);
    expect(isOpenAt(NINE_TO_FIVE_WEEKDAYS, 'Asia/Tokyo', instant)).toBe(false);
    const evening = new Date('2026-03-04T20:00:00Z'); // 15:00 in New York, 21:00 in Berlin
    expect(isOpenAt(NINE_TO_FIVE_WEEKDAYS, 'America/New_York', evening)).toBe(true);
    expect(isOpenAt(NINE_TO_FIVE_WEEKDAYS, 'Europe/Berlin', evening)).toBe(false);
  });

  it('counts a range past midnight on both days', () => {
    const lateFriday: WeeklyHours = { friday: [{ open: '18:00', close: '02:00' }], saturday: [] };
    // 2026-03-06 is a Friday; London is on UTC in March before the change.
    expect(isOpenAt(lateFriday, 'Europe/London', new Date('2026-03-06T17:59:00Z'))).toBe(false);
    expect(isOpenAt(lateFriday, 'Europe/London', new Date('2026-03-06T23:30:00Z'))).toBe(true);
    expect(isOpenAt(lateFriday, 'Europe/London', new Date('2026-03-07T01:30:00Z'))).toBe(true); // Saturday 1:30
    expect(isOpenAt(lateFriday, 'Europe/London', new Date('2026-03-07T02:00:00Z'))).toBe(false);
    // Thursday's hours are unknown: Friday 1:30 is not open because of them.
    expect(isOpenAt(lateFriday, 'Europe/London', new Date('2026-03-06T01:30:00Z'))).toBe(false);
  });

  it('treats 00:00–24:00 as open all day and a midnight close as the end of the day', () => {
    const hours: WeeklyHours = {
      monday: [{ open: '00:00', close: '24:00' }],
      tuesday: [{ open: '21:00', close: '00:00' }],
      wednesday: [],
    };
    // 2026-03-02 is a Monday.
    expect(isOpenAt(hours, null, new Date('2026-03-02T00:00:00Z'))).toBe(true);
    expect(isOpenAt(hours, null, new Date('2026-03-02T23:59:00Z'))).toBe(true);
    expect(isOpenAt(hours, null, new Date('2026-03-03T22:00:00Z'))).toBe(true);
    expect(isOpenAt(hours, null, new Date('2026-03-04T00:00:00Z'))).toBe(false);
  });

  it('follows daylight saving time in the zone', () => {
    const hours: WeeklyHours = { sunday: [{ open: '09:00', close: '10:00' }] };
    // New York: 9:30 is 14:30 UTC in winter (EST) and 13:30 UTC in summer (EDT).
    expect(isOpenAt(hours, 'America/New_York', new Date('2026-01-04T14:30:00Z'))).toBe(true);
    expect(isOpenAt(hours, 'America/New_York', new Date('2026-01-04T13:30:00Z'))).toBe(false);
    expect(isOpenAt(hours, 'America/New_York', new Date('2026-07-05T13:30:00Z'))).toBe(true);
    expect(isOpenAt(hours, 'America/New_York', new Date('2026-07-05T14:30:00Z'))).toBe(false);
  });

  it('switches offset exactly at a daylight-saving change, even with the previous offset cached', () => {
    const hours: WeeklyHours = {
      sunday: [
        { open: '01:00', close: '02:00' },
        { open: '03:00', close: '03:30' },
      ],
    };
    // 2026-03-08 07:00 UTC: New York jumps from 01:59:59 EST to 03:00 EDT.
    expect(isOpenAt(hours, 'America/New_York', new Date('2026-03-08T06:59:00Z'))).toBe(true); // 01:59 EST
    expect(isOpenAt(hours, 'America/New_York', new Date('2026-03-08T07:00:00Z'))).toBe(true); // 03:00 EDT
    expect(isOpenAt(hours, 'America/New_York', new Date('2026-03-08T07:30:00Z'))).toBe(false); // 03:30 EDT
  });

  it('handles zones with quarter-hour offsets', () => {
    const hours: WeeklyHours = { wednesday: [{ open: '09:00', close: '09:30' }] };
    // Kathmandu is UTC+5:45: 09:15 local is 03:30 UTC.
    expect(isOpenAt(hours, 'Asia/Kathmandu', new Date('2026-03-04T03:30:00Z'))).toBe(true);
    expect(isOpenAt(hours, 'Asia/Kathmandu', new Date('2026-03-04T03:50:00Z'))).toBe(false);
  });

  it('is closed when the hours are unknown, and falls back to UTC for a zone it does not know', () => {
    expect(isOpenAt(null, 'Europe/Berlin', new Date('2026-03-04T12:00:00Z'))).toBe(false);
    expect(isOpenAt({}, 'Europe/Berlin', new Date('2026-03-04T12:00:00Z'))).toBe(false);
    expect(isOpenAt(NINE_TO_FIVE_WEEKDAYS, 'Mars/Olympus_Mons', new Date('2026-03-04T09:30:00Z'))).toBe(true);
  });
});
