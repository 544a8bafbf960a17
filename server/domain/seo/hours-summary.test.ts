import { describe, expect, it } from 'vitest';
import { dayListLabel, dayRangeLabel, formatRanges, summariseHours } from './hours-summary.ts';

describe('summariseHours', () => {
  it('groups consecutive days with identical hours and lists closed and unknown days', () => {
    const nine = [{ open: '09:00', close: '17:00' }];
    const summary = summariseHours({
      monday: nine,
      tuesday: nine,
      wednesday: nine,
      thursday: [
        { open: '09:00', close: '12:00' },
        { open: '13:00', close: '17:00' },
      ],
      friday: nine,
      saturday: [],
    });
    expect(summary?.openGroups.map((g) => g.days)).toEqual([
      ['monday', 'tuesday', 'wednesday'],
      ['thursday'],
      ['friday'],
    ]);
    expect(summary?.closedDays).toEqual(['saturday']);
    expect(summary?.unknownDays).toEqual(['sunday']);
    expect(summary?.split).toBe(true);
    expect(summary?.overnight).toBe(false);
    expect(summary?.knownDayCount).toBe(6);
  });

  it('detects past-midnight and round-the-clock days', () => {
    const summary = summariseHours({
      friday: [{ open: '18:00', close: '02:00' }],
      sunday: [{ open: '00:00', close: '24:00' }],
    });
    expect(summary?.overnight).toBe(true);
    expect(summary?.roundTheClockDays).toEqual(['sunday']);
  });

  it('is null without hours or with no known day', () => {
    expect(summariseHours(null)).toBeNull();
    expect(summariseHours({})).toBeNull();
  });
});

describe('labels', () => {
  it('names day runs and lists', () => {
    expect(dayRangeLabel(['monday'])).toBe('Monday');
    expect(dayRangeLabel(['saturday', 'sunday'])).toBe('Saturday and Sunday');
    expect(dayRangeLabel(['monday', 'tuesday', 'wednesday'])).toBe('Monday to Wednesday');
    expect(dayListLabel(['monday', 'wednesday', 'sunday'])).toBe('Monday, Wednesday and Sunday');
  });

  it('formats intervals with the clock times the page shows', () => {
    const split = {
      ranges: [
        { open: '11:30', close: '14:30' },
        { open: '17:30', close: '22:00' },
      ],
      display: '11:30 AM – 2:30 PM, 5:30 PM – 10:00 PM',
    };
    expect(formatRanges(split, 'dash')).toBe('11:30 AM – 2:30 PM, 5:30 PM – 10:00 PM');
    expect(formatRanges(split, 'words')).toBe('from 11:30 AM to 2:30 PM and from 5:30 PM to 10:00 PM');
    const allDay = { ranges: [{ open: '00:00', close: '24:00' }], display: 'Open 24 hours' };
    expect(formatRanges(allDay, 'words')).toBe('Open 24 hours');
  });

  it('groups days by the text the page shows for them', () => {
    const summary = summariseHours({
      monday: [{ open: '09:00', close: '17:00' }],
      tuesday: [{ open: '09:00', close: '17:00' }],
      wednesday: [{ open: '00:00', close: '23:59' }],
      thursday: [{ open: '00:00', close: '24:00' }],
      friday: [{ open: '20:00', close: '00:00' }],
    });
    expect(summary?.openGroups.map((g) => [g.days, g.display])).toEqual([
      [['monday', 'tuesday'], '9:00 AM – 5:00 PM'],
      [['wednesday'], '12:00 AM – 11:59 PM'],
      [['thursday'], 'Open 24 hours'],
      [['friday'], '8:00 PM – 12:00 AM'],
    ]);
    // Only what the page calls "Open 24 hours" is all day; closing at midnight is not past midnight.
    expect(summary?.roundTheClockDays).toEqual(['thursday']);
    expect(summary?.overnight).toBe(false);
  });
});
