// Test support: writes small spreadsheets in the shape of Google Maps exports with SheetJS.
import { writeFileSync } from 'node:fs';
import * as XLSX from 'xlsx';

export type SheetRow = Record<string, string | number | boolean | null | undefined>;

export function writeWorkbook(path: string, rows: SheetRow[], bookType: 'xlsx' | 'biff8' = 'xlsx'): string {
  const sheet = XLSX.utils.json_to_sheet(rows);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
  writeFileSync(path, XLSX.write(book, { type: 'buffer', bookType }));
  return path;
}

let counter = 0;

/** A realistic row; place ids are unique per call unless given. */
export function mapsRow(overrides: SheetRow = {}): SheetRow {
  counter++;
  const n = String(counter).padStart(6, '0');
  return {
    name: `Smile Dental ${n}`,
    category: 'Dentist',
    full_address: `${counter} W Madison St, Chicago, IL 60602`,
    postal_code: '60602',
    country: 'United States of America',
    country_code: 'US',
    phone: '+1 312-555-0142',
    rating: 4.6,
    reviews: 120,
    photo: 'https://lh5.googleusercontent.com/p/AF1QipTest=w800-h500-k-no',
    working_hours: JSON.stringify({
      Monday: '9AM–5PM',
      Tuesday: '9AM–5PM',
      Wednesday: '9AM–5PM',
      Thursday: '9AM–5PM',
      Friday: '9AM–1PM',
      Saturday: 'Closed',
      Sunday: 'Closed',
    }),
    about: JSON.stringify({ Accessibility: { 'Wheelchair accessible entrance': true } }),
    place_id: `ChIJtestPlace${n}abcdefghijk`.slice(0, 27),
    location_link: 'https://www.google.com/maps/place/X/@41.8819,-87.6278,14z/data=!4m8!3d41.8819!4d-87.6278',
    ...overrides,
  };
}
