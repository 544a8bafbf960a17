// The specification's openingHours map: day name → the text a visitor reads ("9:00 AM – 5:00 PM").
import { type TimeRange, WEEKDAYS, type WeeklyHours } from '../../../contract/hours.ts';

const DAY_LABELS = WEEKDAYS.map((day) => day.charAt(0).toUpperCase() + day.slice(1));

/** Days in week order (Monday first); unknown days are left out rather than shown as closed. */
export function formatOpeningHours(hours: WeeklyHours | null): Record<string, string> {
  const display: Record<string, string> = {};
  if (hours === null) return display;
  WEEKDAYS.forEach((day, index) => {
    const ranges = hours[day];
    if (ranges === undefined) return;
    display[DAY_LABELS[index] as string] = formatDay(ranges);
  });
  return display;
}

function formatDay(ranges: readonly TimeRange[]): string {
  if (ranges.length === 0) return 'Closed';
  const first = ranges[0];
  if (ranges.length === 1 && first !== undefined && first.open === '00:00' && first.close === '24:00') {
    return 'Open 24 hours';
  }
  return ranges.map((range) => `${formatClock(range.open)} – ${formatClock(range.close)}`).join(', ');
}

/** "17:30" → "5:30 PM"; midnight ("00:00" or a closing "24:00") → "12:00 AM". */
export function formatClock(time: string): string {
  const hour = Number(time.slice(0, 2)) % 24;
  const minutes = time.slice(3, 5);
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}:${minutes} ${hour < 12 ? 'AM' : 'PM'}`;
}
