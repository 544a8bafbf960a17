// Whether a business is open at an instant, in its own local time. Called for every business in every
// list answer, so it allocates nothing per call in the common case: the zone's UTC offset is computed
// once per zone per quarter hour (all current offsets and transitions fall on quarter hours).
import { WEEKDAYS, type TimeRange, type WeeklyHours } from './hours.ts';

const QUARTER_HOUR_MS = 15 * 60_000;
const DAY_MS = 86_400_000;

interface ZoneOffset {
  /** Index of the quarter hour (ms / QUARTER_HOUR_MS) the offset was computed for. */
  bucket: number;
  offsetMs: number;
}

const formatters = new Map<string, Intl.DateTimeFormat | null>();
const offsets = new Map<string, ZoneOffset>();
const FORMATTER_CACHE_LIMIT = 2_000;

function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  let formatter = formatters.get(timeZone);
  if (formatter !== undefined) return formatter;
  try {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    formatter = null; // not a zone this runtime knows: read the hours as UTC
  }
  // Zones come from our own database (validated on import), so this stays small; the limit is a guard.
  if (formatters.size >= FORMATTER_CACHE_LIMIT) formatters.clear();
  formatters.set(timeZone, formatter);
  return formatter;
}

/** Milliseconds to add to UTC to get the zone's wall-clock time at `epochMs`. */
function offsetMs(timeZone: string | null, epochMs: number): number {
  if (timeZone === null) return 0;
  const bucket = Math.floor(epochMs / QUARTER_HOUR_MS);
  const cached = offsets.get(timeZone);
  if (cached !== undefined && cached.bucket === bucket) return cached.offsetMs;
  const formatter = formatterFor(timeZone);
  let offset = 0;
  if (formatter !== null) {
    const at = bucket * QUARTER_HOUR_MS;
    const parts: Record<string, number> = {};
    for (const part of formatter.formatToParts(at)) parts[part.type] = Number(part.value);
    const wall = Date.UTC(
      parts.year ?? 1970,
      (parts.month ?? 1) - 1,
      parts.day ?? 1,
      parts.hour ?? 0,
      parts.minute ?? 0,
      parts.second ?? 0,
    );
    offset = wall - at;
  }
  if (offsets.size >= FORMATTER_CACHE_LIMIT) offsets.clear();
  offsets.set(timeZone, { bucket, offsetMs: offset });
  return offset;
}

function minutesOf(time: string): number {
  // "HH:MM" written by our own normaliser; char arithmetic avoids Number() and slice() per call.
  return (
    ((time.charCodeAt(0) - 48) * 10 + (time.charCodeAt(1) - 48)) * 60 +
    (time.charCodeAt(3) - 48) * 10 +
    (time.charCodeAt(4) - 48)
  );
}

/** The business's wall clock at `now`: Monday-first weekday index (as WEEKDAYS) and minute of the day,
 *  read by the same zone rules as isOpenAt (UTC when the zone is unknown). For open-status.ts. */
export function localWeekTime(timeZone: string | null, now: Date): { dayIndex: number; minute: number } {
  const local = now.getTime() + offsetMs(timeZone, now.getTime());
  const dayNumber = Math.floor(local / DAY_MS);
  return {
    dayIndex: (((dayNumber + 3) % 7) + 7) % 7,
    minute: Math.floor((local - dayNumber * DAY_MS) / 60_000),
  };
}

/** Open at `now` in the business's zone (UTC when the zone is unknown). Unknown hours → closed. */
export function isOpenAt(hours: WeeklyHours | null, timeZone: string | null, now: Date): boolean {
  if (hours === null) return false;
  const local = now.getTime() + offsetMs(timeZone, now.getTime());
  const dayNumber = Math.floor(local / DAY_MS);
  const minute = Math.floor((local - dayNumber * DAY_MS) / 60_000);
  // 1970-01-01 was a Thursday: index 3 in our Monday-first WEEKDAYS.
  const todayIndex = (((dayNumber + 3) % 7) + 7) % 7;
  const today = hours[WEEKDAYS[todayIndex] as (typeof WEEKDAYS)[number]];
  if (today !== undefined && openToday(today, minute)) return true;
  const yesterday = hours[WEEKDAYS[(todayIndex + 6) % 7] as (typeof WEEKDAYS)[number]];
  return yesterday !== undefined && openFromYesterday(yesterday, minute);
}

function openToday(ranges: readonly TimeRange[], minute: number): boolean {
  for (const range of ranges) {
    const open = minutesOf(range.open);
    const close = minutesOf(range.close);
    // close <= open: the range runs past midnight, so today it lasts until the end of the day.
    if (close > open ? minute >= open && minute < close : minute >= open) return true;
  }
  return false;
}

/** Yesterday's "6PM-2AM" still counts at 1:30 today. */
function openFromYesterday(ranges: readonly TimeRange[], minute: number): boolean {
  for (const range of ranges) {
    const open = minutesOf(range.open);
    const close = minutesOf(range.close);
    if (close <= open && minute < close) return true;
  }
  return false;
}
