// Test support: a complete staged row with overridable fields, and staging plus merging rows.
import type { Sqlite } from '../connection.ts';
import {
  createStager,
  type MergeOptions,
  type MergeResult,
  mergeStagedRows,
  type StagedRow,
} from '../import-repository.ts';
import { createImportRun } from '../import-runs-repository.ts';

export function stagedRow(rowNumber: number, overrides: Partial<StagedRow> = {}): StagedRow {
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
  rows: readonly StagedRow[],
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
