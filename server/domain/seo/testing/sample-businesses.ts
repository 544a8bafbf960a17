// Deterministic, varied business rows for tests and benchmarks of SEO text and sitemaps: row i is
// always the same. Not used by the application. Rows are inserted directly (as the benchmarks'
// brief asks) rather than through the importer, so these tests do not depend on spreadsheet parsing.
import { type DatabaseHandle, openDatabase, type Sqlite } from '../../../../db/connection.ts';
import { migrateToLatest } from '../../../../db/migrate.ts';
import type { BusinessAttributes } from '../../../contract/business.ts';
import type { WeeklyHours } from '../../../contract/hours.ts';
import { createChooser, hashString } from '../seeded-random.ts';

export interface SampleBusinessRow {
  place_id: string;
  slug: string;
  name: string;
  category: string;
  description: string | null;
  address: string;
  city: string;
  city_key: string;
  state: string;
  country: string;
  country_code: string | null;
  zip_code: string;
  phone: string | null;
  website: string | null;
  rating: number;
  review_count: number;
  is_verified: number;
  hours: string | null;
  attributes: string | null;
  business_status: string | null;
  about: string | null;
  created_at: string;
  updated_at: string;
}

const CITIES: readonly [city: string, state: string, country: string, code: string][] = [
  ['New York', 'NY', 'United States', 'US'],
  ['Los Angeles', 'CA', 'United States', 'US'],
  ['Chicago', 'IL', 'United States', 'US'],
  ['Houston', 'TX', 'United States', 'US'],
  ['Phoenix', 'AZ', 'United States', 'US'],
  ['Austin', 'TX', 'United States', 'US'],
  ['Denver', 'CO', 'United States', 'US'],
  ['Seattle', 'WA', 'United States', 'US'],
  ['London', 'England', 'United Kingdom', 'GB'],
  ['Manchester', 'England', 'United Kingdom', 'GB'],
  ['Edinburgh', 'Scotland', 'United Kingdom', 'GB'],
  ['Cardiff', 'Wales', 'United Kingdom', 'GB'],
  ['Kraków', 'Lesser Poland', 'Poland', 'PL'],
  ['São Paulo', 'SP', 'Brazil', 'BR'],
  ['Zürich', 'Zürich', 'Switzerland', 'CH'],
  ['Singapore', '', 'Singapore', 'SG'],
];

const CATEGORIES = [
  'Italian restaurant',
  'Coffee shop',
  'Bakery',
  'Dentist',
  'Medical clinic',
  'Auto repair shop',
  'Car wash',
  'Hair salon',
  'Nail salon',
  'Plumber',
  'Electrician',
  'Law firm',
  'Accountant',
  'Driving school',
  'Movie theater',
  'Bowling alley',
  'Beauty & Wellness',
  'Home Services',
];

const NAME_FIRST = [
  'Oak',
  'Harbor',
  'Summit',
  'Maple',
  'Riverside',
  'Golden',
  'Blue Door',
  'Northside',
  'Elm',
];
const NAME_SECOND = ['Studio', 'Works', 'House', 'Corner', 'Group', 'Co.', 'Place', 'Partners', 'Centre'];
const STREETS = [
  'Main St',
  'Park Ave',
  'High Street',
  'Market Rd',
  'Church Lane',
  'Station Rd',
  'Rua Augusta',
];

const ATTRIBUTE_POOL: Record<string, string[]> = {
  'Service options': ['Dine-in', 'Takeout', 'Delivery', 'Online appointments', 'Onsite services'],
  Accessibility: [
    'Wheelchair accessible entrance',
    'Wheelchair accessible restroom',
    'Wheelchair accessible parking lot',
  ],
  Payments: ['Credit cards', 'Debit cards', 'NFC mobile payments', 'Cash only'],
  Amenities: ['Wi-Fi', 'Restroom', 'Gender-neutral restroom'],
  Planning: ['Appointment required', 'Accepts reservations', 'Quick visit'],
  Parking: ['Free parking lot', 'Paid street parking'],
};

const DESCRIPTIONS = [
  'Neighbourhood spot serving fresh dishes made to order.',
  'Appointments available for new and returning clients.',
  'Full-service shop handling repairs, servicing and inspections.',
  'Walk-ins welcome; call ahead for larger groups.',
  'Offering consultations by phone and in person.',
];

function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function sampleHours(r: ReturnType<typeof createChooser>): WeeklyHours | null {
  const kind = r.pick(['office', 'retail', 'restaurant', 'always', 'partial', 'none'] as const);
  const range = (open: string, close: string) => [{ open, close }];
  switch (kind) {
    case 'office':
      return {
        monday: range('09:00', '17:00'),
        tuesday: range('09:00', '17:00'),
        wednesday: range('09:00', '17:00'),
        thursday: range('09:00', '17:00'),
        friday: range('09:00', r.pick(['17:00', '16:00'])),
        saturday: r.chance(0.4) ? range('10:00', '13:00') : [],
        sunday: [],
      };
    case 'retail':
      return {
        monday: range('10:00', '20:00'),
        tuesday: range('10:00', '20:00'),
        wednesday: range('10:00', '20:00'),
        thursday: range('10:00', '21:00'),
        friday: range('10:00', '21:00'),
        saturday: range('09:00', '21:00'),
        sunday: range('11:00', '17:00'),
      };
    case 'restaurant': {
      const split = [
        { open: '11:30', close: '14:30' },
        { open: '17:30', close: r.pick(['22:00', '23:30', '01:00']) },
      ];
      return {
        monday: [],
        tuesday: split,
        wednesday: split,
        thursday: split,
        friday: split,
        saturday: split,
        sunday: range('12:00', '21:00'),
      };
    }
    case 'always':
      return {
        monday: range('00:00', '24:00'),
        tuesday: range('00:00', '24:00'),
        wednesday: range('00:00', '24:00'),
        thursday: range('00:00', '24:00'),
        friday: range('00:00', '24:00'),
        saturday: range('00:00', '24:00'),
        sunday: range('00:00', '24:00'),
      };
    case 'partial':
      return { monday: range('08:00', '18:00'), friday: range('08:00', '18:00'), sunday: [] };
    default:
      return null;
  }
}

function sampleAttributes(r: ReturnType<typeof createChooser>): BusinessAttributes | null {
  if (r.chance(0.35)) return null;
  const attributes: BusinessAttributes = {};
  for (const group of r.shuffle(Object.keys(ATTRIBUTE_POOL)).slice(0, 1 + Math.floor(r.next() * 4))) {
    const entries: Record<string, boolean> = {};
    for (const item of ATTRIBUTE_POOL[group] ?? []) {
      if (r.chance(0.6)) entries[item] = r.chance(0.8);
    }
    if (Object.keys(entries).length > 0) attributes[group] = entries;
  }
  return Object.keys(attributes).length > 0 ? attributes : null;
}

const BASE_TIME = Date.UTC(2025, 0, 1);

/** Business number i (1-based) of a deterministic sample. */
export function sampleBusinessRow(i: number): SampleBusinessRow {
  const r = createChooser(hashString(`sample:${i}`));
  const [city, state, country, code] = r.pick(CITIES);
  const category = r.pick(CATEGORIES);
  const name = `${r.pick(NAME_FIRST)} ${r.pick(NAME_SECOND)} ${category.split(' ')[0]} ${i}`;
  const placeId = `ChIJ${i.toString(36).padStart(8, '0')}sample`;
  const reviewCount = r.chance(0.15) ? 0 : Math.floor(r.next() ** 3 * 2_000) + 1;
  const rating = reviewCount === 0 ? 0 : Math.round((2.5 + r.next() * 2.5) * 10) / 10;
  const hours = sampleHours(r);
  const attributes = sampleAttributes(r);
  const time = new Date(BASE_TIME + i * 1_000).toISOString();
  return {
    place_id: placeId,
    slug: `${slugify(name)}-${placeId.slice(0, 7)}${i}`,
    name,
    category,
    description: r.chance(0.3) ? r.pick(DESCRIPTIONS) : null,
    address: `${1 + (i % 900)} ${r.pick(STREETS)}, ${city}`,
    city,
    city_key: city.toLowerCase(),
    state,
    country,
    country_code: code,
    zip_code: r.chance(0.8) ? String(10_000 + (i % 89_999)) : '',
    phone: r.chance(0.85) ? `+1 555-${String(1000 + (i % 9000))}` : null,
    website: r.chance(0.6) ? `https://example.com/${i}` : null,
    rating,
    review_count: reviewCount,
    is_verified: r.chance(0.5) ? 1 : 0,
    hours: hours ? JSON.stringify(hours) : null,
    attributes: attributes ? JSON.stringify(attributes) : null,
    business_status: r.pick(['OPERATIONAL', 'OPERATIONAL', 'OPERATIONAL', 'CLOSED_TEMPORARILY', null]),
    about: null,
    created_at: time,
    updated_at: time,
  };
}

const COLUMNS = [
  'place_id',
  'slug',
  'name',
  'category',
  'description',
  'address',
  'city',
  'city_key',
  'state',
  'country',
  'country_code',
  'zip_code',
  'phone',
  'website',
  'rating',
  'review_count',
  'is_verified',
  'hours',
  'attributes',
  'business_status',
  'about',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof SampleBusinessRow)[];

/** Inserts rows with one prepared statement in one transaction (test and benchmark set-up only). */
export function insertSampleRows(sqlite: Sqlite, rows: Iterable<SampleBusinessRow>): number {
  const insert = sqlite.prepare(
    `INSERT INTO businesses (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})`,
  );
  let n = 0;
  sqlite.transaction(() => {
    for (const row of rows) {
      insert.run(row);
      n++;
    }
  })();
  return n;
}

/** A migrated database file at path (tests and benchmarks). */
export async function openMigratedDatabase(path: string): Promise<DatabaseHandle> {
  const handle = openDatabase(path);
  await migrateToLatest(handle.db);
  return handle;
}
