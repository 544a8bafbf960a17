// Micro-benchmark of step 3 of the import: normalise 100,000 realistic synthetic rows and print rows/s.
// Run: npx tsx bench/normalise-row.bench.ts   (the budget is well under 10 µs a row, see the issue).
import type { RawRow } from '../server/domain/import/normalised-business.ts';
import { normaliseRow } from '../server/domain/import/normalise/normalise-row.ts';

const ROWS = 100_000;

/** Deterministic pseudo-random numbers, so two runs normalise the same rows. */
let seed = 20_261_122;
function random(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
}
function pick<T>(items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}
function digits(count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += Math.floor(random() * 10);
  return out;
}
function placeId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  let id = 'ChIJ';
  for (let i = 0; i < 23; i++) id += pick([...alphabet]);
  return id;
}

const US_CITIES = [
  ['New York', 'NY', '100', 40.71, -74.0],
  ['Charlotte', 'NC', '282', 35.22, -80.84],
  ['Austin', 'TX', '787', 30.27, -97.74],
  ['Denver', 'CO', '802', 39.74, -104.99],
  ['Seattle', 'WA', '981', 47.61, -122.33],
  ['Boston', 'MA', '021', 42.36, -71.06],
] as const;
const CATEGORIES = ['Restaurant', 'Auto Service', 'Cleaning Service', 'Healthcare', 'Software Development'];
const DAY_TEXTS = [
  'Closed',
  '9AM–5PM',
  '8AM–6PM',
  '11AM–10PM',
  '11AM–2PM,5:30–10PM',
  'Open 24 hours',
  '6PM–2AM',
];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
/** Most cells differ from row to row (7^7 combinations), so the per-cell cache rarely helps. */
const variedHours = () => JSON.stringify(Object.fromEntries(DAYS.map((day) => [day, pick(DAY_TEXTS)])));
const HOURS_SHAPES = [
  variedHours,
  variedHours,
  variedHours,
  () =>
    '{"Monday": "Closed", "Tuesday": "11AM–10PM", "Wednesday": "5:30–10PM", "Thursday": "11AM–10PM", "Friday": "11AM–11PM", "Saturday": "10AM–11PM", "Sunday": "11AM–2PM,5:30–10PM"}',
  () =>
    '{"Monday": ["9AM-5PM"], "Tuesday": ["9AM-5PM"], "Wednesday": ["9AM-5PM"], "Thursday": ["9AM-5PM"], "Friday": ["9AM-5PM"], "Saturday": ["10AM-3PM"], "Sunday": ["Closed"]}',
  () =>
    "{'Monday': '7AM-7PM', 'Tuesday': '7AM-7PM', 'Wednesday': '7AM-7PM', 'Thursday': '7AM-7PM', 'Friday': '7AM-7PM', 'Saturday': '8AM-4PM', 'Sunday': 'Closed'}",
  () =>
    'Monday: Closed | Tuesday: 9AM–5PM | Wednesday: 9AM–5PM | Thursday: 9AM–5PM | Friday: 9AM–6PM | Saturday: 10AM–2PM | Sunday: Closed',
  () =>
    `{"Monday": "${pick(['6', '7', '8'])}AM–${pick(['5', '6', '7'])}PM", "Tuesday": "Open 24 hours", "Friday": "6PM–2AM"}`,
];
const ABOUT =
  '{"Service options": {"Dine-in": true, "Takeout": true, "Delivery": false}, "Accessibility": {"Wheelchair accessible entrance": true}, "Payments": {"Credit cards": true}}';

function usRow(rowNumber: number, fullExport: boolean): RawRow {
  const [city, state, zipPrefix, lat, lng] = pick(US_CITIES);
  const latitude = lat + random() / 10;
  const longitude = lng + random() / 10;
  const name = `${pick(['Joe’s', 'Bella', 'Golden', 'Sunrise', 'Café'])} ${pick(CATEGORIES)} ${rowNumber}`;
  const values: RawRow['values'] = {
    name,
    category: pick(CATEGORIES),
    full_address: `${100 + Math.floor(random() * 900)} Main St, ${city}, ${state} ${zipPrefix}${digits(2)}`,
    phone: `+1 ${pick(['704', '212', '512', '303', '206', '617'])}-${200 + Math.floor(random() * 800)}-${digits(4)}`,
    rating: Math.round((1 + random() * 4) * 10) / 10,
    reviews: Math.floor(random() * 3000),
    photo: `https://lh5.googleusercontent.com/p/AF1Qip${digits(20)}=w800-h500-k-no`,
    working_hours: pick(HOURS_SHAPES)(),
    about: ABOUT,
    place_id: placeId(),
    location_link: `https://www.google.com/maps/place/${encodeURIComponent(name)}/@${latitude},${longitude},14z/data=!4m8!3m7!1s0x0:0x0!8m2!3d${latitude}!4d${longitude}`,
  };
  if (fullExport) {
    Object.assign(values, {
      city,
      state,
      postal_code: `${zipPrefix}${digits(2)}`,
      country_code: 'US',
      latitude,
      longitude,
      time_zone: pick(['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles']),
      website: `https://www.example${rowNumber}.com/`,
      business_status: 'OPERATIONAL',
      verified: random() > 0.5 ? 'TRUE' : 'FALSE',
      subtypes: 'Restaurant, Pizza restaurant',
    });
  }
  return { rowNumber, values };
}

function europeanRow(rowNumber: number): RawRow {
  const [city, country, phone, address] = pick([
    ['London', 'United Kingdom', `+44 20 7946 ${digits(4)}`, `221B Baker St, London NW1 6XE, United Kingdom`],
    ['Berlin', 'Germany', `+49 30 ${digits(7)}`, `Unter den Linden 77, 10117 Berlin, Germany`],
    ['Київ', 'Ukraine', `+380 44 ${digits(3)} ${digits(4)}`, `вулиця Хрещатик, 22, Київ, Ukraine, 02000`],
  ] as const);
  return {
    rowNumber,
    values: {
      name: `${pick(['Kaffeehaus', 'Кав’ярня', 'The Pub'])} ${rowNumber}`,
      category: 'Restaurant',
      full_address: address,
      city,
      country,
      phone,
      rating: '4,6',
      reviews: '1,234',
      working_hours:
        country === 'Ukraine'
          ? 'понеділок: 09:00–22:00 | вівторок: 09:00–22:00 | середа: 09:00–22:00 | неділя: зачинено'
          : '{"Monday": "9AM–5PM", "Tuesday": "9AM–5PM", "Wednesday": "9AM–5PM", "Sunday": "Closed"}',
      place_id: placeId(),
      location_link: 'https://www.google.com/maps/place/X/@51.5237,-0.1585,17z',
    },
  };
}

const generated: RawRow[] = [];
for (let i = 0; i < ROWS; i++) {
  const kind = random();
  generated.push(kind < 0.55 ? usRow(i + 2, true) : kind < 0.85 ? usRow(i + 2, false) : europeanRow(i + 2));
}
// A spreadsheet parser hands over flat strings; the concatenations above are V8 rope strings that the
// first regex would have to flatten. A JSON round trip gives flat strings, as SheetJS would.
const rows: RawRow[] = JSON.parse(JSON.stringify(generated));

// Warm up (JIT, caches a real import would also have filled after its first rows).
for (let i = 0; i < 5_000; i++) normaliseRow(rows[i] as RawRow);

let warnings = 0;
const started = performance.now();
for (const row of rows) warnings += normaliseRow(row).warnings.length;
const elapsed = performance.now() - started;

console.log(
  `normaliseRow: ${ROWS} rows in ${elapsed.toFixed(0)} ms = ${Math.round(ROWS / (elapsed / 1000))} rows/s, ` +
    `${((elapsed * 1000) / ROWS).toFixed(2)} µs/row (${warnings} warnings)`,
);
