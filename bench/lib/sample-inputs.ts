// The inputs the benchmarks on the 1M-row database cycle through, drawn from the data so that every
// request hits a real row or city: slugs spread evenly over the ids, and the largest cities.
import BetterSqlite3 from 'better-sqlite3';

export interface SampleInputs {
  total: number;
  slugs: string[];
  cities: string[];
}

export function sampleInputs(dbPath: string, counts = { slugs: 2000, cities: 40 }): SampleInputs {
  const sqlite = new BetterSqlite3(dbPath, { readonly: true });
  try {
    const total = sqlite.prepare('SELECT COUNT(*) FROM businesses').pluck().get() as number;
    const slugs = sqlite
      .prepare('SELECT slug FROM businesses WHERE id % ? = 0 LIMIT ?')
      .pluck()
      .all(Math.max(1, Math.floor(total / counts.slugs)), counts.slugs) as string[];
    const cities = sqlite
      .prepare('SELECT name FROM city_stats ORDER BY business_count DESC LIMIT ?')
      .pluck()
      .all(counts.cities) as string[];
    return { total, slugs, cities };
  } finally {
    sqlite.close();
  }
}
