// "Add Your Business" on both dialects at once: the same submissions held, listed, approved and
// rejected give the same answers, rows, search results and counts on SQLite and PostgreSQL; on
// PostgreSQL the rate limit holds across server instances (two stores on one database), also for
// posts racing each other, and a write held up by another transaction (an import's merge) answers
// "busy" after a bounded wait instead of hanging.
import { describe, expect, it } from 'vitest';
import { listRecentActivity } from '../../../db/activity-repository.ts';
import { POSTGRES_LOCK_WAIT_MS } from '../../../db/bounded-write.ts';
import type { Dialect } from '../../../db/query/prepared-query.ts';
import { BusinessWriteBusy, editBusiness, listBusinessesForAdmin } from '../businesses/admin-businesses.ts';
import { expectCountsAsRecounted, rowsOf } from '../businesses/testing/derived-state.ts';
import { useSecondInstance } from '../businesses/testing/second-instance.ts';
import { seededStoresForTests } from '../testing/seeded-stores.ts';
import { DIALECTS } from '../testing/test-store.ts';
import {
  approveSubmission,
  countHeldSubmissions,
  listHeldSubmissions,
  ModerationBusy,
  rejectSubmission,
} from './moderate-submissions.ts';
import { SUBMISSION_LIMIT, type SubmissionContext, submitBusiness } from './submit-business.ts';
import { SAMPLE_LISTING, sequentialReferences } from './testing/sample-listing.ts';

const { storeOf, addressOf, expectSame } = seededStoresForTests({ businesses: 40 });
const ADMIN = { actor: 'admin:alice', now: () => new Date('2026-11-26T12:00:00.000Z') };
const NOW = Date.parse('2026-11-26T11:00:00.000Z');

const VALID = SAMPLE_LISTING;

let nextReference = sequentialReferences();
function context(ip: string, now = NOW): SubmissionContext {
  return { ip, now: () => now, newReference: nextReference };
}

describe('moderation on both dialects', () => {
  it('holds, lists, approves and rejects the same way, the search and counts following', async () => {
    // Each dialect gets the same references in the same order.
    const held: Record<Dialect, number[]> = { sqlite: [], postgres: [] };
    for (const dialect of DIALECTS) {
      nextReference = sequentialReferences();
      for (const [i, name] of ['Quokka Roasters', 'Wombat Bakes', 'Numbat Tea'].entries()) {
        const outcome = await submitBusiness(
          storeOf(dialect),
          { ...VALID, name },
          context(`192.0.2.${i + 1}`),
        );
        expect(outcome.outcome, dialect).toBe('held');
        if (outcome.outcome === 'held') held[dialect].push(outcome.id);
      }
    }
    expect(held.postgres).toEqual(held.sqlite);
    await expectSame((store) => listHeldSubmissions(store, { limit: 2, offset: 0 }));
    await expectSame((store) => listHeldSubmissions(store, { limit: 2, offset: 2 }));
    const [first, second, third] = held.sqlite as [number, number, number];

    const approved = await expectSame((store) =>
      approveSubmission(store, first, { ...ADMIN, verified: true }),
    );
    expect(approved).toMatchObject({ name: 'Quokka Roasters', isVerified: true });
    await expectSame((store) => approveSubmission(store, first, { ...ADMIN, verified: true }));
    await expectSame((store) => approveSubmission(store, second, { ...ADMIN, verified: false }));
    await expectSame((store) => rejectSubmission(store, third, { ...ADMIN, reason: 'Not a real business' }));
    expect(await expectSame(countHeldSubmissions)).toBe(0);

    const found = await expectSame((store) =>
      listBusinessesForAdmin(store, { limit: 10, offset: 0, search: 'quokka roasters' }),
    );
    expect(found.businesses.map((b) => b.name)).toEqual(['Quokka Roasters']);
    await expectSame(
      (store) =>
        rowsOf(
          store,
          `SELECT b.id, b.slug, b.created_at, p.hours FROM businesses b
           JOIN business_hours h ON h.business_id = b.id JOIN hours_patterns p ON p.id = h.pattern_id
           WHERE b.place_id LIKE 'submission:%' ORDER BY b.id`,
        ),
      'hours of the published listings',
    );
    for (const dialect of DIALECTS) await expectCountsAsRecounted(storeOf(dialect));
    await expectSame(async (store) =>
      (await listRecentActivity(store, 10)).map(({ kind, actor, detail, count }) => ({
        kind,
        actor,
        detail,
        count,
      })),
    );
  });
});

describe('on PostgreSQL, across server instances', () => {
  const second = useSecondInstance(() => addressOf('postgres'));

  it('counts one submission limit for an address, whichever instance it posts to', async () => {
    const instances = [storeOf('postgres'), second.store()];
    const ip = '198.51.100.20';
    for (let i = 0; i < SUBMISSION_LIMIT.maxEvents; i++) {
      const outcome = await submitBusiness(instances[i % 2]!, { ...VALID, name: `Limit ${i}` }, context(ip));
      expect(outcome.outcome).toBe('held');
    }
    for (const store of instances)
      expect((await submitBusiness(store, { ...VALID, name: 'One more' }, context(ip))).outcome).toBe(
        'throttled',
      );
  });

  it('lets no more than the limit through when posts race each other on both instances', async () => {
    const instances = [storeOf('postgres'), second.store()];
    const ip = '198.51.100.21';
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        submitBusiness(instances[i % 2]!, { ...VALID, name: `Race ${i}` }, context(ip)),
      ),
    );
    const held = outcomes.filter((outcome) => outcome.outcome === 'held');
    expect(held).toHaveLength(SUBMISSION_LIMIT.maxEvents);
    expect(outcomes.filter((outcome) => outcome.outcome === 'throttled')).toHaveLength(
      12 - SUBMISSION_LIMIT.maxEvents,
    );
  });

  it('approves a submission once when two instances approve it at the same time', async () => {
    const outcome = await submitBusiness(
      second.store(),
      { ...VALID, name: 'Twice Approved' },
      context('198.51.100.22'),
    );
    if (outcome.outcome !== 'held') throw new Error(outcome.outcome);
    const answers = await Promise.all([
      approveSubmission(storeOf('postgres'), outcome.id, { ...ADMIN, verified: false }),
      approveSubmission(second.store(), outcome.id, { ...ADMIN, verified: false }),
    ]);
    expect(answers.filter((answer) => answer !== undefined)).toHaveLength(1);
    const published = await rowsOf(
      storeOf('postgres'),
      `SELECT id FROM businesses WHERE name = 'Twice Approved'`,
    );
    expect(published).toHaveLength(1);
  });

  it('answers busy, after a bounded wait, while another transaction holds what a write needs', async () => {
    const store = storeOf('postgres');
    if (store.dialect !== 'postgres') throw new Error('unreachable');
    const outcome = await submitBusiness(store, { ...VALID, name: 'Held Up' }, context('198.51.100.23'));
    if (outcome.outcome !== 'held') throw new Error(outcome.outcome);
    const { id } = (await rowsOf<{ id: number }>(store, 'SELECT id FROM businesses ORDER BY id LIMIT 1'))[0]!;
    // As an import's merge does: the data version's row (and the counts) locked until it commits.
    const merge = await store.connect();
    try {
      await merge.query('BEGIN');
      await merge.query(`UPDATE site_stats SET value = value WHERE key = 'data_version'`);
      const started = performance.now();
      await expect(
        editBusiness(store, id, { name: 'Blocked' }, { actor: 'admin:alice', siteUrl: 'x' }),
      ).rejects.toThrow(BusinessWriteBusy);
      await expect(approveSubmission(store, outcome.id, { ...ADMIN, verified: false })).rejects.toThrow(
        ModerationBusy,
      );
      const waited = performance.now() - started;
      expect(waited).toBeGreaterThanOrEqual(2 * POSTGRES_LOCK_WAIT_MS - 100);
      expect(waited).toBeLessThan(2 * POSTGRES_LOCK_WAIT_MS + 3_000);
    } finally {
      await merge.query('ROLLBACK');
      merge.release();
    }
    expect(
      (await editBusiness(store, id, { name: 'Unblocked' }, { actor: 'admin:alice', siteUrl: 'x' }))?.name,
    ).toBe('Unblocked');
    expect(await approveSubmission(store, outcome.id, { ...ADMIN, verified: false })).toBeDefined();
  }, 20_000);
});
