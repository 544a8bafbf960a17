// Search quality against the judged query set (fixtures/search-judgements.ts) on 3,000 generated
// businesses imported through the real importer, on SQLite and on a PostgreSQL copy of the same rows:
// per kind of query, mean precision@10, mean recall against the query's plain form, and no query
// without results while its plain form has some; both dialects give the same first pages.
// Definitions in testing/judge.ts. The thresholds are what an engine with word forms, typos, synonyms
// and places meets; the exact-word engine it replaces fails every kind but plain and ambiguous.
// bench/search-quality.bench.ts runs the same set on a bigger database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dialect } from '../../../db/query/prepared-query.ts';
import { CATEGORIES } from '../../../fixtures/generator/categories.ts';
import {
  JUDGEMENT_KINDS,
  type Judgement,
  type JudgementKind,
  SEARCH_JUDGEMENTS,
} from '../../../fixtures/search-judgements.ts';
import { DIALECTS } from '../testing/test-store.ts';
import { searchDirectory } from './search.ts';
import {
  allowedEdits,
  createJudgedDatabase,
  describeScore,
  editDistance,
  judgeAll,
  type KindSummary,
  kindTable,
  type QueryScore,
  summariseByKind,
} from './testing/judge.ts';
import { createSearchStore, type SearchStore } from './testing/search-store.ts';

/** Mean precision@10 and mean recall vs plain each kind must reach (recall null: not defined). */
// biome-ignore format: a table reads best one entry per line
const THRESHOLDS: Record<JudgementKind, { precision: number; recall: number | null }> = {
  plain: { precision: 0.9, recall: null },
  plural: { precision: 0.9, recall: 0.9 },
  form: { precision: 0.9, recall: 0.9 },
  typo: { precision: 0.9, recall: 0.9 },
  // A synonym may be a narrower word than its plain form (bookkeeper, accountant): it need not find
  // every business the plain form does.
  synonym: { precision: 0.9, recall: 0.8 },
  'place-alias': { precision: 0.9, recall: 0.9 },
  'one-box': { precision: 0.9, recall: 0.9 },
  'location-only': { precision: 0.9, recall: 0.9 },
  ambiguous: { precision: 0.9, recall: null },
};

/** Each dialect's scores, kept for the comparison at the end. */
const scoresOf = new Map<Dialect, QueryScore[]>();

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
const typed = (j: Pick<Judgement, 'q' | 'location'>) => [...words(j.q), ...words(j.location ?? '')];

describe('the judged query set', () => {
  it('is large enough and names every category in the singular and the plural', () => {
    expect(SEARCH_JUDGEMENTS.length).toBeGreaterThanOrEqual(320);
    const missing = CATEGORIES.flatMap((category) =>
      (['plain', 'plural'] as const)
        .filter(
          (kind) =>
            !SEARCH_JUDGEMENTS.some(
              (j) =>
                j.kind === kind && j.location === undefined && j.expect.categories?.includes(category.name),
            ),
        )
        .map((kind) => `${category.name} (${kind})`),
    );
    expect(missing).toEqual([]);
    for (const kind of JUDGEMENT_KINDS)
      expect(SEARCH_JUDGEMENTS.filter((j) => j.kind === kind).length).toBeGreaterThan(0);
  });

  it('has typos within the rules (1 edit for 5–8 letters, 2 for 9+) and unfuzzed words outside them', () => {
    const wrong: string[] = [];
    for (const j of SEARCH_JUDGEMENTS.filter((j) => j.kind === 'typo')) {
      const a = typed(j);
      const b = typed(j.plain);
      if (a.length !== b.length) {
        wrong.push(`${j.q}: not word for word with its plain form`);
        continue;
      }
      const pairs = a.map((word, i) => [word, b[i]!] as const).filter(([x, y]) => x !== y);
      if (pairs.length === 0) wrong.push(`${j.q}: no typo`);
      for (const [word, meant] of pairs) {
        const distance = editDistance(word, meant);
        const withinRules = distance <= allowedEdits(word);
        if (withinRules === Boolean(j.unfuzzed))
          wrong.push(
            `${word} → ${meant}: ${distance} edits, ${j.unfuzzed ? 'must not' : 'must'} be corrected`,
          );
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe.each(DIALECTS)('search quality on %s', (dialect) => {
  let database: SearchStore | undefined;
  let scores: QueryScore[];
  let summaries: KindSummary[];
  let failed = false;

  beforeAll(async () => {
    database = await createSearchStore(dialect, () => createJudgedDatabase({ count: 3000, seed: 7 }));
    const { store, source } = database;
    scores = await judgeAll(source.sqlite, SEARCH_JUDGEMENTS, (need, pageSize) =>
      searchDirectory(store, { q: need.q, location: need.location, page: 1, pageSize }),
    );
    summaries = summariseByKind(scores);
    scoresOf.set(dialect, scores);
    // The figures the decision records, per dialect.
    console.log(`search quality on ${dialect} by kind:\n${kindTable(summaries)}`);
  }, 240_000);

  afterAll(async () => {
    if (failed && summaries) console.log(`search quality on ${dialect} by kind:\n${kindTable(summaries)}`);
    await database?.dispose();
  });

  /** Asserts that nothing failed; on failure prints the table and what came back. */
  function expectNoFailures(failures: QueryScore[] | string[], heading: string): void {
    if (failures.length === 0) return;
    failed = true;
    const details = failures.map((f) => (typeof f === 'string' ? f : describeScore(f))).join('\n');
    const report = `${dialect}: ${heading}\n${kindTable(summaries)}\n\n${details}`;
    console.log(report);
    throw new Error(report);
  }

  it('has relevant businesses in the test data for every judgement', () => {
    const empty = scores.filter((s) => s.relevantTotal === 0).map((s) => describeScore(s));
    expect(empty).toEqual([]);
  });

  it.each(JUDGEMENT_KINDS)('%s queries: precision, recall and no lost results', (kind) => {
    const threshold = THRESHOLDS[kind];
    const summary = summaries.find((s) => s.kind === kind)!;
    const ofKind = scores.filter((s) => s.judgement.kind === kind && !s.judgement.unfuzzed);
    const problems: string[] = [];
    if ((summary.meanPrecision ?? 0) < threshold.precision)
      problems.push(`mean precision@10 ${summary.meanPrecision?.toFixed(3)} < ${threshold.precision}`);
    if (threshold.recall !== null && (summary.meanRecall ?? 0) < threshold.recall)
      problems.push(`mean recall vs plain ${summary.meanRecall?.toFixed(3)} < ${threshold.recall}`);
    if (summary.zeroResults > 0) problems.push(`${summary.zeroResults} queries without results`);
    const weak = ofKind
      .filter(
        (s) =>
          s.zeroWhilePlainHasSome ||
          (s.precision !== null && s.precision < threshold.precision) ||
          (threshold.recall !== null && s.recall !== null && s.recall < threshold.recall),
      )
      .sort((a, b) => (a.precision ?? 1) - (b.precision ?? 1));
    if (problems.length > 0)
      expectNoFailures(weak, `${kind}: ${problems.join('; ')}. Queries below the bar, worst first:`);
  });

  it('leaves short words and words too many edits away uncorrected', () => {
    const corrected = scores.filter((s) => s.unfuzzedOk === false);
    expectNoFailures(corrected, 'corrected although the rules forbid it:');
  });

  it('puts businesses named after the city first for "chicago pizza"', () => {
    const score = scores.find((s) => s.judgement.q === 'chicago pizza')!;
    const first = score.top[0];
    if (!first?.name.startsWith('Chicago Pizza')) expectNoFailures([score], '"chicago pizza":');
  });
});

describe('the two dialects', () => {
  it('give the same first page for every judged query', () => {
    const [sqlite, postgres] = DIALECTS.map((dialect) => scoresOf.get(dialect));
    if (!sqlite || !postgres) throw new Error('a dialect did not run');
    const pageOf = (score: QueryScore) => score.top.map((line) => `${line.name} (${line.place})`);
    const differing = sqlite
      .map((score, i) => ({ score, other: postgres[i]! }))
      .filter(({ score, other }) => JSON.stringify(pageOf(score)) !== JSON.stringify(pageOf(other)))
      .map(
        ({ score, other }) =>
          `${score.judgement.q} @ ${score.judgement.location ?? ''}:\n  sqlite   ${pageOf(score).join('; ')}\n  postgres ${pageOf(other).join('; ')}`,
      );
    expect(differing).toEqual([]);
  });
});
