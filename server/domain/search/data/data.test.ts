import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UK_CITIES, US_CITIES } from '../../../../fixtures/generate.ts';
import { CITY_ALIASES, COUNTRY_ALIASES, UK_COUNTIES, UK_NATIONS, US_STATES } from './places.ts';

interface Group {
  line: number;
  terms: string[];
}

/** A small parser of the synonyms file, independent of the engine's: one group a line, `#` comments. */
function parseGroups(text: string): Group[] {
  const groups: Group[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/#.*$/, '').trim();
    if (line) groups.push({ line: index + 1, terms: line.split(',').map((term) => term.trim()) });
  });
  return groups;
}

const synonymsText = readFileSync(new URL('./synonyms.txt', import.meta.url), 'utf8');
const groups = parseGroups(synonymsText);
const termKey = (term: string) =>
  term
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/\s+/g, ' ');

describe('synonyms.txt', () => {
  it('has enough groups', () => {
    expect(groups.length).toBeGreaterThanOrEqual(150);
  });

  it('has no one-way rules', () => {
    expect(synonymsText.replace(/#.*$/gm, '')).not.toContain('=>');
  });

  it('gives every group two or more distinct, non-empty lowercase terms of at most four words', () => {
    for (const { line, terms } of groups) {
      const where = `line ${line}: ${terms.join(', ')}`;
      expect(
        terms.every((term) => term.length > 0),
        where,
      ).toBe(true);
      expect(new Set(terms.map(termKey)).size, where).toBeGreaterThanOrEqual(2);
      for (const term of terms) {
        expect(term, where).toBe(term.toLowerCase());
        expect(term.split(/\s+/).length, `${where} (${term})`).toBeLessThanOrEqual(4);
      }
    }
  });

  it('puts each term in one group only, but for the bridges between related trades at the end', () => {
    const bridgesFrom = synonymsText.split(/\r?\n/).findIndex((line) => line.startsWith('# Bridges')) + 1;
    expect(bridgesFrom).toBeGreaterThan(0);
    const groupOf = new Map<string, number>();
    const repeated: string[] = [];
    for (const { line, terms } of groups.filter((group) => group.line < bridgesFrom)) {
      for (const key of new Set(terms.map(termKey))) {
        const first = groupOf.get(key);
        if (first !== undefined) repeated.push(`"${key}" on lines ${first} and ${line}`);
        else groupOf.set(key, line);
      }
    }
    expect(repeated).toEqual([]);
  });

  it("covers the fixture generator's categories", () => {
    const terms = new Set(groups.flatMap(({ terms }) => terms.map(termKey)));
    // biome-ignore format: a word list stays packed
    const categories = [
      'mexican restaurant', 'pizza restaurant', 'coffee shop', 'bakery', 'bar', 'pub', 'fish and chips takeaway',
      'dentist', 'doctor', 'pharmacy', 'physical therapist', 'veterinarian', 'urgent care center', 'optometrist',
      'auto repair shop', 'car wash', 'tire shop', 'auto body shop', 'gas station', 'hair salon', 'barber shop',
      'nail salon', 'spa', 'gym', 'yoga studio', 'plumber', 'electrician', 'cleaning service', 'hvac contractor',
      'locksmith', 'roofing contractor', 'moving company', 'lawyer', 'solicitor', 'accountant', 'software company',
      'real estate agency', 'estate agent', 'insurance agency', 'preschool', 'driving school', 'music school',
      'tutoring service', 'movie theater', 'cinema', 'bowling alley', 'escape room', 'night club',
    ];
    expect(categories.filter((category) => !terms.has(category))).toEqual([]);
  });
});

describe('places', () => {
  const isLowercase = (alias: string) =>
    alias === alias.toLowerCase() && alias.trim() === alias && alias !== '';

  it('lists the 50 states, DC and Puerto Rico with unique codes', () => {
    const codes = US_STATES.map((state) => state.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toContain('DC');
    expect(codes.filter((code) => code !== 'DC' && code !== 'PR')).toHaveLength(50);
    expect(US_STATES.find((state) => state.code === 'IL')?.name).toBe('Illinois');
  });

  it("knows every US fixture city's state", () => {
    const codes = new Set(US_STATES.map((state) => state.code));
    expect(US_CITIES.filter((city) => !codes.has(city.state)).map((city) => city.name)).toEqual([]);
    for (const city of US_CITIES) {
      expect(US_STATES.find((state) => state.code === city.state)?.name, city.name).toBe(city.stateName);
    }
  });

  it('puts every UK fixture city in a county', () => {
    const towns = new Set(UK_COUNTIES.flatMap((county) => county.towns));
    expect(UK_CITIES.filter((city) => !towns.has(city.name)).map((city) => city.name)).toEqual([]);
  });

  it('puts the fixture cities in their own counties', () => {
    const countyOf = (county: string, town: string) =>
      UK_COUNTIES.find((entry) => entry.name === county)?.towns.includes(town);
    // biome-ignore format: a data table reads best one entry per line
    const expected: [string, string][] = [
      ['Greater London', 'London'], ['Greater Manchester', 'Manchester'], ['West Midlands', 'Birmingham'],
      ['West Yorkshire', 'Leeds'], ['Glasgow City', 'Glasgow'], ['Lanarkshire', 'Glasgow'], ['Merseyside', 'Liverpool'],
      ['Bristol', 'Bristol'], ['City of Edinburgh', 'Edinburgh'], ['Lothian', 'Edinburgh'],
      ['South Yorkshire', 'Sheffield'], ['South Glamorgan', 'Cardiff'], ['Tyne and Wear', 'Newcastle upon Tyne'],
      ['Nottinghamshire', 'Nottingham'],
    ];
    for (const [county, town] of expected) expect(countyOf(county, town), `${town} in ${county}`).toBe(true);
  });

  it('has unique county names, none named exactly like a fixture city but Bristol', () => {
    const names = UK_COUNTIES.map((county) => county.name);
    expect(new Set(names).size).toBe(names.length);
    const cities = new Set(UK_CITIES.map((city) => city.name));
    expect(names.filter((name) => cities.has(name) && name !== 'Bristol')).toEqual([]);
    expect(UK_COUNTIES.every((county) => county.towns.length > 0)).toBe(true);
  });

  it('names the four UK nations', () => {
    expect(UK_NATIONS.map((nation) => nation.name).sort()).toEqual([
      'England',
      'Northern Ireland',
      'Scotland',
      'Wales',
    ]);
    expect(UK_NATIONS.find((nation) => nation.name === 'Wales')?.aliases).toContain('cymru');
  });

  it('writes every alias in lowercase', () => {
    const aliases = [
      ...US_STATES.flatMap((state) => state.aliases),
      ...UK_NATIONS.flatMap((nation) => nation.aliases),
      ...UK_COUNTIES.flatMap((county) => county.aliases),
      ...Object.values(COUNTRY_ALIASES).flat(),
      ...CITY_ALIASES.map((entry) => entry.alias),
    ];
    expect(aliases.filter((alias) => !isLowercase(alias))).toEqual([]);
  });

  it('gives each country form to one country, with US and GB forms included', () => {
    const codes = Object.keys(COUNTRY_ALIASES);
    expect(codes.length).toBeGreaterThanOrEqual(42);
    expect(codes.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
    const forms = Object.values(COUNTRY_ALIASES).flat();
    expect(new Set(forms).size).toBe(forms.length);
    expect(COUNTRY_ALIASES.US).toEqual(expect.arrayContaining(['usa', 'united states', 'america']));
    expect(COUNTRY_ALIASES.GB).toEqual(expect.arrayContaining(['uk', 'great britain', 'united kingdom']));
  });

  it('spells the cities of city aliases exactly like the fixture cities', () => {
    expect(CITY_ALIASES.length).toBeGreaterThanOrEqual(40);
    const aliases = CITY_ALIASES.map((entry) => entry.alias);
    expect(new Set(aliases).size).toBe(aliases.length);
    const fixtures = [...US_CITIES, ...UK_CITIES];
    const loose = (name: string) => name.toLowerCase().replace(/[^a-z]+/g, '');
    for (const entry of CITY_ALIASES) {
      const fixture = fixtures.find(
        (city) => loose(city.name) === loose(entry.city) && city.country === entry.country,
      );
      if (fixture) expect(entry.city, entry.alias).toBe(fixture.name);
    }
    const cityOf = (alias: string) => CITY_ALIASES.find((entry) => entry.alias === alias)?.city;
    expect(cityOf('nyc')).toBe('New York');
    expect(cityOf('newcastle')).toBe('Newcastle upon Tyne');
    expect(cityOf('dc')).toBe('Washington');
    const fixtureNames = new Set(fixtures.map((city) => city.name));
    for (const alias of [
      'nyc',
      'la',
      'sf',
      'philly',
      'vegas',
      'dc',
      'nola',
      'atl',
      'chitown',
      'htown',
      'brum',
    ]) {
      expect(fixtureNames.has(cityOf(alias) ?? ''), alias).toBe(true);
    }
  });
});
