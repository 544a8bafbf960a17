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

  it('formats intervals', () => {
    const split = [
      { open: '11:30', close: '14:30' },
      { open: '17:30', close: '22:00' },
    ];
    expect(formatRanges(split, 'dash')).toBe('11:30–14:30 and 17:30–22:00');
    expect(formatRanges(split, 'words')).toBe('from 11:30 to 14:30 and from 17:30 to 22:00');
    expect(formatRanges([{ open: '00:00', close: '24:00' }], 'dash')).toBe('around the clock');
  });
});
