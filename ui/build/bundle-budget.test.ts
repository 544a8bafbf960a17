// Issue 4's budget: the JavaScript a first visit of a public page loads (the entry chunk and its
// static imports; the admin screens are separate chunks) is at most 120 KB compressed. The test
// setup builds the client; the build records the sizes in dist/client/bundle-size.json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_VISIT_JS_BUDGET_BYTES } from './precompress-assets.ts';

const report = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'dist', 'client', 'bundle-size.json'), 'utf8'),
) as {
  totalGzipBytes: number;
  files: { file: string; gzipBytes: number }[];
  onDemand: Record<string, number>;
};

describe('first-visit JavaScript', () => {
  it('stays within 120 KB compressed', () => {
    expect(report.files.length).toBeGreaterThan(0);
    expect(report.totalGzipBytes).toBeGreaterThan(50_000); // React itself: a build that lost it is wrong
    expect(report.totalGzipBytes).toBeLessThanOrEqual(FIRST_VISIT_JS_BUDGET_BYTES);
  });

  it('keeps the admin screens out of the first visit', () => {
    expect(report.files.some((f) => /admin/.test(f.file))).toBe(false);
  });

  it('keeps the map (Leaflet) out of the first visit: its chunk loads on demand (decision 0027)', () => {
    expect(report.files.some((f) => /leaflet/.test(f.file))).toBe(false);
    expect(report.onDemand['leaflet-map']).toBeGreaterThan(30_000);
  });
});
