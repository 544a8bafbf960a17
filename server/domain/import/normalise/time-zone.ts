// The business's IANA time zone, needed to tell whether it is open now. In order of trust: the
// `time_zone` column, the coordinates (tz-lookup), then a guess from the US state or the country.
import tzLookup from '@photostructure/tz-lookup';
import { getCountry, getTimezone } from 'countries-and-timezones';
import { usState } from './us-states.ts';
import { detached } from './text.ts';

export type TimeZoneSource = 'column' | 'coordinates' | 'state' | 'country';

/** IANA names look like "Area/Location[/More]" or "UTC"; offsets such as "+05:00" are not zones. */
const ZONE_SHAPE = /^(?:[A-Za-z][A-Za-z0-9_+-]*)(?:\/[A-Za-z0-9_+-]+){0,2}$/;
/** Building an Intl.DateTimeFormat costs ~90 µs: validate each distinct zone text once. */
const validated = new Map<string, string | null>();
const VALIDATED_LIMIT = 5_000;

/** The zone when the runtime knows it (case fixed: "america/new_york" → "America/New_York"), else null. */
export function validTimeZone(text: string): string | null {
  const cached = validated.get(text);
  if (cached !== undefined) return cached;
  let zone: string | null = null;
  if (text.length <= 64 && ZONE_SHAPE.test(text)) {
    try {
      const resolved = new Intl.DateTimeFormat('en-US', { timeZone: text }).resolvedOptions().timeZone;
      // Keep the name as written when it is a valid alias (ICU may call Europe/Kyiv "Europe/Kiev").
      zone = resolved.toLowerCase() === text.toLowerCase() ? resolved : text;
    } catch {
      zone = null;
    }
  }
  if (validated.size >= VALIDATED_LIMIT) validated.clear();
  validated.set(detached(text), zone);
  return zone;
}

export function timeZoneFromCoordinates(latitude: number, longitude: number): string | null {
  try {
    return tzLookup(latitude, longitude);
  } catch {
    return null;
  }
}

const zoneByCountry = new Map<string, string | null>();

/** The country's zone when it has one: a single zone, or a single zone that is its own (Germany lists
 *  Europe/Zurich for Büsingen; Europe/Berlin is the one whose main country is DE). Else null. */
export function timeZoneFromCountry(code: string): string | null {
  const cached = zoneByCountry.get(code);
  if (cached !== undefined) return cached;
  const zones = getCountry(code)?.timezones ?? [];
  let zone: string | null = null;
  if (zones.length === 1) zone = zones[0] ?? null;
  else {
    const own = zones.filter((name) => getTimezone(name)?.countries[0] === code);
    if (own.length === 1) zone = own[0] ?? null;
  }
  zoneByCountry.set(code, zone);
  return zone;
}

export interface TimeZoneInput {
  column: string;
  latitude: number | null;
  longitude: number | null;
  countryCode: string | null;
  state: string;
  /** The address reads like a US one ("NY 10010") even though no country was given. */
  looksUs: boolean;
}

export interface TimeZoneResult {
  zone: string | null;
  source: TimeZoneSource | null;
  /** The column held something that is not a zone (reported, then the other sources are tried). */
  invalidColumn: boolean;
}

export function resolveTimeZone(input: TimeZoneInput): TimeZoneResult {
  let invalidColumn = false;
  if (input.column !== '') {
    const zone = validTimeZone(input.column);
    if (zone !== null) return { zone, source: 'column', invalidColumn };
    invalidColumn = true;
  }
  if (input.latitude !== null && input.longitude !== null) {
    const zone = timeZoneFromCoordinates(input.latitude, input.longitude);
    if (zone !== null) return { zone, source: 'coordinates', invalidColumn };
  }
  if (input.countryCode === 'US' || (input.countryCode === null && input.looksUs)) {
    const state = input.state === '' ? undefined : usState(input.state);
    if (state !== undefined) return { zone: state.zone, source: 'state', invalidColumn };
  }
  if (input.countryCode !== null) {
    const zone = timeZoneFromCountry(input.countryCode);
    if (zone !== null) return { zone, source: 'country', invalidColumn };
  }
  return { zone: null, source: null, invalidColumn };
}
