// Reading `working_hours` in the four shapes real exports use (docs/reference/spreadsheet-formats.md)
// into WeeklyHours. Nothing is guessed silently: an unreadable day is left out and reported.
import type { TimeRange, Weekday, WeeklyHours } from '../../../contract/hours.ts';
import { ALL_DAY_WORDS, CLOSED_WORDS, DAY_BY_EXACT_NAME, DAY_BY_WORD, foldWord } from './hours-words.ts';
import { isRecord, type Literal, parseLiteral } from './literal.ts';
import { detached } from './text.ts';

export interface HoursResult {
  /** null when nothing could be read (or the cell was empty). */
  hours: WeeklyHours | null;
  /** One sentence per unreadable part, for the import report. */
  problems: string[];
}

/** Longer cells are not hours: refuse them before doing any work. */
const MAX_HOURS_TEXT = 5_000;

/** Whole cells repeat across rows too (chains, "9AM–5PM" on weekdays): each distinct cell is read once.
 *  Results are frozen, so sharing one between rows is safe; the cache is emptied when it fills up. */
const cellCache = new Map<string, HoursResult>();
const CELL_CACHE_LIMIT = 5_000;

export function parseHours(cell: string): HoursResult {
  const text = cell.trim();
  if (text === '') return { hours: null, problems: [] };
  if (text.length > MAX_HOURS_TEXT) {
    return {
      hours: null,
      problems: [`the cell is ${text.length} characters long, too long to be opening hours`],
    };
  }
  const cached = cellCache.get(text);
  if (cached !== undefined) return cached;
  const collector = new HoursCollector();
  const first = text[0];
  if (first === '{' || first === '[') readStructured(text, collector);
  else readFlat(text, collector);
  const result = collector.result();
  if (result.hours !== null) Object.freeze(result.hours);
  Object.freeze(result.problems);
  if (cellCache.size >= CELL_CACHE_LIMIT) cellCache.clear();
  cellCache.set(detached(text), result);
  return result;
}

class HoursCollector {
  private readonly hours: WeeklyHours = {};
  private days = 0;
  readonly problems: string[] = [];

  add(dayName: string, ranges: TimeRange[] | string): void {
    const day = weekdayOf(dayName);
    if (day === undefined) {
      this.problems.push(`${JSON.stringify(shorten(dayName))} is not a day name`);
      return;
    }
    if (typeof ranges === 'string') {
      this.problems.push(`${dayName.trim()}: ${ranges}`);
      return;
    }
    if (this.hours[day] !== undefined) {
      this.problems.push(`${dayName.trim()} appears twice; the first is kept`);
      return;
    }
    this.hours[day] = ranges;
    this.days++;
  }

  result(): HoursResult {
    return { hours: this.days > 0 ? this.hours : null, problems: this.problems };
  }
}

// ---- the shapes ---------------------------------------------------------------------------------

/** Shapes 1–3: {"Monday": "9AM–5PM"} (JSON or Python quotes) or {"Monday": ["9AM-5PM", "6-9PM"]}. */
function readStructured(text: string, out: HoursCollector): void {
  const literal = parseLiteral(text);
  if (!isRecord(literal)) {
    out.problems.push('the cell looks like JSON but is not an object of days and hours');
    return;
  }
  for (const key of Object.keys(literal)) out.add(key, rangesOfValue(literal[key] as Literal));
}

function rangesOfValue(value: Literal): TimeRange[] | string {
  if (typeof value === 'string') return parseDayText(value);
  if (!Array.isArray(value)) return `cannot read ${JSON.stringify(shorten(String(value)))}`;
  // Split shifts arrive as separate items; "Closed" alone gives [].
  let ranges: TimeRange[] = [];
  for (const item of value) {
    if (typeof item !== 'string') return `cannot read ${JSON.stringify(shorten(JSON.stringify(item)))}`;
    const parsed = parseDayText(item);
    if (typeof parsed === 'string') return parsed;
    ranges = ranges.length === 0 ? parsed : [...ranges, ...parsed];
  }
  return ranges;
}

const FLAT_SEPARATOR = /\s*[|\n;]\s*/;

/** Shape 4: "Monday: Closed | Tuesday: 9AM–5PM" or "Monday:7AM-7PM|Tuesday:7AM-7PM". */
function readFlat(text: string, out: HoursCollector): void {
  for (const part of text.split(FLAT_SEPARATOR)) {
    if (part === '') continue;
    const colon = part.indexOf(':');
    if (colon <= 0) {
      out.problems.push(`cannot read ${JSON.stringify(shorten(part))} (expected "Day: hours")`);
      continue;
    }
    out.add(part.slice(0, colon), parseDayText(part.slice(colon + 1)));
  }
}

const PARENTHESIS = /\s*\(.*\)\s*$/;
const TRAILING_PUNCTUATION = /[.:]$/;
/** Local day names need folding (~0.5 µs each); there are few distinct ones, so remember them. */
const dayNameCache = new Map<string, Weekday | null>();

/** "Monday", "lunes", "Monday (Labor Day)" → "monday". */
function weekdayOf(name: string): Weekday | undefined {
  const exact = DAY_BY_EXACT_NAME.get(name);
  if (exact !== undefined) return exact;
  const cached = dayNameCache.get(name);
  if (cached !== undefined) return cached ?? undefined;
  const day =
    name.length > 60
      ? undefined
      : DAY_BY_WORD.get(foldWord(name.replace(PARENTHESIS, '')).replace(TRAILING_PUNCTUATION, ''));
  if (dayNameCache.size >= DAY_CACHE_LIMIT) dayNameCache.clear();
  dayNameCache.set(detached(name), day ?? null);
  return day;
}

// ---- one day's text -----------------------------------------------------------------------------

/** Day texts repeat across rows ("9AM–5PM" thousands of times): parse each distinct text once.
 *  Cached range lists are frozen so a caller cannot change another row's hours through them. */
const dayCache = new Map<string, TimeRange[] | string>();
const DAY_CACHE_LIMIT = 5_000;

/** One day's text → its ranges ([] when closed), or a sentence saying why it cannot be read. */
export function parseDayText(value: string): TimeRange[] | string {
  const cached = dayCache.get(value);
  if (cached !== undefined) return cached;
  const parsed = parseDayTextUncached(value);
  if (typeof parsed !== 'string') {
    for (const range of parsed) Object.freeze(range);
    Object.freeze(parsed);
  }
  if (dayCache.size >= DAY_CACHE_LIMIT) dayCache.clear();
  dayCache.set(detached(value), parsed);
  return parsed;
}

/** No-break, narrow no-break (U+202F, newer exports put it before AM/PM), thin and other spaces. */
const ODD_SPACES = /[\u00A0\u1680\u2000-\u200B\u202F\u205F\u3000]/g;
const DASHES = /[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D~]/g;
/** "a.m.", "p. m." → "am", "pm". */
const DOTTED_MERIDIEM = /\b([ap])\.\s?m\.?/g;
/** French "9h30" → "9:30", "17h" → "17". */
const FRENCH_HOURS = /(\d)h(\d{2})?(?![a-z])/g;
const WHITESPACE_RUN = /\s+/g;
/** "9–17 Uhr", "9-17 hrs", "9-17 godz.": a unit word after the time says nothing more. */
const CLOCK_WORDS = /\s*(?:uhr|hrs?|godz\.?)(?=$|[\s,-])/g;
const RANGE_SEPARATOR = /\s*[,،、]\s*/;
const ALL_DAY_NUMERIC = new Set(['00:00-24:00', '0:00-24:00', '00:00-00:00', '12am-12am', '24/7']);
/** One range: start, optional minutes (":" or "."), optional am/pm; a dash or a word; the same. */
const RANGE =
  /^(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)?\s*(?:-|to|bis|à|a|al|до|do|tot)\s*(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)?$/;

function parseDayTextUncached(value: string): TimeRange[] | string {
  const text = value
    .toLowerCase()
    .replace(ODD_SPACES, ' ')
    .replace(DASHES, '-')
    .replace(DOTTED_MERIDIEM, '$1m')
    .replace(WHITESPACE_RUN, ' ')
    .trim();
  if (text === '') return 'no hours given';
  const folded = foldWord(text);
  if (CLOSED_WORDS.has(folded)) return [];
  if (ALL_DAY_WORDS.has(folded) || ALL_DAY_NUMERIC.has(text.replaceAll(' ', ''))) {
    return [{ open: '00:00', close: '24:00' }];
  }
  const ranges: TimeRange[] = [];
  const times = text.replace(CLOCK_WORDS, '').replace(FRENCH_HOURS, frenchTime);
  for (const part of times.split(RANGE_SEPARATOR)) {
    const range = parseRange(part);
    if (range === undefined) return `cannot read ${JSON.stringify(shorten(value.trim()))}`;
    ranges.push(range);
  }
  return ranges;
}

function frenchTime(_match: string, hour: string, minutes: string | undefined): string {
  return minutes === undefined ? hour : `${hour}:${minutes}`;
}

function parseRange(text: string): TimeRange | undefined {
  const m = RANGE.exec(text);
  if (m === null) return undefined;
  const startHour = Number(m[1]);
  const startMinute = m[2] === undefined ? 0 : Number(m[2]);
  const endHour = Number(m[4]);
  const endMinute = m[5] === undefined ? 0 : Number(m[5]);
  const endMeridiem = m[6];
  // A start without AM/PM takes the end's: "5:30-11AM" is morning, "3-8PM" and "12-7PM" afternoon.
  const startMeridiem = m[3] ?? endMeridiem;
  if (startMinute > 59 || endMinute > 59) return undefined;

  let open: number | undefined;
  let close: number | undefined;
  if (startMeridiem === undefined && endMeridiem === undefined) {
    // 24-hour clock: "9:00-17:00", "16:00–22:00"; 24:00 only as a closing time.
    if (startHour > 23 || endHour > 24 || (endHour === 24 && endMinute !== 0)) return undefined;
    open = startHour * 60 + startMinute;
    close = endHour * 60 + endMinute;
  } else {
    open = twelveHour(startHour, startMinute, startMeridiem);
    // "9AM-17:00": an end without AM/PM is only readable when it is clearly a 24-hour time.
    close =
      endMeridiem !== undefined
        ? twelveHour(endHour, endMinute, endMeridiem)
        : endHour > 12 && endHour <= 23
          ? endHour * 60 + endMinute
          : undefined;
  }
  if (open === undefined || close === undefined) return undefined;
  if (open === close) return open === 0 ? { open: '00:00', close: '24:00' } : undefined;
  // close < open is a range past midnight ("6PM-2AM"): kept as written, open-now reads it so.
  return { open: clock(open), close: clock(close) };
}

/** 12AM is midnight (0:00), 12PM is noon. */
function twelveHour(hour: number, minute: number, meridiem: string | undefined): number | undefined {
  if (meridiem === undefined || hour < 1 || hour > 12) return undefined;
  return ((hour % 12) + (meridiem === 'pm' ? 12 : 0)) * 60 + minute;
}

function clock(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h < 10 ? '0' : ''}${h}:${m < 10 ? '0' : ''}${m}`;
}

function shorten(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
