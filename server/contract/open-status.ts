// Whether a business is open, in words: "Closes at 22:00", "Opens at 09:00 tomorrow", "Opens Monday at
// 9:00 AM", "Open 24 hours", "Hours not listed", "Temporarily closed", "Permanently closed". Read in the
// business's own time zone by the rules of isOpenAt (open-now.ts), whose answer decides open or closed,
// so the words never contradict the Open Now / Closed badge. Browser-safe: the server renders it and
// the browser recomputes it after hydration (ui/hooks/use-open-status.ts).
import type { Business } from './business.ts';
import { type TimeRange, WEEKDAYS, type WeeklyHours } from './hours.ts';
import { isOpenAt, localWeekTime } from './open-now.ts';

export type OpenState = 'open' | 'closed' | 'unknown' | 'temporarily_closed' | 'permanently_closed';

export interface OpenStatus {
  state: OpenState;
  text: string;
}

export type OpenStatusSource = Pick<Business, 'hours' | 'timeZone' | 'businessStatus' | 'countryCode'>;

const DAY_MINUTES = 1440;
const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Countries whose everyday written clock is 12-hour with AM/PM (CLDR's preferred hour cycle "h"),
 *  for a directory written in English. Canada is listed as a whole: the pages are English. */
// biome-ignore format: a table of codes
const TWELVE_HOUR_COUNTRIES = new Set([
  'US', 'CA', 'AU', 'NZ', 'IN', 'PH', 'PK', 'BD', 'EG', 'SA', 'AE', 'JO', 'KW', 'QA', 'BH', 'OM', 'IQ',
  'SY', 'LB', 'YE', 'SD', 'LY', 'MY', 'CO', 'SV', 'HN', 'NI', 'PR', 'GU', 'VI', 'AS', 'MP', 'UM', 'MH',
  'FM', 'PW', 'KR', 'TW',
]);

export function usesTwelveHourClock(countryCode: string | null): boolean {
  return countryCode !== null && TWELVE_HOUR_COUNTRIES.has(countryCode.trim().toUpperCase());
}

/** "22:00", or "10:00 PM" where the 12-hour clock is the habit. `minute` is of the day (0–1439). */
export function formatClock(minute: number, twelveHour: boolean): string {
  const h = Math.floor(minute / 60);
  const mm = String(minute % 60).padStart(2, '0');
  if (!twelveHour) return `${String(h).padStart(2, '0')}:${mm}`;
  return `${h % 12 === 0 ? 12 : h % 12}:${mm} ${h < 12 ? 'AM' : 'PM'}`;
}

export function openStatus(business: OpenStatusSource, now: Date): OpenStatus {
  // The business status outranks the hours, as it does for isOpen (to-business.ts).
  if (business.businessStatus === 'CLOSED_PERMANENTLY')
    return { state: 'permanently_closed', text: 'Permanently closed' };
  if (business.businessStatus === 'CLOSED_TEMPORARILY')
    return { state: 'temporarily_closed', text: 'Temporarily closed' };
  const hours = business.hours;
  if (hours === null || WEEKDAYS.every((day) => hours[day] === undefined))
    return { state: 'unknown', text: 'Hours not listed' };

  const twelveHour = usesTwelveHourClock(business.countryCode);
  const { dayIndex, minute } = localWeekTime(business.timeZone, now);
  const intervals = weekIntervals(hours, dayIndex);

  if (isOpenAt(hours, business.timeZone, now)) {
    const today = hours[WEEKDAYS[dayIndex] as (typeof WEEKDAYS)[number]] ?? [];
    if (today.some(isWholeDay)) return { state: 'open', text: 'Open 24 hours' };
    const end = openUntil(intervals, minute);
    // Open through the whole week ahead (every day round the clock, written some other way).
    if (end === null || end - minute >= 7 * DAY_MINUTES) return { state: 'open', text: 'Open 24 hours' };
    return { state: 'open', text: `Closes ${when(end, dayIndex, twelveHour)}` };
  }
  const next = intervals.find((interval) => interval.open > minute);
  if (next === undefined) return { state: 'closed', text: 'No opening hours this week' };
  return { state: 'closed', text: `Opens ${when(next.open, dayIndex, twelveHour)}` };
}

interface Interval {
  /** Minutes from the start of today (local), so yesterday's ranges are negative. */
  open: number;
  close: number;
}

/** Every range from yesterday to the same weekday next week as minutes from today's midnight, in
 *  order of opening. A range that closes no later than it opens runs past midnight (isOpenAt's rule);
 *  a day missing from the hours counts as closed, as it does there. */
function weekIntervals(hours: WeeklyHours, dayIndex: number): Interval[] {
  const intervals: Interval[] = [];
  for (let offset = -1; offset <= 7; offset++) {
    const day = WEEKDAYS[(((dayIndex + offset) % 7) + 7) % 7] as (typeof WEEKDAYS)[number];
    for (const range of hours[day] ?? []) {
      const open = minutesOf(range.open);
      const close = minutesOf(range.close);
      const start = offset * DAY_MINUTES + open;
      intervals.push({ open: start, close: offset * DAY_MINUTES + close + (close > open ? 0 : DAY_MINUTES) });
    }
  }
  return intervals.sort((a, b) => a.open - b.open);
}

/** When the open stretch around `minute` ends, following ranges that touch or overlap (Friday
 *  18:00–24:00 then Saturday 00:00–02:00 closes at 02:00). Null when no range holds `minute`. */
function openUntil(intervals: readonly Interval[], minute: number): number | null {
  let end: number | null = null;
  for (const interval of intervals) {
    if (end === null) {
      if (interval.open <= minute && minute < interval.close) end = interval.close;
    } else if (interval.open <= end) end = Math.max(end, interval.close);
  }
  // Ranges are sorted by opening: one that began earlier but reaches further was seen before the one
  // holding `minute` only if it holds `minute` too, so a second pass is not needed.
  return end;
}

/** "at 22:00", "at 09:00 tomorrow", "Monday at 09:00", "at midnight". */
function when(at: number, dayIndex: number, twelveHour: boolean): string {
  const dayOffset = Math.floor(at / DAY_MINUTES);
  const minute = at - dayOffset * DAY_MINUTES;
  // Closing at the stroke of midnight: "at midnight" reads better than "at 00:00 tomorrow".
  if (minute === 0 && dayOffset === 1) return 'at midnight';
  const clock = formatClock(minute, twelveHour);
  if (dayOffset === 0) return `at ${clock}`;
  if (dayOffset === 1) return `at ${clock} tomorrow`;
  const weekday = WEEKDAY_NAMES[(dayIndex + dayOffset) % 7];
  return dayOffset >= 7 ? `next ${weekday} at ${clock}` : `${weekday} at ${clock}`;
}

function isWholeDay(range: TimeRange): boolean {
  return range.open === '00:00' && (range.close === '24:00' || range.close === '00:00');
}

function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}
