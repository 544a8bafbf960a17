import { describe, expect, it } from 'vitest';
import type { WeeklyHours } from './hours.ts';
import { isOpenAt } from './open-now.ts';
import { formatClock, type OpenStatusSource, openStatus, usesTwelveHourClock } from './open-status.ts';

const day = (open: string, close: string) => [{ open, close }];

// Open until 01:00 the next morning, Monday to Saturday; closed on Sunday.
const LATE_BAR: WeeklyHours = {
  monday: day('10:00', '01:00'),
  tuesday: day('10:00', '01:00'),
  wednesday: day('10:00', '01:00'),
  thursday: day('10:00', '01:00'),
  friday: day('10:00', '01:00'),
  saturday: day('10:00', '01:00'),
  sunday: [],
};

const WEEKDAYS_9_TO_22: WeeklyHours = {
  monday: day('09:00', '22:00'),
  tuesday: day('09:00', '22:00'),
  wednesday: day('09:00', '22:00'),
  thursday: day('09:00', '22:00'),
  friday: day('09:00', '22:00'),
  saturday: [],
  sunday: [],
};

function business(overrides: Partial<OpenStatusSource>): OpenStatusSource {
  return { hours: null, timeZone: null, businessStatus: 'OPERATIONAL', countryCode: null, ...overrides };
}

const text = (source: OpenStatusSource, iso: string) => openStatus(source, new Date(iso)).text;

describe('openStatus in Los Angeles, open until 01:00, seen at UTC instants', () => {
  const bar = business({ hours: LATE_BAR, timeZone: 'America/Los_Angeles', countryCode: 'US' });

  it('says when it closes, past midnight, in the 12-hour clock', () => {
    // 2026-03-04 is a Wednesday; Los Angeles is UTC−8 until 8 March.
    expect(openStatus(bar, new Date('2026-03-04T20:00:00Z'))).toEqual({
      state: 'open',
      text: 'Closes at 1:00 AM tomorrow',
    }); // Wednesday 12:00
    // Thursday 00:30 local (08:30 UTC): still Wednesday's range, closing this morning.
    expect(openStatus(bar, new Date('2026-03-05T08:30:00Z'))).toEqual({
      state: 'open',
      text: 'Closes at 1:00 AM',
    });
  });

  it('says when it opens once closed, today or tomorrow', () => {
    // Thursday 01:30 and 09:00 local: closed until 10:00 the same day.
    expect(openStatus(bar, new Date('2026-03-05T09:30:00Z'))).toEqual({
      state: 'closed',
      text: 'Opens at 10:00 AM',
    });
    expect(text(bar, '2026-03-05T17:00:00Z')).toBe('Opens at 10:00 AM');
    // Sunday 00:30 PST: Saturday's range still runs; at 01:30 nothing until Monday 10:00.
    expect(text(bar, '2026-03-08T08:30:00Z')).toBe('Closes at 1:00 AM');
    expect(text(bar, '2026-03-08T09:30:00Z')).toBe('Opens at 10:00 AM tomorrow');
  });

  it('agrees with isOpenAt at every quarter hour of a week', () => {
    const start = Date.parse('2026-03-02T00:00:00Z');
    for (let t = start; t < start + 7 * 86_400_000; t += 15 * 60_000) {
      const now = new Date(t);
      const status = openStatus(bar, now);
      expect(status.state === 'open', now.toISOString()).toBe(isOpenAt(LATE_BAR, bar.timeZone, now));
      expect(status.text).toMatch(status.state === 'open' ? /^Closes / : /^Opens /);
    }
  });
});

describe('openStatus on the day the clocks change', () => {
  // Sunday 8 March 2026 at 02:00 Los Angeles moves to 03:00 (UTC−8 → UTC−7).
  const shop = business({
    hours: { sunday: day('10:00', '18:00'), monday: day('10:00', '18:00') },
    timeZone: 'America/Los_Angeles',
    countryCode: 'US',
  });

  it('reads the new offset after the change', () => {
    // 17:30 UTC is 10:30 PDT (it would be 09:30 on the old offset).
    expect(openStatus(shop, new Date('2026-03-08T17:30:00Z'))).toEqual({
      state: 'open',
      text: 'Closes at 6:00 PM',
    });
    expect(openStatus(shop, new Date('2026-03-08T16:30:00Z'))).toEqual({
      state: 'closed',
      text: 'Opens at 10:00 AM',
    });
    // 01:30 PST, before the change: opens at 10:00 the same day.
    expect(text(shop, '2026-03-08T09:30:00Z')).toBe('Opens at 10:00 AM');
    // 18:30 PDT Sunday: closed until Monday.
    expect(text(shop, '2026-03-09T01:30:00Z')).toBe('Opens at 10:00 AM tomorrow');
  });

  it('reads the old offset again when Europe falls back', () => {
    // Sunday 25 October 2026, 03:00 CEST → 02:00 CET in Berlin.
    const berlin = business({
      hours: { sunday: day('08:00', '12:00') },
      timeZone: 'Europe/Berlin',
      countryCode: 'DE',
    });
    expect(text(berlin, '2026-10-25T06:30:00Z')).toBe('Opens at 08:00'); // 07:30 CET
    expect(text(berlin, '2026-10-25T07:30:00Z')).toBe('Closes at 12:00'); // 08:30 CET
  });
});

describe('openStatus in Tokyo (24-hour clock)', () => {
  const office = business({ hours: WEEKDAYS_9_TO_22, timeZone: 'Asia/Tokyo', countryCode: 'JP' });

  it('names the closing, the next opening today, tomorrow and on a later weekday', () => {
    expect(openStatus(office, new Date('2026-03-04T12:00:00Z'))).toEqual({
      state: 'open',
      text: 'Closes at 22:00',
    }); // Wednesday 21:00
    expect(text(office, '2026-03-04T15:00:00Z')).toBe('Opens at 09:00'); // Thursday 00:00
    expect(text(office, '2026-03-05T14:00:00Z')).toBe('Opens at 09:00 tomorrow'); // Thursday 23:00
    expect(text(office, '2026-03-06T13:30:00Z')).toBe('Opens Monday at 09:00'); // Friday 22:30
  });
});

describe('openStatus texts', () => {
  it('uses the 12-hour clock by country, the 24-hour clock elsewhere and when unknown', () => {
    const at = '2026-03-04T12:00:00Z'; // Wednesday 12:00 UTC
    const hours = { wednesday: day('09:00', '22:00') };
    expect(text(business({ hours, countryCode: 'US' }), at)).toBe('Closes at 10:00 PM');
    expect(text(business({ hours, countryCode: 'in' }), at)).toBe('Closes at 10:00 PM');
    expect(text(business({ hours, countryCode: 'AU' }), at)).toBe('Closes at 10:00 PM');
    expect(text(business({ hours, countryCode: 'GB' }), at)).toBe('Closes at 22:00');
    expect(text(business({ hours, countryCode: 'DE' }), at)).toBe('Closes at 22:00');
    expect(text(business({ hours, countryCode: null }), at)).toBe('Closes at 22:00');
    expect(usesTwelveHourClock('CA')).toBe(true);
    expect(usesTwelveHourClock('FR')).toBe(false);
    expect(formatClock(0, true)).toBe('12:00 AM');
    expect(formatClock(12 * 60 + 5, true)).toBe('12:05 PM');
    expect(formatClock(9 * 60, false)).toBe('09:00');
  });

  it('says Open 24 hours for a day open round the clock, and joins ranges across midnight', () => {
    const allWeek = Object.fromEntries(
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
        d,
        day('00:00', '24:00'),
      ]),
    );
    expect(openStatus(business({ hours: allWeek }), new Date('2026-03-04T03:00:00Z'))).toEqual({
      state: 'open',
      text: 'Open 24 hours',
    });
    const weekend = business({
      hours: { friday: day('18:00', '24:00'), saturday: day('00:00', '02:00') },
      countryCode: 'US',
    });
    expect(text(weekend, '2026-03-06T23:00:00Z')).toBe('Closes at 2:00 AM tomorrow'); // Friday 23:00
    const evening = business({ hours: { wednesday: day('18:00', '00:00') } });
    expect(text(evening, '2026-03-04T19:00:00Z')).toBe('Closes at midnight');
  });

  it('says Hours not listed when there are none, and never implies open', () => {
    expect(openStatus(business({ hours: null }), new Date())).toEqual({
      state: 'unknown',
      text: 'Hours not listed',
    });
    expect(openStatus(business({ hours: {} }), new Date()).state).toBe('unknown');
    expect(text(business({ hours: { monday: [], tuesday: [] } }), '2026-03-04T12:00:00Z')).toBe(
      'No opening hours this week',
    );
  });

  it('puts a closed business status before the hours', () => {
    const allDay = { wednesday: day('00:00', '24:00') };
    expect(
      openStatus(
        business({ hours: allDay, businessStatus: 'CLOSED_TEMPORARILY' }),
        new Date('2026-03-04T12:00Z'),
      ),
    ).toEqual({ state: 'temporarily_closed', text: 'Temporarily closed' });
    expect(openStatus(business({ hours: null, businessStatus: 'CLOSED_PERMANENTLY' }), new Date())).toEqual({
      state: 'permanently_closed',
      text: 'Permanently closed',
    });
  });
});
