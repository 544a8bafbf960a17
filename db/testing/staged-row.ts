// Test support: a complete staged row with overridable fields, and staging plus merging rows.
import type { Sqlite } from '../connection.ts';
import {
  createStager,
  type MergeOptions,
  type MergeResult,
  mergeStagedRows,
  type StagedExtras,
  type StagedRow,
} from '../import-repository.ts';
import { BUSINESS_FIELDS } from '../business-fields.ts';
import { createImportRun } from '../import-runs-repository.ts';

/** Every field given, as a complete spreadsheet row gives them (the approval is never an update's). */
export const ALL_GIVEN = BUSINESS_FIELDS.reduce(
  (mask, field) => (field.key === 'isVerified' ? mask : mask | (2 ** field.bit)),
  0,
);

export type TestStagedRow = StagedRow & StagedExtras;

export function stagedRow(rowNumber: number, overrides: Partial<TestStagedRow> = {}): TestStagedRow {
  const placeId = overrides.place_id ?? `ChIJtest${String(rowNumber).padStart(19, '0')}`;
  return {
    row_number: rowNumber,
    place_id: placeId,
    slug: `business-${rowNumber}-${placeId.slice(0, 7)}`,
    name: `Business ${rowNumber}`,
    category: 'Dentist',
    category_group: 'Healthcare',
    description: null,
    address: `${rowNumber} Main St, Chicago, IL 60601`,
    city: 'Chicago',
    city_key: 'chicago',
    state: 'IL',
    country: 'United States',
    country_code: 'US',
    zip_code: '60601',
    phone: '+1 312-555-0100',
    phone_international: '+13125550100',
    email: null,
    website: null,
    rating: 4.5,
    review_count: 10,
    is_verified: 0,
    photos: '[]',
    location_link: null,
    latitude: 41.88,
    longitude: -87.63,
    time_zone: 'America/Chicago',
    hours: null,
    hours_text: null,
    attributes: null,
    business_status: 'OPERATIONAL',
    present_mask: ALL_GIVEN,
    fill_mask: 0,
    given_id: null,
    about: null,
    seo_title: null,
    seo_description: null,
    canonical_url: null,
    created_at: null,
    updated_at: null,
    ...overrides,
  };
}

/** Picks `<slug>-2`, `<slug>-3`… for a staged row whose slug is taken, as the importer does. */
export const numberedSlug: MergeOptions['resolveSlug'] = (row, isTaken) => {
  for (let n = 2; ; n++) if (!isTaken(`${row.slug}-${n}`)) return `${row.slug}-${n}`;
};

/** Stages rows under a new import run and merges them, as one import does. */
export function stageAndMerge(
  sqlite: Sqlite,
  rows: readonly TestStagedRow[],
  options: Partial<MergeOptions> = {},
): MergeResult {
  const runId = createImportRun(sqlite, {
    fileName: 't.xlsx',
    startedBy: 'test',
    updateMode: false,
    dryRun: false,
  });
  createStager(sqlite, runId)(rows);
  return mergeStagedRows(sqlite, runId, { updateExisting: false, resolveSlug: numberedSlug, ...options });
}
