// schema.org openingHoursSpecification from the weekly hours, as Google reads it: opens/closes as
// HH:MM, a range past midnight as closes earlier than opens, open all day as 00:00–23:59. Days with
// the same ranges share one entry. Closed and unknown days are left out (Google reads a missing day
// as closed; we do not claim anything for days the data does not know).
import { WEEKDAYS, type WeeklyHours } from '../../server/contract/hours.ts';

export interface OpeningHoursSpecification {
  '@type': 'OpeningHoursSpecification';
  dayOfWeek: string[];
  opens: string;
  closes: string;
}

const DAY_NAMES = WEEKDAYS.map((day) => day.charAt(0).toUpperCase() + day.slice(1));
const CLOCK = /^([01]\d|2[0-4]):[0-5]\d$/;

export function openingHoursSpecification(hours: WeeklyHours | null): OpeningHoursSpecification[] {
  if (!hours) return [];
  const byRange = new Map<string, OpeningHoursSpecification>();
  WEEKDAYS.forEach((day, index) => {
    for (const range of hours[day] ?? []) {
      if (!CLOCK.test(range.open) || !CLOCK.test(range.close)) continue;
      const opens = range.open === '24:00' ? '00:00' : range.open;
      let closes = range.close;
      if (opens === '00:00' && (closes === '24:00' || closes === '00:00')) closes = '23:59';
      // "24:00" is not an xsd:time; a close at the end of the day is 23:59.
      else if (closes === '24:00') closes = '23:59';
      if (opens === closes) continue;
      const key = `${opens}-${closes}`;
      const entry = byRange.get(key);
      const dayName = DAY_NAMES[index] as string;
      if (entry) {
        if (!entry.dayOfWeek.includes(dayName)) entry.dayOfWeek.push(dayName);
      } else byRange.set(key, { '@type': 'OpeningHoursSpecification', dayOfWeek: [dayName], opens, closes });
    }
  });
  return [...byRange.values()];
}
