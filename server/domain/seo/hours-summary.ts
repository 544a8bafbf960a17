// Turns WeeklyHours into the few facts prose can state: which days share which hours, which days
// are closed or unknown, and whether any interval runs past midnight or is split. Each day's hours
// are the very text the business page shows for that day (formatOpeningHours, the API's
// openingHours), so the text and the page can never disagree on a time.
import { type TimeRange, WEEKDAYS, type Weekday, type WeeklyHours } from '../../contract/hours.ts';
import { formatClock, formatOpeningHours } from '../import/normalise/hours-display.ts';

export interface DayGroup {
  /** Consecutive days (Monday first) that the page shows with the same hours. */
  days: Weekday[];
  ranges: TimeRange[];
  /** The page's text for these days ("9:00 AM – 5:00 PM", "Open 24 hours"). */
  display: string;
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

/** The page's own text for a day open all day (hours-display.ts). */
export const OPEN_ALL_DAY = 'Open 24 hours';

/** Closes the next day: a closing time before the opening one, other than midnight itself. */
function runsPastMidnight(range: TimeRange): boolean {
  return range.close !== '24:00' && range.close !== '00:00' && range.close < range.open;
}

export function summariseHours(hours: WeeklyHours | null): HoursSummary | null {
  if (!hours) return null;
  const shown = formatOpeningHours(hours);
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
    const display = shown[dayName(day)];
    if (ranges === undefined || display === undefined) {
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
    if (ranges.some(runsPastMidnight)) summary.overnight = true;
    if (display === OPEN_ALL_DAY) summary.roundTheClockDays.push(day);
    if (current && current.display === display) {
      current.days.push(day);
    } else {
      current = { days: [day], ranges, display };
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

/** A group's hours as the page shows them ("9:00 AM – 5:00 PM, 6:00 PM – 10:00 PM"), or in words
 *  with the same clock times ("from 9:00 AM to 5:00 PM and from 6:00 PM to 10:00 PM"). */
export function formatRanges(group: Pick<DayGroup, 'ranges' | 'display'>, style: RangeStyle): string {
  if (style === 'dash' || group.display === OPEN_ALL_DAY) return group.display;
  return joinList(group.ranges.map((r) => `from ${formatClock(r.open)} to ${formatClock(r.close)}`));
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven'];

/** Counts up to seven as words: derived counts then never look like figures taken from the data. */
export function numberWord(n: number): string {
  return NUMBER_WORDS[n] ?? String(n);
}
