// Opening hours as the API and the UI see them. Plain types: imported by the browser bundle too.

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One opening interval in the business's local time, "HH:MM" 24-hour clock.
 *  A range past midnight closes earlier than it opens ("18:00"–"02:00"); open 24 hours is "00:00"–"24:00". */
export interface TimeRange {
  open: string;
  close: string;
}

/** Per weekday the list of intervals; [] means closed that day. A day missing from the object is unknown. */
export type WeeklyHours = Partial<Record<Weekday, TimeRange[]>>;
