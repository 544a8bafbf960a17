// Turns WeeklyHours into the few facts prose can state: which days share which hours, which days
// are closed or unknown, and whether any interval runs past midnight or around the clock.
import { type TimeRange, type Weekday, WEEKDAYS, type WeeklyHours } from '../../contract/hours.ts';

export interface DayGroup {
  /** Consecutive days (Monday first) with identical intervals. */
  days: Weekday[];
  ranges: TimeRange[];
}

export interface HoursSummary {
  openGroups: DayGroup[];
  closedDays: Weekday[];
  unknownDays: Weekday[];
  roundTheClockDays: Weekday[];
  overnight: boolean;
  split: boolean;
  openDayCount: number;
  knownDayCount: number;
}

export function isRoundTheClock(range: TimeRange): boolean {
  return range.open === '00:00' && (range.close === '24:00' || range.close === '23:59');
}

function sameRanges(a: readonly TimeRange[], b: readonly TimeRange[]): boolean {
  return a.length === b.length && a.every((r, i) => r.open === b[i]?.open && r.close === b[i]?.close);
}

export function summariseHours(hours: WeeklyHours | null): HoursSummary | null {
  if (!hours) return null;
  const summary: HoursSummary = {
    openGroups: [],
    closedDays: [],
    unknownDays: [],
    roundTheClockDays: [],
    overnight: false,
    split: false,
    openDayCount: 0,
    knownDayCount: 0,
  };
  let current: DayGroup | null = null;
  for (const day of WEEKDAYS) {
    const ranges = hours[day];
    if (ranges === undefined) {
      summary.unknownDays.push(day);
      current = null;
      continue;
    }
    summary.knownDayCount++;
    if (ranges.length === 0) {
      summary.closedDays.push(day);
      current = null;
      continue;
    }
    summary.openDayCount++;
    if (ranges.length > 1) summary.split = true;
    if (ranges.some((r) => r.close !== '24:00' && r.close < r.open)) summary.overnight = true;
    if (ranges.length === 1 && ranges[0] && isRoundTheClock(ranges[0])) summary.roundTheClockDays.push(day);
    if (current && sameRanges(current.ranges, ranges)) {
      current.days.push(day);
    } else {
      current = { days: [day], ranges };
      summary.openGroups.push(current);
    }
  }
  return summary.knownDayCount > 0 ? summary : null;
}

export function dayName(day: Weekday): string {
  return day.charAt(0).toUpperCase() + day.slice(1);
}

/** "Monday", "Monday and Tuesday", "Monday to Friday" for a run of consecutive days. */
export function dayRangeLabel(days: readonly Weekday[]): string {
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) return '';
  if (days.length === 1) return dayName(first);
  if (days.length === 2) return `${dayName(first)} and ${dayName(last)}`;
  return `${dayName(first)} to ${dayName(last)}`;
}

/** "Saturday and Sunday", "Monday, Wednesday and Sunday" for any set of days. */
export function dayListLabel(days: readonly Weekday[]): string {
  return joinList(days.map(dayName));
}

export function joinList(items: readonly string[], conjunction = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

export type RangeStyle = 'dash' | 'words';

/** "09:00–17:00" or "from 09:00 to 17:00"; an all-day interval as "around the clock". */
export function formatRanges(ranges: readonly TimeRange[], style: RangeStyle): string {
  const parts = ranges.map((r) => {
    if (isRoundTheClock(r)) return 'around the clock';
    return style === 'dash' ? `${r.open}–${r.close}` : `from ${r.open} to ${r.close}`;
  });
  return joinList(parts);
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven'];

/** Counts up to seven as words: derived counts then never look like figures taken from the data. */
export function numberWord(n: number): string {
  return NUMBER_WORDS[n] ?? String(n);
}
