// The inputs of the long-tail search and suggestion benchmarks: what people type into a directory's
// search boxes, built from the fixture generator's categories and places (the data the benchmark
// database is made of), so that most queries can find something and the rest fail the way real ones
// do. Deterministic: the same seed gives the same queries in the same order on every machine.
import { CATEGORIES } from '../../fixtures/generator/categories.ts';
import { ALL_CITIES, type City } from '../../fixtures/generator/places.ts';
import { hashInts, Random, WeightedTable } from '../../fixtures/generator/random.ts';

type Country = 'US' | 'GB';

/** How the service words of a query relate to the directory's categories. */
export type ServiceKind =
  | 'singular'
  | 'plural'
  /** Another form of the word: 'plumbing', 'dental'. */
  | 'form'
  /** Another word for it: 'mechanic', 'attorney', 'chemist'. */
  | 'synonym'
  /** A related Google category, as stored in the subtypes column: 'orthodontist'. */
  | 'related'
  /** One edit (insert, delete, substitute, swap of neighbours) in a word of 5+ letters. */
  | 'typo'
  /** Two edits in a word of 9+ letters. */
  | 'typo-2'
  /** No service words: a place alone. */
  | 'none';

export type PlaceKind =
  | 'city'
  /** 'Chicago, IL'. */
  | 'city-state'
  | 'state-code'
  | 'state-name'
  /** England, Scotland, Wales. */
  | 'nation'
  | 'county'
  | 'country'
  /** 'NYC', 'LA', 'Philly'. */
  | 'alias'
  | 'zip'
  | 'outcode'
  | 'neighbourhood'
  /** A city name with one edit. */
  | 'place-typo'
  /** 'plumbers near me': no place the server can know. */
  | 'near-me'
  | 'none';

/** Two boxes (service, location) or the one box people type everything into. */
export type QueryForm = 'two-field' | 'one-box';

export interface LongTailQuery {
  /** '/api/search?q=…&location=…', URL-encoded the way a browser's form does ('+' for spaces). */
  path: string;
  /** What was typed, for reports: 'plumbrs in chicago', or 'plumbrs | Chicago' for two fields. */
  display: string;
  service: ServiceKind;
  place: PlaceKind;
  form: QueryForm;
}

interface ServiceWord {
  text: string;
  kind: Exclude<ServiceKind, 'none'>;
  country?: Country;
}

interface Place {
  text: string;
  kind: Exclude<PlaceKind, 'none' | 'near-me'>;
  country: Country;
  weight: number;
}

/** Other forms and other words for each category, as people search for them; `uk` and `us` are words
 *  one side of the Atlantic uses. Keys must be category names (checked below). */
// biome-ignore format: a data table reads best one entry per line
const SERVICE_WORDS: Record<string, { forms?: string[]; synonyms?: string[]; uk?: string[]; us?: string[] }> = {
  'Mexican restaurant': { forms: ['mexican food', 'mexican'], synonyms: ['tacos', 'taqueria', 'burritos'] },
  'Italian restaurant': { forms: ['italian food', 'italian'], synonyms: ['pasta', 'trattoria'] },
  'Pizza restaurant': { forms: ['pizza', 'pizzeria', 'pizzerias'], synonyms: ['pizza delivery', 'pizza place'] },
  'Chinese restaurant': { forms: ['chinese food', 'chinese'], synonyms: ['dim sum'], uk: ['chinese takeaway'] },
  'Sushi restaurant': { forms: ['sushi', 'sushi bar'], synonyms: ['japanese restaurant', 'japanese food', 'ramen'] },
  'Indian restaurant': { forms: ['indian food', 'indian'], synonyms: ['curry'], uk: ['curry house'] },
  'Thai restaurant': { forms: ['thai food', 'thai'], synonyms: ['noodles', 'pad thai'] },
  'Coffee shop': { forms: ['coffee'], synonyms: ['cafe', 'café', 'cafes', 'espresso'] },
  Bakery: { forms: ['baker', 'bread'], synonyms: ['cake shop', 'pastry shop', 'patisserie'] },
  Bar: { synonyms: ['cocktail bar', 'cocktails', 'sports bar', 'tavern', 'pub'] },
  Pub: { forms: ['gastropub'], synonyms: ['local pub', 'beer garden'] },
  'Fish and chips takeaway': { forms: ['fish and chips', 'fish & chips', 'fish n chips'], synonyms: ['chippy', 'chip shop'] },
  Restaurant: { forms: ['food', 'dining'], synonyms: ['diner', 'diners', 'places to eat', 'brunch'] },
  Dentist: { forms: ['dental', 'dentistry', 'dental care'], synonyms: ['teeth cleaning', 'emergency dentist'] },
  Doctor: { forms: ['medical', 'medical center'], synonyms: ['physician', 'family doctor'], uk: ['gp', 'gp surgery'] },
  Pharmacy: { forms: ['pharmacist'], synonyms: ['drugstore'], uk: ['chemist', 'chemists'] },
  'Physical therapist': { forms: ['physical therapy'], synonyms: ['rehab', 'sports massage'], uk: ['physio', 'physiotherapist', 'physiotherapy'] },
  Veterinarian: { forms: ['veterinary', 'veterinary clinic'], synonyms: ['vet', 'vets', 'pet clinic'] },
  'Urgent care center': { forms: ['urgent care'], synonyms: ['walk in clinic', 'emergency clinic'] },
  Optometrist: { forms: ['optometry'], synonyms: ['eye doctor', 'eye exam', 'glasses'], uk: ['opticians'] },
  'Auto repair shop': { forms: ['auto repair', 'car repair', 'car repairs'], synonyms: ['mechanic', 'mechanics', 'garage', 'car service'], us: ['auto shop'] },
  'Car wash': { forms: ['car washing'], synonyms: ['car detailing'], uk: ['car valeting'] },
  'Tire shop': { forms: ['tires', 'tire repair'], synonyms: ['wheel alignment'], uk: ['tyres', 'tyre shop', 'tyre fitting'] },
  'Auto body shop': { forms: ['body shop', 'auto body'], synonyms: ['collision repair', 'dent repair'] },
  'Gas station': { forms: ['gas'], synonyms: ['fuel', 'service station'], uk: ['petrol station', 'petrol'] },
  'Hair salon': { forms: ['hair', 'haircut', 'haircuts', 'hair stylist'], synonyms: ['hairdresser', 'hairdressers'] },
  'Barber shop': { forms: ['barber', 'barbers', 'barbershop'], synonyms: ["men's haircut", 'fade haircut'] },
  'Nail salon': { forms: ['nails', 'nail bar'], synonyms: ['manicure', 'pedicure', 'gel nails'] },
  Spa: { forms: ['day spa'], synonyms: ['massage', 'facial'] },
  Gym: { forms: ['fitness'], synonyms: ['fitness center', 'health club', 'personal trainer', 'crossfit'], uk: ['fitness centre'] },
  'Yoga studio': { forms: ['yoga', 'yoga classes'], synonyms: ['pilates', 'meditation'] },
  Plumber: { forms: ['plumbing', 'plumbing services'], synonyms: ['drain cleaning', 'water heater repair', 'emergency plumber', 'leak repair'] },
  Electrician: { forms: ['electrical', 'electric', 'electrical contractor'], synonyms: ['wiring', 'lighting'], uk: ['sparky'] },
  'Cleaning service': { forms: ['cleaning', 'cleaners', 'house cleaning'], synonyms: ['maid service', 'maids', 'janitorial', 'office cleaning'] },
  'HVAC contractor': { forms: ['hvac', 'hvac repair'], synonyms: ['air conditioning repair', 'ac repair', 'furnace repair', 'heating and cooling'] },
  Locksmith: { synonyms: ['locked out', 'key cutting', 'lock repair'] },
  'Roofing contractor': { forms: ['roofing', 'roofer', 'roofers'], synonyms: ['roof repair', 'gutters'] },
  'Moving company': { forms: ['moving', 'movers'], synonyms: ['moving truck', 'storage'], uk: ['removals', 'removal company'] },
  Lawyer: { forms: ['law firm', 'legal', 'law office'], synonyms: ['attorney', 'attorneys', 'divorce lawyer', 'personal injury lawyer', 'solicitor'] },
  Solicitor: { synonyms: ['lawyer', 'conveyancing', 'legal advice'] },
  Accountant: { forms: ['accounting', 'accountancy', 'bookkeeping', 'bookkeeper'], synonyms: ['tax preparation', 'tax return'], us: ['cpa'] },
  'Software company': { forms: ['software', 'software development'], synonyms: ['it services', 'web design', 'web developer', 'app developer'] },
  'Real estate agency': { forms: ['real estate', 'real estate agent'], synonyms: ['realtor', 'realtors', 'homes for sale', 'property management'] },
  'Estate agent': { forms: ['estate agency'], synonyms: ['letting agent', 'lettings', 'houses for sale'] },
  'Insurance agency': { forms: ['insurance', 'insurance agent'], synonyms: ['car insurance', 'insurance broker', 'life insurance'] },
  School: { synonyms: ['high school', 'elementary school', 'middle school'], uk: ['primary school', 'secondary school'] },
  Preschool: { forms: ['pre-school', 'pre school'], synonyms: ['daycare', 'kindergarten', 'childcare'], uk: ['nursery', 'nursery school'] },
  'Driving school': { forms: ['driving lessons', 'driving instructor'], synonyms: ['driving test'], us: ['drivers ed'] },
  'Music school': { forms: ['music lessons'], synonyms: ['piano lessons', 'guitar lessons', 'music teacher'] },
  'Tutoring service': { forms: ['tutoring', 'tutor', 'tutors'], synonyms: ['test prep', 'homework help'], us: ['math tutor'], uk: ['maths tutor'] },
  'Movie theater': { forms: ['movies'], synonyms: ['cinema', 'movie theatre', 'imax', 'films'] },
  Cinema: { synonyms: ['pictures', 'films', 'movies', 'picture house'] },
  'Bowling alley': { forms: ['bowling'], synonyms: ['ten pin bowling', 'bowling lanes'] },
  Museum: { synonyms: ['art museum', 'art gallery', 'history museum', 'exhibition'] },
  'Escape room': { forms: ['escape game'], synonyms: ['puzzle room', 'things to do'] },
  'Night club': { forms: ['nightclub', 'nightclubs', 'clubs', 'clubbing'], synonyms: ['nightlife', 'dance club'] },
};

/** Ceremonial counties (England) and council areas (Scotland, Wales) of the fixture's UK cities. */
const UK_COUNTIES: Record<string, string[]> = {
  London: ['Greater London'],
  Manchester: ['Greater Manchester'],
  Birmingham: ['West Midlands'],
  Leeds: ['West Yorkshire'],
  Glasgow: ['Glasgow City', 'Lanarkshire'],
  Liverpool: ['Merseyside'],
  Bristol: ['Avon'],
  Edinburgh: ['Midlothian', 'City of Edinburgh'],
  Sheffield: ['South Yorkshire'],
  Cardiff: ['South Glamorgan'],
  'Newcastle upon Tyne': ['Tyne and Wear'],
  Nottingham: ['Nottinghamshire'],
};

/** What people call the fixture's cities instead of their names. */
const CITY_ALIASES: Record<string, string[]> = {
  'New York': ['NYC', 'New York City', 'Manhattan'],
  'Los Angeles': ['LA', 'L.A.'],
  'San Francisco': ['SF', 'San Fran'],
  Washington: ['DC', 'Washington DC', 'Washington, D.C.'],
  Philadelphia: ['Philly'],
  'Las Vegas': ['Vegas'],
  'New Orleans': ['NOLA'],
  Atlanta: ['ATL'],
  'Newcastle upon Tyne': ['Newcastle'],
  Birmingham: ['Brum'],
};

const COUNTRY_WORDS: Record<Country, string[]> = {
  US: ['USA', 'US', 'United States', 'America'],
  GB: ['UK', 'United Kingdom', 'Great Britain', 'Britain'],
};

/** Neighbourhood names shared by cities say nothing about the place ('Downtown', 'Midtown'). */
const GENERIC_NEIGHBOURHOODS = new Set(['Downtown', 'Midtown', 'City Centre', 'Uptown', 'Capitol Hill']);

for (const name of Object.keys(SERVICE_WORDS)) {
  if (!CATEGORIES.some((category) => category.name === name)) throw new Error(`no category "${name}"`);
}
for (const name of [...Object.keys(UK_COUNTIES), ...Object.keys(CITY_ALIASES)]) {
  if (!ALL_CITIES.some((city) => city.name === name)) throw new Error(`no city "${name}"`);
}

/** The last word in the plural: 'hair salons', 'bakeries', 'car washes', 'bowling alleys'. */
export function plural(phrase: string): string {
  if (/[^aeiou]y$/.test(phrase)) return `${phrase.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(phrase)) return `${phrase}es`;
  return `${phrase}s`;
}

/** Every service phrase of the vocabulary, each (text, country) once, category words first. */
export function serviceWords(): ServiceWord[] {
  const out: ServiceWord[] = [];
  const seen = new Set<string>();
  const add = (text: string, kind: ServiceWord['kind'], country: Country | undefined) => {
    const key = `${text}|${country ?? ''}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ text, kind, country });
  };
  // In passes, so that a word that is a category's own name ('cinema', 'solicitor') is tagged as
  // that, not as another category's synonym, wherever the table lists it.
  for (const c of CATEGORIES) add(c.name.toLowerCase(), 'singular', c.country);
  for (const c of CATEGORIES) add(plural(c.name.toLowerCase()), 'plural', c.country);
  for (const c of CATEGORIES) for (const w of SERVICE_WORDS[c.name]?.forms ?? []) add(w, 'form', c.country);
  for (const c of CATEGORIES) {
    const words = SERVICE_WORDS[c.name];
    for (const w of words?.synonyms ?? []) add(w, 'synonym', c.country);
    for (const w of words?.uk ?? []) add(w, 'synonym', 'GB');
    for (const w of words?.us ?? []) add(w, 'synonym', 'US');
  }
  for (const c of CATEGORIES) for (const r of c.related) add(r.toLowerCase(), 'related', c.country);
  return out;
}

// Keys next to each other on a QWERTY keyboard: most substitutions and insertions are slips to these.
const KEY_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
function neighbourKeys(letter: string): string {
  const row = KEY_ROWS.findIndex((keys) => keys.includes(letter));
  if (row < 0) return 'e';
  const at = KEY_ROWS[row]!.indexOf(letter);
  let out = (KEY_ROWS[row]![at - 1] ?? '') + (KEY_ROWS[row]![at + 1] ?? '');
  for (const other of [KEY_ROWS[row - 1], KEY_ROWS[row + 1]]) out += other?.[at] ?? '';
  return out;
}

type Edit = 'insert' | 'delete' | 'substitute' | 'swap';
const EDITS: readonly Edit[] = ['insert', 'delete', 'substitute', 'swap'];

/** One edit at a position in [from, to) of the word; the first letter is kept, as people rarely get
 *  it wrong (and correction engines lean on it). */
function editOnce(word: string, random: Random, from: number, to: number): string {
  const start = Math.max(1, from);
  const end = Math.min(word.length, to);
  if (end <= start) return word;
  const at = random.int(start, end - 1);
  switch (random.pick(EDITS)) {
    case 'insert': {
      // A doubled letter or a neighbouring key hit with it.
      const extra = random.chance(0.5) ? word[at - 1]! : random.pick([...neighbourKeys(word[at - 1]!)]);
      return word.slice(0, at) + extra + word.slice(at);
    }
    case 'delete':
      return word.slice(0, at) + word.slice(at + 1);
    case 'substitute':
      return word.slice(0, at) + random.pick([...neighbourKeys(word[at]!)]) + word.slice(at + 1);
    case 'swap':
      return at + 1 < word.length && word[at] !== word[at + 1]
        ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
        : word.slice(0, at) + word.slice(at + 1);
  }
}

/** The phrase with a typo in its longest word of 5+ letters: one edit, or two (one in each half of
 *  the word, so that they do not undo each other) in a word of 9+ letters. undefined when the phrase
 *  has no such word or no edit gave a new string within a few tries. */
export function typo(
  phrase: string,
  random: Random,
  edits: 1 | 2,
  avoid: ReadonlySet<string>,
): string | undefined {
  const words = phrase.split(' ');
  let longest = -1;
  words.forEach((w, i) => {
    if (/^[a-z]{5,}$/.test(w) && (longest < 0 || w.length > words[longest]!.length)) longest = i;
  });
  const word = words[longest];
  if (!word || (edits === 2 && word.length < 9)) return undefined;
  for (let attempt = 0; attempt < 8; attempt++) {
    const half = Math.ceil(word.length / 2);
    const typed: string =
      edits === 1
        ? editOnce(word, random, 1, word.length)
        : editOnce(editOnce(word, random, half + 1, word.length), random, 1, half - 1);
    const out = words.map((w, i) => (i === longest ? typed : w)).join(' ');
    // A typo that spells another word of the vocabulary ('plumbers' less its s) is not a typo.
    if (typed !== word && !avoid.has(out)) return out;
  }
  return undefined;
}

/** Every way of naming a place in the vocabulary, tagged with its kind and country. */
export function places(): Place[] {
  const out: Place[] = [];
  const seen = new Set<string>();
  const add = (text: string, kind: Place['kind'], country: Country, weight = 1) => {
    if (seen.has(`${kind}|${text}`)) return;
    seen.add(`${kind}|${text}`);
    out.push({ text, kind, country, weight });
  };
  const neighbourhoodCities = new Map<string, number>();
  for (const city of ALL_CITIES) {
    for (const n of city.neighbourhoods) neighbourhoodCities.set(n, (neighbourhoodCities.get(n) ?? 0) + 1);
  }
  const typoRandom = new Random(hashInts(7, 11));
  for (const city of ALL_CITIES) {
    // Bigger cities are searched more: the generator's weights, as for their numbers of businesses.
    add(city.name, 'city', city.country, city.weight);
    if (city.country === 'US') {
      add(`${city.name}, ${city.state}`, 'city-state', 'US', city.weight);
      add(city.state, 'state-code', 'US');
      add(city.stateName, 'state-name', 'US');
      for (const zip of city.postalCodes) add(zip, 'zip', 'US');
    } else {
      add(city.state, 'nation', 'GB');
      for (const outcode of city.postalCodes) add(outcode, 'outcode', 'GB');
      for (const county of UK_COUNTIES[city.name] ?? []) add(county, 'county', 'GB');
    }
    for (const alias of CITY_ALIASES[city.name] ?? []) add(alias, 'alias', city.country);
    for (const n of city.neighbourhoods) {
      if (neighbourhoodCities.get(n) === 1 && !GENERIC_NEIGHBOURHOODS.has(n))
        add(n, 'neighbourhood', city.country);
    }
    const misspelt = typo(city.name.toLowerCase(), typoRandom, 1, new Set());
    if (misspelt) add(misspelt, 'place-typo', city.country, city.weight);
  }
  for (const country of ['US', 'GB'] as const)
    for (const w of COUNTRY_WORDS[country]) add(w, 'country', country);
  return out;
}

/** How often each kind comes up in the mix (relative weights). */
const SERVICE_MIX: readonly (readonly [Exclude<ServiceKind, 'none'>, number])[] = [
  ['singular', 22],
  ['plural', 22],
  ['form', 12],
  ['synonym', 12],
  ['related', 8],
  ['typo', 12],
  ['typo-2', 4],
];
const PLACE_MIX: readonly (readonly [PlaceKind, number])[] = [
  ['city', 26],
  ['city-state', 6],
  ['state-code', 7],
  ['state-name', 9],
  ['nation', 3],
  ['county', 4],
  ['country', 3],
  ['alias', 6],
  ['zip', 12],
  ['outcode', 6],
  ['neighbourhood', 4],
  ['place-typo', 4],
  ['near-me', 2],
  ['none', 8],
];
/** Queries with a place and no service words ('chicago', location=Texas alone). */
const LOCATION_ONLY = 0.04;
/** Share of US places among queries whose service is not one country's: about the data's share. */
const US_SHARE = 0.75;
/** Queries for a one-country service ('pub', 'attorney') in the other country's places. */
const CROSS_COUNTRY = 0.1;
/** Typo queries asked again with exact=1, as the "search for exactly what you typed" link does. */
const EXACT_SHARE = 0.1;

/** Cycles through a list in a shuffled order, so that every entry comes up before any comes twice. */
class RoundRobin<T> {
  private at = 0;
  private readonly items: T[];
  constructor(items: readonly T[], random: Random) {
    this.items = shuffle([...items], random);
  }
  get size(): number {
    return this.items.length;
  }
  next(): T {
    return this.items[this.at++ % this.items.length]!;
  }
}

export function shuffle<T>(items: T[], random: Random): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** Service words by kind, typos included, each list in a shuffled order. */
function serviceTable(random: Random): Map<Exclude<ServiceKind, 'none'>, RoundRobin<ServiceWord>> {
  const words = serviceWords();
  const real = new Set(words.map((w) => w.text));
  const typos: ServiceWord[] = [];
  for (const w of words) {
    if (w.kind === 'related') continue;
    for (let n = 0; n < 2; n++) {
      const text = typo(w.text, random, 1, real);
      if (text) typos.push({ text, kind: 'typo', country: w.country });
    }
    const text = typo(w.text, random, 2, real);
    if (text) typos.push({ text, kind: 'typo-2', country: w.country });
  }
  const table = new Map<Exclude<ServiceKind, 'none'>, RoundRobin<ServiceWord>>();
  for (const [kind] of SERVICE_MIX) {
    table.set(
      kind,
      new RoundRobin(
        [...words, ...typos].filter((w) => w.kind === kind),
        random,
      ),
    );
  }
  return table;
}

/** Places by country and kind, picked by weight within a kind. */
function placePicker(): (random: Random, country: Country) => { kind: PlaceKind; place?: Place } {
  const all = places();
  const byKind = new Map<string, WeightedTable<Place>>();
  const kindTables = new Map<Country, WeightedTable<PlaceKind>>();
  for (const country of ['US', 'GB'] as const) {
    const kinds: [PlaceKind, number][] = [];
    for (const [kind, weight] of PLACE_MIX) {
      const matching = all.filter((p) => p.kind === kind && p.country === country);
      if (matching.length > 0)
        byKind.set(`${country}|${kind}`, new WeightedTable(matching.map((p) => [p, p.weight])));
      if (matching.length > 0 || kind === 'none' || kind === 'near-me') kinds.push([kind, weight]);
    }
    kindTables.set(country, new WeightedTable(kinds));
  }
  return (random, country) => {
    const kind = kindTables.get(country)!.pick(random);
    return { kind, place: byKind.get(`${country}|${kind}`)?.pick(random) };
  };
}

/** What people type: lower case mostly, as written (capitals) now and then. */
function asTyped(text: string, random: Random, keepCase: number): string {
  return random.chance(keepCase) ? text : text.toLowerCase();
}

/** `count` distinct search queries (distinct ignoring letter case), in a shuffled order. */
export function longTailQueries(count: number, seed = 1): LongTailQuery[] {
  const random = new Random(hashInts(seed, 0x5ea4c4));
  const services = serviceTable(random);
  const serviceKinds = new WeightedTable(SERVICE_MIX);
  const pickPlace = placePicker();
  const out: LongTailQuery[] = [];
  const seen = new Set<string>();
  for (let attempt = 0; out.length < count; attempt++) {
    if (attempt > count * 50) throw new Error(`only ${out.length} distinct queries; asked for ${count}`);
    const locationOnly = random.chance(LOCATION_ONLY);
    const word = locationOnly ? undefined : services.get(serviceKinds.pick(random))!.next();
    const country: Country = word?.country
      ? random.chance(CROSS_COUNTRY)
        ? word.country === 'US'
          ? 'GB'
          : 'US'
        : word.country
      : random.chance(US_SHARE)
        ? 'US'
        : 'GB';
    let { kind: placeKind, place } = pickPlace(random, country);
    // A query needs something to search for; 'near me' only makes sense after service words.
    while (!word && !place) ({ kind: placeKind, place } = pickPlace(random, country));
    const form: QueryForm = placeKind === 'near-me' || random.chance(0.5) ? 'one-box' : 'two-field';
    const service = word?.text;
    const params = new URLSearchParams();
    let display: string;
    if (form === 'two-field') {
      const location = place ? asTyped(place.text, random, 0.6) : undefined;
      if (service) params.set('q', service);
      if (location) params.set('location', location);
      display = [service ?? '', location ?? ''].join(' | ');
    } else {
      const where = placeKind === 'near-me' ? 'me' : place ? asTyped(place.text, random, 0.2) : undefined;
      const postal = placeKind === 'zip' || placeKind === 'outcode';
      const joint = placeKind === 'near-me' ? 'near' : random.weighted(postal ? POSTAL_JOINTS : JOINTS);
      const text = !where
        ? service!
        : !service
          ? where
          : joint === 'place first'
            ? `${where} ${service}`
            : joint === ''
              ? `${service} ${where}`
              : `${service} ${joint} ${where}`;
      params.set('q', text);
      display = text;
    }
    if (word && (word.kind === 'typo' || word.kind === 'typo-2') && random.chance(EXACT_SHARE)) {
      params.set('exact', '1');
      display += ' (exact)';
    }
    const path = `/api/search?${params}`;
    const key = path.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ path, display, service: word?.kind ?? 'none', place: placeKind, form });
  }
  return shuffle(out, new Random(hashInts(seed, 0x5bff1e)));
}

const JOINTS: readonly (readonly [string, number])[] = [
  ['in', 45],
  ['', 35],
  ['near', 8],
  ['place first', 12],
];
const POSTAL_JOINTS: readonly (readonly [string, number])[] = [
  ['near', 40],
  ['in', 30],
  ['', 30],
];

export interface SuggestRequest {
  /** '/api/suggest?q=…[&location=…]'. */
  path: string;
  /** What the person is typing towards (with its typo, if any). */
  word: string;
  /** Letters typed so far. */
  typed: number;
  /** The prefix has the typo in it ('resu' on the way to 'resuaurant'). */
  typo: boolean;
  location: boolean;
}

/**
 * What a suggestion box is asked while people type: for each word of the vocabulary (service words
 * and place names), its prefixes of 1, 2, … letters, lower case; one word in four typed with a typo
 * from the letter of the mistake on; every other word with a location set. At least `words` words,
 * more until there are `minDistinct` distinct URLs. Several people type at once: the words'
 * keystrokes are interleaved, `typists` at a time, each word's prefixes in the order typed.
 */
export function suggestRequests(options: {
  words?: number;
  minDistinct?: number;
  typists?: number;
  seed?: number;
  /** URLs to leave out (another run's). */
  exclude?: ReadonlySet<string>;
}): SuggestRequest[] {
  const { words = 300, minDistinct = 2000, typists = 20, seed = 1, exclude } = options;
  const random = new Random(hashInts(seed, 0x5a9));
  const serviceTexts = serviceWords()
    .filter((w) => w.kind !== 'plural')
    .map((w) => ({ text: w.text, country: w.country }));
  const placeTexts = ALL_CITIES.map((c: City) => ({
    text: c.name.toLowerCase(),
    country: c.country as Country,
  }));
  // About one word in five a place: people type cities into the search box too.
  const texts = new Set<string>();
  const vocabulary = shuffle(
    [...serviceTexts, ...placeTexts].filter((w) => !texts.has(w.text) && texts.add(w.text)),
    random,
  );
  const real = new Set(vocabulary.map((w) => w.text));
  const pickPlace = placePicker();
  const seen = new Set<string>(exclude);
  const sequences: SuggestRequest[][] = [];
  let distinct = 0;
  for (let i = 0; i < vocabulary.length && (i < words || distinct < minDistinct); i++) {
    const entry = vocabulary[i]!;
    const misspelt = i % 4 === 3 ? typo(entry.text, random, 1, real) : undefined;
    const word = misspelt ?? entry.text;
    const firstWrong = misspelt ? [...word].findIndex((ch, at) => ch !== entry.text[at]) + 1 : Infinity;
    let location: string | undefined;
    if (i % 2 === 1) {
      const country = entry.country ?? (random.chance(US_SHARE) ? 'US' : 'GB');
      let picked = pickPlace(random, country);
      while (!picked.place) picked = pickPlace(random, country);
      location = picked.place.text;
    }
    const sequence: SuggestRequest[] = [];
    for (let typed = 1; typed <= word.length; typed++) {
      const params = new URLSearchParams({ q: word.slice(0, typed) });
      if (location) params.set('location', location);
      const path = `/api/suggest?${params}`;
      if (seen.has(path)) continue;
      seen.add(path);
      sequence.push({ path, word, typed, typo: typed >= firstWrong, location: location !== undefined });
    }
    distinct += sequence.length;
    sequences.push(sequence);
  }
  if (distinct < minDistinct)
    throw new Error(`only ${distinct} distinct suggestion URLs; asked for ${minDistinct}`);
  // Round robin over `typists` words in progress; a finished word's typist starts the next word.
  const out: SuggestRequest[] = [];
  const active = sequences.splice(0, typists).map((s) => ({ s, at: 0 }));
  while (active.length > 0) {
    for (let t = 0; t < active.length; t++) {
      const current = active[t]!;
      const request = current.s[current.at++];
      if (request) out.push(request);
      if (current.at >= current.s.length) {
        const next = sequences.shift();
        if (next) active[t] = { s: next, at: 0 };
        else active.splice(t--, 1);
      }
    }
  }
  return out;
}
