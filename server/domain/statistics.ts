// Site-wide figures, read from the precomputed count tables (never a scan per request).
import type { Sqlite } from '../../db/connection.ts';
import {
  readCategoryCounts,
  readCountryCounts,
  readSiteCounts,
  readTopCities,
} from '../../db/stats-repository.ts';
import type { CategorySummary, CountryEntry, Statistics } from '../contract/business.ts';

export function getStatistics(sqlite: Sqlite): Statistics {
  return readSiteCounts(sqlite);
}

export function getCategorySummaries(sqlite: Sqlite): CategorySummary[] {
  return readCategoryCounts(sqlite);
}

export function getCountryEntries(sqlite: Sqlite): CountryEntry[] {
  return readCountryCounts(sqlite);
}

export function getTopCities(sqlite: Sqlite, limit: number) {
  return readTopCities(sqlite, limit);
}
