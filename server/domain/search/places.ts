// Places by any name, resolved against the places that really have businesses: cities (and their
// nicknames), US states by name or code, UK nations and counties, countries and their short forms,
// ZIP codes and UK postcodes, and typos in any of them. A resolved place carries the index condition
// that limits a search to it and the label the page shows ("Chicago, IL").
import { getCountry } from 'countries-and-timezones';
import { words } from '../../../db/search/analyzer.ts';
import { allOf, anyOf, type Match } from '../../../db/search/match.ts';
import type { CityPlaceRow, CountryPlaceRow } from '../../../db/search/search-reads.ts';
import { term } from '../../../db/search/terms.ts';
import { CITY_ALIASES, COUNTRY_ALIASES, UK_COUNTIES, UK_NATIONS, US_STATES } from './data/places.ts';
import { allowedEdits, fuzzyMatches, prefixRange } from './fuzzy.ts';

export type PlaceKind = 'city' | 'state' | 'county' | 'country' | 'postcode';

export interface Place {
  kind: PlaceKind;
  /** As a person writes it: "Chicago, IL", "Illinois", "Greater Manchester", "SW1A". */
  label: string;
  /** The city's own name for a city (its page is /city/{name}). */
  name: string;
  match: Match;
  /** Businesses there, when known. */
  count: number | null;
}

/** Two-letter state codes that are also everyday words: in one box they count as a state only when
 *  typed in capitals ("pizza near me" is not in Maine; "plumber IN" may be Indiana). */
const WORDLIKE_CODES = new Set([
  'in',
  'or',
  'me',
  'hi',
  'ok',
  'oh',
  'id',
  'de',
  'al',
  'pa',
  'ma',
  'co',
  'mo',
  'ms',
  'ga',
  'wa',
  'la',
]);

const US_ZIP = /^\d{5}$/;
const UK_OUTCODE = /^[a-z]{1,2}\d[a-z\d]?$/;
const UK_INCODE = /^\d[a-z]{2}$/;

const byCode = new Map(US_STATES.map((state) => [state.code.toLowerCase(), state]));
const byStateName = new Map(US_STATES.map((state) => [words(state.name).join(' '), state]));

/** Entries kept by the memo of typo look-ups before it starts again. */
const MEMO_LIMIT = 20_000;

export class PlaceIndex {
  /** Place-name typos already looked up (with what they led to, or undefined). */
  private readonly fuzzyFound = new Map<string, Place | undefined>();
  private readonly entries = new Map<string, Place[]>();
  /** Keys (folded words joined by spaces) in order, for typo matching. */
  private readonly sortedKeys: string[];
  readonly cities: readonly Place[];

  constructor(cities: readonly CityPlaceRow[], countries: readonly CountryPlaceRow[]) {
    const cityPlaces: Place[] = [];
    const cityByKey = new Map<string, Place>();
    const states = new Map<string, { code: string | null; name: string; count: number }>();
    for (const row of cities) {
      const stateCode = stateCodeOf(row.state);
      const place: Place = {
        kind: 'city',
        label: row.state ? `${row.name}, ${stateCode ?? row.state}` : row.name,
        name: row.name,
        match: { term: term.city(row.city_key) },
        count: row.business_count,
      };
      const key = words(row.name).join(' ');
      if (!key) continue;
      cityPlaces.push(place);
      if (!cityByKey.has(key)) cityByKey.set(key, place);
      this.add(key, place);
      if (row.state) {
        const stateKey = stateCode ?? row.state;
        const known = states.get(stateKey);
        if (known) known.count += row.business_count;
        else states.set(stateKey, { code: stateCode, name: row.state, count: row.business_count });
      }
    }
    this.cities = cityPlaces;

    // Saint/St: "St Louis", "St. Louis" and "Saint Louis" are one city.
    for (const [key, place] of cityByKey) {
      if (key.startsWith('st ')) this.add(`saint ${key.slice(3)}`, place);
      if (key.startsWith('saint ')) this.add(`st ${key.slice(6)}`, place);
      if (key.startsWith('fort ')) this.add(`ft ${key.slice(5)}`, place);
    }
    for (const alias of CITY_ALIASES) {
      const place = cityByKey.get(words(alias.city).join(' '));
      if (place) this.add(words(alias.alias).join(' '), place);
    }

    for (const [, state] of states) {
      const us = state.code ? byCode.get(state.code.toLowerCase()) : undefined;
      if (us) {
        const place: Place = {
          kind: 'state',
          label: us.name,
          name: us.name,
          match: anyOf([{ term: term.state(us.code) }, { term: term.state(us.name) }]),
          count: state.count,
        };
        this.add(us.code.toLowerCase(), place);
        this.add(words(us.name).join(' '), place);
        for (const alias of us.aliases) this.add(words(alias).join(' '), place);
        continue;
      }
      const nation = UK_NATIONS.find((n) => words(n.name).join(' ') === words(state.name).join(' '));
      const place: Place = {
        kind: 'state',
        label: state.name,
        name: state.name,
        match: { term: term.state(state.name) },
        count: state.count,
      };
      this.add(words(state.name).join(' '), place);
      for (const alias of nation?.aliases ?? []) this.add(words(alias).join(' '), place);
    }

    for (const county of UK_COUNTIES) {
      const towns = county.towns
        .map((town) => cityByKey.get(words(town).join(' ')))
        .filter((t) => t !== undefined);
      if (towns.length === 0) continue;
      const place: Place = {
        kind: 'county',
        label: county.name,
        name: county.name,
        match: towns.length === 1 ? towns[0]!.match : { any: towns.map((town) => town.match) },
        count: towns.reduce((sum, town) => sum + (town.count ?? 0), 0),
      };
      // A county named like its main town ("Cardiff", "Glasgow City") must not hide the town itself.
      const key = words(county.name).join(' ');
      if (!cityByKey.has(key)) this.add(key, place);
      for (const alias of county.aliases) {
        const aliasKey = words(alias).join(' ');
        if (!cityByKey.has(aliasKey)) this.add(aliasKey, place);
      }
    }

    const countryGroups = new Map<string, CountryPlaceRow[]>();
    for (const row of countries) {
      const code = (row.country_code ?? '').toUpperCase() || row.country;
      countryGroups.set(code, [...(countryGroups.get(code) ?? []), row]);
    }
    for (const [code, rows] of countryGroups) {
      const official = getCountry(code)?.name;
      const label =
        code === 'US' ? 'United States' : code === 'GB' ? 'United Kingdom' : (official ?? rows[0]!.country);
      // Grouped by a two-letter code, every business of the group carries that code's term (from its
      // country code, or from a country written as those two letters): the term alone matches them
      // all. A country's condition is read by every search in it, and FTS5 reads each term of an OR
      // whole — "pizza" in the United States 17.5 → 10.7 ms at 1M with the name's term left out.
      const match: Match =
        code.length === 2
          ? { term: term.country(code) }
          : anyOf(rows.map((row) => ({ term: term.country(row.country) })));
      const place: Place = {
        kind: 'country',
        label,
        name: label,
        match,
        count: rows.reduce((sum, row) => sum + row.business_count, 0),
      };
      const names = [
        label,
        official ?? '',
        ...rows.map((row) => row.country),
        ...(COUNTRY_ALIASES[code] ?? []),
      ];
      for (const name of names) {
        const key = words(name).join(' ');
        // A country's code never hides a state's ("in" stays Indiana, "de" Delaware).
        if (key && !(key.length === 2 && byCode.has(key) && this.entries.has(key))) this.add(key, place);
      }
    }
    this.sortedKeys = [...this.entries.keys()].sort();
  }

  private add(key: string, place: Place): void {
    if (!key) return;
    const list = this.entries.get(key);
    if (!list) this.entries.set(key, [place]);
    else if (!list.includes(place)) list.push(place);
  }

  /** The place named by these words (folded), or undefined. `typed`: the words as typed, to tell a
   *  state code in capitals ("IN") from the word ("in"); `oneBox`: the words came from the end of a
   *  service query, where a mere word must not turn into a place. */
  resolve(
    wordList: readonly string[],
    options: { typed?: readonly string[]; oneBox?: boolean; fuzzy?: boolean } = {},
  ): Place | undefined {
    if (wordList.length === 0) return undefined;
    const postcode = postcodePlace(wordList);
    if (postcode) return postcode;
    const key = wordList.join(' ');
    if (options.oneBox && wordList.length === 1 && WORDLIKE_CODES.has(key)) {
      const typed = options.typed?.[0] ?? '';
      if (typed !== typed.toUpperCase()) return undefined;
    }
    const exact = this.best(key);
    if (exact) return exact;
    // "chicago il", "portland oregon", "london uk": a city followed by its state or country.
    for (const split of [1, 2]) {
      if (wordList.length <= split) continue;
      const cityKey = wordList.slice(0, -split).join(' ');
      const city =
        this.best(cityKey, 'city') ?? (options.fuzzy === false ? undefined : this.fuzzy(cityKey, 'city'));
      const region = this.entries
        .get(wordList.slice(-split).join(' '))
        ?.find((p) => p.kind !== 'city' && p.kind !== 'county');
      if (city && region)
        return {
          kind: 'city',
          label: city.label,
          name: city.name,
          match: { all: [city.match, region.match] },
          count: null,
        };
    }
    return options.fuzzy === false ? undefined : this.fuzzy(key);
  }

  private best(key: string, kind?: PlaceKind): Place | undefined {
    const list = this.entries.get(key);
    if (!list) return undefined;
    const candidates = kind ? list.filter((p) => p.kind === kind) : list;
    // A city beats a state or county of the same name ("New York", "Washington"); then the larger.
    return [...candidates].sort(
      (a, b) => Number(b.kind === 'city') - Number(a.kind === 'city') || (b.count ?? 0) - (a.count ?? 0),
    )[0];
  }

  /** Typos in a place name: the same edit rule as service words, on the name without spaces. Kept:
   *  a one-box query tries every split of its words, and most are asked again and again. */
  private fuzzy(key: string, kind?: PlaceKind): Place | undefined {
    const memoKey = `${kind ?? ''}:${key}`;
    if (this.fuzzyFound.has(memoKey)) return this.fuzzyFound.get(memoKey);
    let found: Place | undefined;
    const edits = allowedEdits(key.replaceAll(' ', ''));
    if (edits > 0)
      for (const match of fuzzyMatches(this.sortedKeys, key, edits)) {
        found = this.best(match.term, kind);
        if (found) break;
      }
    if (this.fuzzyFound.size >= MEMO_LIMIT) this.fuzzyFound.clear();
    this.fuzzyFound.set(memoKey, found);
    return found;
  }

  /** Cities whose name (or nickname) starts with the text, largest first (suggestions). */
  citiesStartingWith(prefix: string, limit: number): Place[] {
    const out = new Set<Place>();
    const [first, end] = prefixRange(this.sortedKeys, prefix);
    for (let i = first; i < end; i++)
      for (const place of this.entries.get(this.sortedKeys[i]!)!) if (place.kind === 'city') out.add(place);
    if (out.size === 0) {
      const edits = allowedEdits(prefix.replaceAll(' ', ''));
      for (const match of fuzzyMatches(this.sortedKeys, prefix, edits))
        for (const place of this.entries.get(match.term)!) if (place.kind === 'city') out.add(place);
    }
    return [...out].sort((a, b) => (b.count ?? 0) - (a.count ?? 0)).slice(0, limit);
  }
}

function stateCodeOf(state: string | null): string | null {
  if (!state) return null;
  const folded = words(state).join(' ');
  if (folded.length === 2 && byCode.has(folded)) return folded.toUpperCase();
  return byStateName.get(folded)?.code ?? null;
}

/** A US ZIP code (or ZIP+4) or a UK postcode, whole or its outward part. */
function postcodePlace(wordList: readonly string[]): Place | undefined {
  const [first, second] = wordList;
  if (wordList.length <= 2 && first && US_ZIP.test(first) && (second === undefined || /^\d{4}$/.test(second)))
    return {
      kind: 'postcode',
      label: first,
      name: first,
      match: { term: term.postcode(first) },
      count: null,
    };
  if (first && UK_OUTCODE.test(first) && /\d/.test(first)) {
    if (wordList.length === 1)
      return {
        kind: 'postcode',
        label: first.toUpperCase(),
        name: first.toUpperCase(),
        match: { term: term.postcode(first) },
        count: null,
      };
    if (wordList.length === 2 && second && UK_INCODE.test(second))
      return {
        kind: 'postcode',
        label: `${first} ${second}`.toUpperCase(),
        name: `${first} ${second}`.toUpperCase(),
        match: allOf([{ term: term.postcode(first) }, { term: term.postcode(second) }]),
        count: null,
      };
  }
  return undefined;
}
