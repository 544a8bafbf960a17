// Rows shaped like a real Google Maps export (Outscraper column set and cell formats), made from a
// seeded generator so sizes and ratios measured on them are repeatable. Used to size the
// precheck limits (see docs/decisions/0002) and to prove a realistic file passes the defaults.

/** The header row of a typical Outscraper export: far more columns than the importer needs. */
export const REALISTIC_HEADERS = [
  'query',
  'name',
  'name_for_emails',
  'site',
  'subtypes',
  'category',
  'type',
  'phone',
  'full_address',
  'borough',
  'street',
  'city',
  'postal_code',
  'state',
  'us_state',
  'country',
  'country_code',
  'latitude',
  'longitude',
  'h3',
  'time_zone',
  'plus_code',
  'rating',
  'reviews',
  'reviews_link',
  'reviews_per_score',
  'photos_count',
  'photo',
  'street_view',
  'working_hours',
  'working_hours_old_format',
  'business_status',
  'about',
  'range',
  'logo',
  'description',
  'verified',
  'owner_id',
  'owner_title',
  'owner_link',
  'location_link',
  'place_id',
  'google_id',
  'cid',
  'reviews_id',
] as const;

/** Small deterministic PRNG (mulberry32): the same seed always gives the same file. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CATEGORIES = [
  'Restaurant',
  'Dentist',
  'Auto repair shop',
  'Hair salon',
  'Plumber',
  'Law firm',
  'Bakery',
];
const CITIES: ReadonlyArray<readonly [string, string, string, number, number]> = [
  ['New York', 'NY', 'Manhattan', 40.7128, -74.006],
  ['Los Angeles', 'CA', 'Downtown', 34.0522, -118.2437],
  ['Chicago', 'IL', 'Loop', 41.8781, -87.6298],
  ['Houston', 'TX', 'Midtown', 29.7604, -95.3698],
  ['Phoenix', 'AZ', 'Central City', 33.4484, -112.074],
];
const WORDS = [
  'Golden',
  'Corner',
  'Family',
  'Express',
  'Royal',
  'Green',
  'Sunset',
  'Prime',
  'Urban',
  'Bright',
];
const STREETS = ['Park Ave S', 'Main St', 'Broadway', 'Elm St', 'Oak Ave', 'Maple Dr', 'Sunset Blvd'];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function randomId(random: () => number, length: number): string {
  let id = '';
  for (let i = 0; i < length; i++) id += ID_CHARS[Math.floor(random() * ID_CHARS.length)];
  return id;
}

function hex(random: () => number, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += Math.floor(random() * 16).toString(16);
  return out;
}

/** Owner columns are filled only for claimed listings, as in real exports. */
function owner(random: () => number, name: string): string[] {
  if (random() < 0.6) return ['', '', ''];
  const id = digits(random, 21);
  return [id, name, `https://www.google.com/maps/contrib/${id}`];
}

function digits(random: () => number, length: number): string {
  let out = String(1 + Math.floor(random() * 9));
  while (out.length < length) out += String(Math.floor(random() * 10));
  return out;
}

/** One export row, as an array in REALISTIC_HEADERS order. */
export function realisticRow(random: () => number, index: number): Array<string | number | boolean> {
  const category = pick(random, CATEGORIES);
  const [city, state, borough, baseLat, baseLng] = pick(random, CITIES);
  const name = `${pick(random, WORDS)} ${pick(random, WORDS)} ${category} ${index}`;
  const street = `${1 + Math.floor(random() * 9000)} ${pick(random, STREETS)}`;
  const zip = digits(random, 5);
  const lat = Math.round((baseLat + (random() - 0.5) / 5) * 1e7) / 1e7;
  const lng = Math.round((baseLng + (random() - 0.5) / 5) * 1e7) / 1e7;
  const placeId = `ChIJ${randomId(random, 23)}`;
  const cid = digits(random, 19); // > 2^53: real exports keep it as text
  const googleId = `0x${hex(random, 16)}:0x${hex(random, 16)}`;
  const slug = encodeURIComponent(name).replace(/%20/g, '+');
  const hours: Record<string, string> = {};
  for (const day of DAYS)
    hours[day] =
      random() < 0.15 ? 'Closed' : `${7 + Math.floor(random() * 4)}AM–${5 + Math.floor(random() * 5)}PM`;
  const about = {
    'Service options': { 'Dine-in': random() < 0.5, Delivery: random() < 0.5, Takeout: random() < 0.5 },
    Accessibility: { 'Wheelchair accessible entrance': random() < 0.7 },
    Payments: { 'Credit cards': true, 'NFC mobile payments': random() < 0.5 },
  };
  const photo = `https://lh5.googleusercontent.com/p/AF1Qip${randomId(random, 38)}=w800-h500-k-no`;
  return [
    `${category.toLowerCase()}s, ${city}, ${state}`,
    name,
    name,
    `https://www.${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.com/`,
    `${category}, ${pick(random, CATEGORIES)}`,
    category,
    category,
    `+1 ${digits(random, 3)}-${digits(random, 3)}-${digits(random, 4)}`,
    `${street}, ${city}, ${state} ${zip}`,
    borough,
    street,
    city,
    zip,
    state,
    state,
    'United States of America',
    'US',
    lat,
    lng,
    hex(random, 15),
    'America/New_York',
    `${randomId(random, 4).toUpperCase()}+${randomId(random, 2).toUpperCase()} ${city}, ${state}`,
    Math.round((1 + random() * 4) * 10) / 10,
    Math.floor(random() * 2000),
    `https://search.google.com/local/reviews?placeid=${placeId}&authuser=0&hl=en&gl=US`,
    JSON.stringify({ 1: Math.floor(random() * 50), 5: Math.floor(random() * 500) }),
    Math.floor(random() * 300),
    photo,
    random() < 0.3
      ? `https://lh5.googleusercontent.com/p/AF1Qip${randomId(random, 38)}=w1600-h1000-k-no`
      : '',
    JSON.stringify(hours),
    DAYS.map((day) => `${day}: ${hours[day]}`).join(' | '),
    'OPERATIONAL',
    JSON.stringify(about),
    random() < 0.5 ? '$$' : '',
    random() < 0.3 ? `https://lh3.googleusercontent.com/-${randomId(random, 20)}/photo.jpg` : '',
    random() < 0.6 ? `${name} has served ${city} for years, with friendly staff and fair prices.` : '',
    random() < 0.6,
    ...owner(random, name),
    `https://www.google.com/maps/place/${slug}/@${lat},${lng},14z/data=!4m8!1m2!2m1!1s${slug}!3m4!1s${googleId}!8m2!3d${lat}!4d${lng}`,
    placeId,
    googleId,
    cid,
    `-${digits(random, 19)}`,
  ];
}

/** The thirteen columns of the product specification's import format. */
export const SPEC_HEADERS: ReadonlyArray<(typeof REALISTIC_HEADERS)[number]> = [
  'name',
  'category',
  'full_address',
  'postal_code',
  'country',
  'phone',
  'rating',
  'reviews',
  'photo',
  'working_hours',
  'about',
  'place_id',
  'location_link',
];

/** A header row followed by `count` realistic rows, ready for XLSX.utils.aoa_to_sheet; `headers`
 *  keeps only those columns (the full export shape by default). */
export function realisticSheetRows(
  count: number,
  seed = 42,
  headers: ReadonlyArray<(typeof REALISTIC_HEADERS)[number]> = REALISTIC_HEADERS,
): Array<Array<string | number | boolean>> {
  const random = seededRandom(seed);
  const keep = headers.map((header) => REALISTIC_HEADERS.indexOf(header));
  const rows: Array<Array<string | number | boolean>> = [[...headers]];
  for (let i = 1; i <= count; i++) {
    const row = realisticRow(random, i);
    rows.push(keep.map((index) => row[index] ?? ''));
  }
  return rows;
}
