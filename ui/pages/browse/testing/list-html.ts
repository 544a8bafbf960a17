// Test support for the list pages' server-render tests: readers for the HTML they answer (the card
// links, the pager, the visible text) and a way to add businesses with chosen (hostile) fields.
import type { Sqlite } from '../../../../db/connection.ts';
import { ftsRebuild } from '../../../../db/search/fts-index.ts';
import { refreshAggregates } from '../../../../db/stats-repository.ts';
import { fixtureRowToBusiness, insertBusinesses } from '../../../../fixtures/generator/database-rows.ts';
import { type FixtureRow, generateRows } from '../../../../fixtures/generator/rows.ts';
import { decodeEntities } from '../../../../server/ssr/testing/site-test-env.ts';

/** The detail links of the business cards, in page order. */
export function cardLinks(html: string): string[] {
  return [...html.matchAll(/<h[23] class="bcard__name"><a\b[^>]*>/g)].map((m) =>
    decodeEntities(/\bhref="([^"]*)"/.exec(m[0])?.[1] ?? ''),
  );
}

/** Every href of the page's pager (Previous, numbers, Next), decoded. */
export function pagerLinks(html: string): string[] {
  const pager = /<nav class="pager"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
  return [...pager.matchAll(/\bhref="([^"]*)"/g)].map((m) => decodeEntities(m[1] ?? ''));
}

/** The body's text without tags or the page data, spaces collapsed (for "contains this text"). */
export function visibleText(html: string): string {
  const start = html.indexOf('<body');
  const body = start < 0 ? html : html.slice(start);
  return decodeEntities(
    body
      .replace(/<script\b[\s\S]*?<\/script>/g, ' ')
      .replace(/<!-- -->/g, '')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first <h1>'s text. */
export function h1Of(html: string): string {
  return visibleText(/<h1\b[\s\S]*?<\/h1>/.exec(html)?.[0] ?? '');
}

/** Server HTML must never hold loading placeholders. */
export function hasSkeletons(html: string): boolean {
  return /class="[^"]*\bbskel/.test(html);
}

/** Adds `count` generated businesses with some fields replaced (city, category, name...), and
 *  refreshes what the imports keep current: the count tables and the full-text index (which
 *  seedBusinesses leaves empty). */
export function addBusinesses(
  sqlite: Sqlite,
  count: number,
  fields: Partial<FixtureRow>,
  options: { seed?: number; firstIndex?: number } = {},
): void {
  const firstIndex = options.firstIndex ?? 100_000;
  const rows = [...generateRows({ count, seed: options.seed ?? 77 })];
  insertBusinesses(
    sqlite,
    rows.map((row, i) =>
      fixtureRowToBusiness(
        { ...row, ...fields, place_id: `added-${firstIndex + i}` },
        firstIndex + i,
        '2026-01-01T00:00:00.000Z',
      ),
    ),
  );
  refreshAggregates(sqlite);
  ftsRebuild(sqlite);
}

/** Indexes every business for search (seedBusinesses writes the table only). */
export function indexForSearch(sqlite: Sqlite): void {
  ftsRebuild(sqlite);
}
