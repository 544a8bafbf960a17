// Scores search answers against the judged query set (fixtures/search-judgements.ts): shared by the
// quality test (server/domain/search/search-quality.test.ts) and the benchmark
// (bench/search-quality.bench.ts).
//
// Per query:
// - precision@10: of the first k = min(10, relevant businesses in the database) results of page 1
//   (page size 10), the share that is relevant; results missing from the page count as misses.
//   Rows the generator filed under a navigation group's name (5 %: "Restaurants", "Healthcare"…)
//   cannot be judged by category: when the expected categories belong to that group, such a row is
//   left out of the list before scoring, and k shrinks by one for each left out of page 1 (a
//   condensed list).
// - recall vs plain: of the relevant results on the plain form's page 1 (page size 10), the share
//   that the query finds at all, i.e. among its first RECALL_DEPTH results (every result on the
//   test's 3,000 rows). Not "on the query's first page": a plural, a word form or a synonym rightly
//   ranks other relevant businesses first (exact words before forms), which says nothing about what
//   it finds; precision judges the first page. Not defined for a plain query (its own plain form) nor
//   when the plain form's page 1 holds nothing relevant.
// - zero results while the plain form has some: the query lost a need that its plain form meets.
// - an unfuzzed query (a word that must not be corrected) passes when nothing relevant is on page 1.
import { join } from 'node:path';
import type { Sqlite } from '../../../../db/connection.ts';
import { createTempDatabase, type TempDatabase } from '../../../../db/testing/temp-database.ts';
import { writeFixtureXlsx } from '../../../../fixtures/generate.ts';
import { CATEGORIES } from '../../../../fixtures/generator/categories.ts';
import {
  type Expectation,
  JUDGEMENT_KINDS,
  type Judgement,
  type JudgementKind,
  type SearchNeed,
} from '../../../../fixtures/search-judgements.ts';
import type { Business } from '../../../contract/business.ts';
import { importSpreadsheet } from '../../import/import-spreadsheet.ts';
import { ensureSearchIndex } from '../search-index-state.ts';

export const PRECISION_DEPTH = 10;
export const RECALL_DEPTH = 1000;

/** What scoring reads of an answer (SearchAnswer has more). */
export interface JudgedAnswer {
  businesses: Business[];
  totalCount: number;
}

/** Runs one search, page 1 of `pageSize` results. */
export type SearchRunner = (need: SearchNeed, pageSize: number) => Promise<JudgedAnswer>;

export interface ResultLine {
  name: string;
  category: string;
  place: string;
  verdict: 'relevant' | 'not relevant' | 'unjudged';
}

export interface QueryScore {
  judgement: Judgement;
  /** Relevant businesses in the database (0: the judgement cannot be scored on this data). */
  relevantTotal: number;
  k: number;
  precision: number | null;
  recall: number | null;
  totalCount: number;
  plainTotalCount: number;
  zeroWhilePlainHasSome: boolean;
  /** Only for unfuzzed judgements: nothing relevant on page 1. */
  unfuzzedOk: boolean | null;
  /** Page 1 as judged, for the report. */
  top: ResultLine[];
  /** Milliseconds of the page-1 search (size 10). */
  ms: number;
}

// Category name → its navigation group, and the groups' names (categories of 5 % of the rows).
const GROUP_OF = new Map(CATEGORIES.map((c) => [c.name, c.group as string]));
const GROUP_NAMES = new Set(CATEGORIES.map((c) => c.group as string));

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

function placeMatches(expect: Expectation, b: Business): boolean {
  if (expect.city !== undefined && fold(b.city) !== fold(expect.city)) return false;
  if (expect.state !== undefined && fold(b.state) !== fold(expect.state)) return false;
  if (expect.country !== undefined && b.countryCode !== expect.country) return false;
  if (expect.postcode !== undefined) {
    const zip = fold(b.zipCode);
    const code = fold(expect.postcode);
    if (zip !== code && !zip.startsWith(`${code} `)) return false;
  }
  return true;
}

function nameMatches(expect: Expectation, b: Business): boolean {
  return !expect.nameIncludes || expect.nameIncludes.some((part) => fold(b.name).includes(fold(part)));
}

export function isRelevant(expect: Expectation, b: Business): boolean {
  if (expect.categories && !expect.categories.includes(b.category)) return false;
  return placeMatches(expect, b) && nameMatches(expect, b);
}

/** A row filed under the group name of an expected category, otherwise matching: not judgeable. */
export function isUnjudged(expect: Expectation, b: Business): boolean {
  if (!expect.categories || expect.categories.includes(b.category) || !GROUP_NAMES.has(b.category))
    return false;
  const groups = new Set(expect.categories.map((c) => GROUP_OF.get(c)));
  return groups.has(b.category) && placeMatches(expect, b) && nameMatches(expect, b);
}

/** How many businesses of the database are relevant (SQL: the bench's database has a million). */
export function countRelevant(sqlite: Sqlite, expect: Expectation): number {
  const where: string[] = [];
  const args: string[] = [];
  if (expect.categories) {
    if (expect.categories.length === 0) return 0;
    where.push(`category IN (${expect.categories.map(() => '?').join(', ')})`);
    args.push(...expect.categories);
  }
  if (expect.city !== undefined) {
    where.push('city = ? COLLATE NOCASE');
    args.push(expect.city);
  }
  if (expect.state !== undefined) {
    where.push('state = ? COLLATE NOCASE');
    args.push(expect.state);
  }
  if (expect.country !== undefined) {
    where.push('country_code = ?');
    args.push(expect.country);
  }
  if (expect.postcode !== undefined) {
    where.push(`(zip_code = ? COLLATE NOCASE OR zip_code LIKE ? ESCAPE '\\')`);
    args.push(expect.postcode, `${expect.postcode.replace(/[\\%_]/g, '\\$&')} %`);
  }
  if (expect.nameIncludes) {
    // LIKE folds ASCII case; the judged names are ASCII.
    where.push(`(${expect.nameIncludes.map(() => "name LIKE ? ESCAPE '\\'").join(' OR ')})`);
    args.push(...expect.nameIncludes.map((part) => `%${part.replace(/[\\%_]/g, '\\$&')}%`));
  }
  const sql = `SELECT COUNT(*) FROM businesses${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
  return sqlite
    .prepare(sql)
    .pluck()
    .get(...args) as number;
}

export const sameNeed = (a: SearchNeed, b: SearchNeed): boolean =>
  a.q === b.q && (a.location ?? '') === (b.location ?? '');

export const needLabel = (need: SearchNeed): string =>
  need.location === undefined ? `"${need.q}"` : `"${need.q}" @ "${need.location}"`;

/** Runs every judged query (and its plain form) and scores it. Searches are memoised per need and
 *  page size, so a plain form shared by many queries runs once. */
export async function judgeAll(
  sqlite: Sqlite,
  judgements: readonly Judgement[],
  search: SearchRunner,
): Promise<QueryScore[]> {
  const answers = new Map<string, { answer: JudgedAnswer; ms: number }>();
  const run = async (need: SearchNeed, pageSize: number) => {
    const key = `${need.q}\u0000${need.location ?? ''}\u0000${pageSize}`;
    let entry = answers.get(key);
    if (!entry) {
      const started = performance.now();
      const answer = await search(need, pageSize);
      entry = { answer, ms: performance.now() - started };
      answers.set(key, entry);
    }
    return entry;
  };
  const relevantCounts = new Map<string, number>();
  const relevantTotalOf = (expect: Expectation) => {
    const key = JSON.stringify(expect);
    let total = relevantCounts.get(key);
    if (total === undefined) {
      total = countRelevant(sqlite, expect);
      relevantCounts.set(key, total);
    }
    return total;
  };

  // The searches one after another (their times are measured), then the scores.
  const runs: { page: JudgedAnswer; ms: number; wide: JudgedAnswer; plain: JudgedAnswer }[] = [];
  for (const judgement of judgements) {
    const { answer: page, ms } = await run(judgement, PRECISION_DEPTH);
    const wide = (await run(judgement, RECALL_DEPTH)).answer;
    const plain = (await run(judgement.plain, PRECISION_DEPTH)).answer;
    runs.push({ page, ms, wide, plain });
  }
  return judgements.map((judgement, index): QueryScore => {
    const { expect } = judgement;
    const { page, ms, wide, plain } = runs[index]!;
    const relevantTotal = relevantTotalOf(expect);
    const top = page.businesses.slice(0, PRECISION_DEPTH).map(
      (b): ResultLine => ({
        name: b.name,
        category: b.category,
        place: `${b.city}, ${b.state}, ${b.countryCode ?? b.country}`,
        verdict: isRelevant(expect, b) ? 'relevant' : isUnjudged(expect, b) ? 'unjudged' : 'not relevant',
      }),
    );

    const judged = top.filter((line) => line.verdict !== 'unjudged');
    const unjudgedOnPage = top.length - judged.length;
    const k = Math.min(PRECISION_DEPTH - unjudgedOnPage, relevantTotal);
    const hits = judged.slice(0, Math.max(k, 0)).filter((line) => line.verdict === 'relevant').length;
    const precision = judgement.unfuzzed || k <= 0 ? null : hits / k;

    let recall: number | null = null;
    if (!judgement.unfuzzed && !sameNeed(judgement, judgement.plain)) {
      const wanted = plain.businesses
        .slice(0, PRECISION_DEPTH)
        .filter((b) => isRelevant(expect, b))
        .map((b) => b.id);
      if (wanted.length > 0) {
        const returned = new Set(wide.businesses.map((b) => b.id));
        recall = wanted.filter((id) => returned.has(id)).length / wanted.length;
      }
    }

    return {
      judgement,
      relevantTotal,
      k,
      precision,
      recall,
      totalCount: page.totalCount,
      plainTotalCount: plain.totalCount,
      zeroWhilePlainHasSome:
        !judgement.unfuzzed && page.businesses.length === 0 && plain.businesses.length > 0,
      unfuzzedOk: judgement.unfuzzed ? !top.some((line) => line.verdict === 'relevant') : null,
      top,
      ms,
    };
  });
}

export interface KindSummary {
  kind: JudgementKind | 'typo (unfuzzed)';
  queries: number;
  /** Judgements with no relevant business in this database (not scored). */
  unscorable: number;
  meanPrecision: number | null;
  meanRecall: number | null;
  /** Queries with a recall figure (the rest have none: plain, or nothing relevant in the plain form). */
  recallQueries: number;
  zeroResults: number;
  /** Unfuzzed queries that found what they must not. */
  wronglyCorrected: number;
  medianMs: number;
}

const mean = (values: number[]): number | null =>
  values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function summariseByKind(scores: readonly QueryScore[]): KindSummary[] {
  const groups: [KindSummary['kind'], QueryScore[]][] = JUDGEMENT_KINDS.map((kind) => [
    kind,
    scores.filter((s) => s.judgement.kind === kind && !s.judgement.unfuzzed),
  ]);
  groups.push(['typo (unfuzzed)', scores.filter((s) => s.judgement.unfuzzed)]);
  return groups
    .filter(([, group]) => group.length > 0)
    .map(([kind, group]) => {
      const scorable = group.filter((s) => s.relevantTotal > 0);
      return {
        kind,
        queries: group.length,
        unscorable: group.length - scorable.length,
        meanPrecision: mean(scorable.flatMap((s) => (s.precision === null ? [] : [s.precision]))),
        meanRecall: mean(scorable.flatMap((s) => (s.recall === null ? [] : [s.recall]))),
        recallQueries: scorable.filter((s) => s.recall !== null).length,
        zeroResults: scorable.filter((s) => s.zeroWhilePlainHasSome).length,
        wronglyCorrected: group.filter((s) => s.unfuzzedOk === false).length,
        medianMs: median(group.map((s) => s.ms)),
      };
    });
}

const figure = (value: number | null) => (value === null ? '–' : value.toFixed(3));

/** The per-kind table, markdown. */
export function kindTable(summaries: readonly KindSummary[], options: { timing?: boolean } = {}): string {
  const head = ['kind', 'queries', 'mean precision@10', 'mean recall vs plain', 'zero results'];
  if (options.timing) head.push('median ms');
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const s of summaries) {
    const cells = [
      s.kind,
      `${s.queries}${s.unscorable ? ` (${s.unscorable} unscorable)` : ''}`,
      s.kind === 'typo (unfuzzed)'
        ? `${s.queries - s.wronglyCorrected}/${s.queries} left alone`
        : figure(s.meanPrecision),
      s.recallQueries ? `${figure(s.meanRecall)} (${s.recallQueries})` : '–',
      String(s.zeroResults),
    ];
    if (options.timing) cells.push(s.medianMs.toFixed(1));
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/** One query's score with what came back, for failure reports. */
export function describeScore(score: QueryScore): string {
  const j = score.judgement;
  const head =
    `${j.kind} ${needLabel(j)} (plain ${needLabel(j.plain)}): precision ${figure(score.precision)}, ` +
    `recall ${figure(score.recall)}, ${score.totalCount} found (plain ${score.plainTotalCount}), ` +
    `${score.relevantTotal} relevant in the data; expect ${JSON.stringify(j.expect)}`;
  const lines = score.top.map(
    (line, i) =>
      `    ${i + 1}. ${line.verdict === 'relevant' ? '✓' : line.verdict === 'unjudged' ? '?' : '✗'} ${line.name} — ${line.category} — ${line.place}`,
  );
  return [head, ...(lines.length ? lines : ['    (no results)'])].join('\n');
}

/** Queries below `precisionBelow` or `recallBelow`, with zero results while their plain form has
 *  some, or wrongly corrected; worst first. */
export function weakQueries(
  scores: readonly QueryScore[],
  limits: { precisionBelow: number; recallBelow: number },
): QueryScore[] {
  return scores
    .filter(
      (s) =>
        s.relevantTotal > 0 &&
        ((s.precision !== null && s.precision < limits.precisionBelow) ||
          (s.recall !== null && s.recall < limits.recallBelow) ||
          s.zeroWhilePlainHasSome ||
          s.unfuzzedOk === false),
    )
    .sort((a, b) => (a.precision ?? 1) + (a.recall ?? 1) - ((b.precision ?? 1) + (b.recall ?? 1)));
}

// ---------------------------------------------------------------------------------------------------
// Damerau (optimal string alignment) distance, for checking the typo judgements against the rules.

export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** The edits the rules allow for a typed word: none under 5 letters, 1 for 5–8, 2 for 9 and more. */
export const allowedEdits = (typed: string): number => (typed.length < 5 ? 0 : typed.length <= 8 ? 1 : 2);

// ---------------------------------------------------------------------------------------------------
// The judged database: generated rows through the real importer.

/** A migrated temporary database holding `count` generated businesses (seed `seed`), imported from a
 *  generated .xlsx as an administrator's upload would be, with the search index and the shipped
 *  synonyms in place as after a start. */
export async function createJudgedDatabase(options: { count: number; seed: number }): Promise<TempDatabase> {
  const database = await createTempDatabase('search-quality-');
  try {
    const filePath = join(database.dir, `generated-${options.count}-${options.seed}.xlsx`);
    await writeFixtureXlsx(filePath, options);
    await importSpreadsheet(database, { filePath, startedBy: 'test' });
    ensureSearchIndex(database.sqlite);
    return database;
  } catch (error) {
    await database.dispose();
    throw error;
  }
}
