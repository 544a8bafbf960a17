// The admin business management on both dialects at once: the same generated businesses on SQLite
// and PostgreSQL give the same list pages (filters, sorts, searches, phone and place-id lookups), and
// the same edits, deletions and bulk actions leave the same rows, search results, counts (equal to a
// full recount), hours index and activity log on both.
import { describe, expect, it } from 'vitest';
import { listRecentActivity } from '../../../db/activity-repository.ts';
import { ADMIN_SORT_COLUMNS } from '../../contract/admin-businesses.ts';
import { searchText } from '../search/search.ts';
import { seededStoresForTests } from '../testing/seeded-stores.ts';
import { settledDataVersion } from '../testing/settled-data-version.ts';
import { DIALECTS } from '../testing/test-store.ts';
import {
  type AdminBusinessQuery,
  BusinessWriteBusy,
  bulkBusinessAction,
  deleteBusiness,
  editBusiness,
  getBusinessForAdmin,
  listBusinessesForAdmin,
} from './admin-businesses.ts';
import { countsOf, expectCountsAsRecounted, hoursIndexOf, rowsOf } from './testing/derived-state.ts';
import { useSecondInstance } from './testing/second-instance.ts';

const { storeOf, addressOf, expectSame } = seededStoresForTests({ businesses: 150 });
const OPTIONS = {
  actor: 'admin:alice',
  siteUrl: 'https://directory.test',
  now: () => new Date('2026-11-26T12:00:00.000Z'),
};

const sample = async <R>(text: string) => (await rowsOf<R>(storeOf('sqlite'), text))[0]!;

describe('the admin list on both dialects', () => {
  it('gives the same pages for every filter, sort and search', async () => {
    const { country } = await sample<{ country: string }>(
      'SELECT country, COUNT(*) AS n FROM businesses GROUP BY country ORDER BY n DESC LIMIT 1',
    );
    const { category, category_group } = await sample<{ category: string; category_group: string }>(
      'SELECT category, category_group, COUNT(*) AS n FROM businesses GROUP BY category ORDER BY n DESC LIMIT 1',
    );
    const { word } = await sample<{ word: string }>(
      `SELECT lower(substr(name, 1, instr(name || ' ', ' ') - 1)) AS word FROM businesses ORDER BY id LIMIT 1`,
    );
    const queries: AdminBusinessQuery[] = [
      { limit: 50, offset: 0 },
      { limit: 7, offset: 140 },
      { limit: 20, offset: 0, status: 'verified' },
      { limit: 20, offset: 5, status: 'pending', country },
      { limit: 20, offset: 0, category },
      { limit: 20, offset: 0, category: category_group },
      { limit: 20, offset: 0, category: 'No Such Category' },
      { limit: 30, offset: 0, country, category: category_group, status: 'verified' },
      { limit: 20, offset: 0, search: word },
      { limit: 20, offset: 0, search: category },
      { limit: 20, offset: 0, search: `${category} ${country}`, status: 'pending' },
      { limit: 20, offset: 0, search: 'qwxzv' },
    ];
    for (const column of ADMIN_SORT_COLUMNS)
      for (const order of ['asc', 'desc'] as const) {
        queries.push({ limit: 25, offset: 0, sort: { column, order } });
        queries.push({ limit: 25, offset: 60, sort: { column, order }, status: 'verified' });
        queries.push({ limit: 25, offset: 0, sort: { column, order }, search: category });
      }
    let found = 0;
    for (const query of queries) {
      const answer = await expectSame((store) => listBusinessesForAdmin(store, query), JSON.stringify(query));
      found += answer.businesses.length;
    }
    expect(found).toBeGreaterThan(500);
  });

  it('finds a business by its phone number typed any way and by its place id, first', async () => {
    const { id, place_id } = await sample<{ id: number; place_id: string }>(
      "SELECT id, place_id FROM businesses WHERE country = 'United States of America' ORDER BY id LIMIT 1",
    );
    await expectSame((store) => editBusiness(store, id, { phone: '(312) 555-0147' }, OPTIONS));
    for (const search of ['+1 312 555 0147', '3125550147', '(312) 555-0147', place_id]) {
      const answer = await expectSame((store) =>
        listBusinessesForAdmin(store, { limit: 10, offset: 0, search }),
      );
      expect(answer.businesses[0]?.id, search).toBe(id);
    }
  });
});

describe('writes on both dialects', () => {
  it('edits the same way; the search finds the new name, not the old; counts and hours follow', async () => {
    const { id, name } = await sample<{ id: number; name: string }>(
      'SELECT id, name FROM businesses WHERE is_verified = 0 ORDER BY id LIMIT 1',
    );
    const edit = {
      name: 'Quixotic Zanzibar Bakery',
      city: 'Evanston',
      category: 'Bakery',
      openingHours: { Monday: '8:00 AM – 5:00 PM', Sunday: 'Closed' },
    };
    const edited = await expectSame((store) => editBusiness(store, id, edit, OPTIONS));
    expect(edited).toMatchObject({ id, name: edit.name, city: 'Evanston' });
    await expectSame((store) => getBusinessForAdmin(store, id));
    const found = await expectSame((store) =>
      listBusinessesForAdmin(store, { limit: 10, offset: 0, search: 'quixotic zanzibar' }),
    );
    expect(found.businesses.map((b) => b.id)).toEqual([id]);
    // The old name's words no longer find it.
    const old = await expectSame((store) =>
      listBusinessesForAdmin(store, { limit: 100, offset: 0, search: name }),
    );
    expect(old.businesses.map((b) => b.id)).not.toContain(id);
    // The public search (its plans are cached by data version: on PostgreSQL, once announced).
    await settledDataVersion(storeOf('postgres'));
    const publicNew = await expectSame((store) =>
      searchText(store, 'quixotic zanzibar', { offset: 0, limit: 10 }),
    );
    expect(publicNew.ids).toEqual([id]);
    const publicOld = await expectSame((store) => searchText(store, name, { offset: 0, limit: 100 }));
    expect(publicOld.ids).not.toContain(id);
    await expectSame(hoursIndexOf, 'business_hours');
    const hours = (await hoursIndexOf(storeOf('postgres'))) as Array<{ business_id: number }>;
    expect(hours.map((row) => row.business_id)).toContain(id);
    for (const dialect of DIALECTS) await expectCountsAsRecounted(storeOf(dialect));
  });

  it('verifies, unverifies and deletes in bulk the same way, with counts a recount agrees with', async () => {
    const ids = (
      await rowsOf<{ id: number }>(storeOf('sqlite'), 'SELECT id FROM businesses ORDER BY id DESC LIMIT 6')
    ).map((row) => row.id);
    const now = OPTIONS.now;
    await expectSame((store) =>
      bulkBusinessAction(store, { action: 'verify', ids: [...ids, 999_999] }, { actor: 'admin:alice', now }),
    );
    await expectSame((store) =>
      bulkBusinessAction(store, { action: 'unverify', ids: ids.slice(0, 3) }, { actor: 'admin:alice', now }),
    );
    const deleted = await expectSame((store) =>
      bulkBusinessAction(store, { action: 'delete', ids: ids.slice(2) }, { actor: 'admin:alice', now }),
    );
    expect(deleted.changed).toBe(4);
    await expectSame((store) => listBusinessesForAdmin(store, { limit: 50, offset: 0 }));
    await expectSame((store) => deleteBusiness(store, ids[0]!, { actor: 'admin:alice' }));
    await expectSame((store) => deleteBusiness(store, ids[0]!, { actor: 'admin:alice' }));
    await expectSame(hoursIndexOf, 'business_hours');
    for (const dialect of DIALECTS) await expectCountsAsRecounted(storeOf(dialect));
    // Every write raised the data version the caches follow (on PostgreSQL: announced to this process).
    expect(await settledDataVersion(storeOf('postgres'))).toBeGreaterThan(0);
    await expectSame(async (store) =>
      (await listRecentActivity(store, 10)).map(({ kind, actor, detail, count }) => ({
        kind,
        actor,
        detail,
        count,
      })),
    );
  });

  it('keeps the search index rows equal to a rebuild on PostgreSQL', async () => {
    const store = storeOf('postgres');
    if (store.dialect !== 'postgres') throw new Error('unreachable');
    const documents = await store.query<{ n: number }>('SELECT COUNT(*) AS n FROM search_documents');
    const businesses = await store.query<{ n: number }>('SELECT COUNT(*) AS n FROM businesses');
    expect(documents.rows[0]?.n).toBe(businesses.rows[0]?.n);
    const orphans = await store.query(
      'SELECT business_id FROM search_documents d WHERE NOT EXISTS (SELECT 1 FROM businesses b WHERE b.id = d.business_id)',
    );
    expect(orphans.rows).toEqual([]);
  });
});

describe('on PostgreSQL, a bulk action is one transaction', () => {
  it('changes none of the businesses when one of them fails', async () => {
    const store = storeOf('postgres');
    if (store.dialect !== 'postgres') throw new Error('unreachable');
    const ids = (await rowsOf<{ id: number }>(store, 'SELECT id FROM businesses ORDER BY id LIMIT 5')).map(
      (row) => row.id,
    );
    const refused = ids[2]!;
    const snapshot = async () => ({
      counts: await countsOf(store),
      version: (await rowsOf(store, `SELECT value FROM site_stats WHERE key = 'data_version'`))[0],
      businesses: await rowsOf(store, 'SELECT id, is_verified, updated_at FROM businesses ORDER BY id'),
      documents: await rowsOf(store, 'SELECT business_id FROM search_documents ORDER BY business_id'),
      hours: await hoursIndexOf(store),
      activity: await rowsOf(store, 'SELECT COUNT(*)::integer AS n FROM activity_log'),
    });
    const before = await snapshot();
    await store.query(`CREATE FUNCTION refuse_one() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF OLD.id = ${refused} THEN RAISE EXCEPTION 'refused'; END IF; RETURN OLD; END $$`);
    await store.query(
      'CREATE TRIGGER refuse_one BEFORE DELETE OR UPDATE ON businesses FOR EACH ROW EXECUTE FUNCTION refuse_one()',
    );
    try {
      // Each action reaches the refused business: the deletion, and the change of its status.
      const [{ verified }] = (await rowsOf<{ verified: number }>(
        store,
        `SELECT is_verified AS verified FROM businesses WHERE id = ${refused}`,
      )) as [{ verified: number }];
      for (const action of ['delete', verified ? 'unverify' : 'verify'] as const)
        await expect(bulkBusinessAction(store, { action, ids }, { actor: 'admin:alice' })).rejects.toThrow(
          /refused/,
        );
    } finally {
      await store.query('DROP TRIGGER refuse_one ON businesses; DROP FUNCTION refuse_one()');
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('on PostgreSQL, writes racing from two server instances', () => {
  const second = useSecondInstance(() => addressOf('postgres'));

  it('keep the counts and the search index right when they touch the same businesses', async () => {
    const first = storeOf('postgres');
    const ids = (await rowsOf<{ id: number }>(first, 'SELECT id FROM businesses ORDER BY id LIMIT 8')).map(
      (row) => row.id,
    );
    const [a, b] = ids as [number, number];
    const writes = await Promise.allSettled([
      editBusiness(first, a, { city: 'Racine', name: 'Racing Kettle One' }, OPTIONS),
      editBusiness(second.store(), a, { city: 'Raleigh', name: 'Racing Kettle Two' }, OPTIONS),
      bulkBusinessAction(first, { action: 'verify', ids }, { actor: 'admin:alice' }),
      bulkBusinessAction(
        second.store(),
        { action: 'unverify', ids: [...ids].reverse() },
        { actor: 'admin:bob' },
      ),
      editBusiness(second.store(), b, { category: 'Bakery' }, OPTIONS),
      deleteBusiness(first, b, { actor: 'admin:alice' }),
    ]);
    // Each either applied or was refused as busy (a deadlock between two writers is given up by one).
    for (const write of writes)
      if (write.status === 'rejected') expect(write.reason).toBeInstanceOf(BusinessWriteBusy);
    expect(writes.filter((write) => write.status === 'fulfilled').length).toBeGreaterThanOrEqual(4);
    await expectCountsAsRecounted(first);
    const { name } = (
      await rowsOf<{ name: string }>(first, `SELECT name FROM businesses WHERE id = ${a}`)
    )[0]!;
    const found = await listBusinessesForAdmin(first, { limit: 10, offset: 0, search: name });
    expect(found.businesses.map((business) => business.id)).toContain(a);
    const stale = name.endsWith('One') ? 'Racing Kettle Two' : 'Racing Kettle One';
    const notFound = await listBusinessesForAdmin(first, { limit: 10, offset: 0, search: stale });
    expect(notFound.businesses.map((business) => business.name)).not.toContain(stale);
    const orphans = await rowsOf(
      first,
      'SELECT business_id FROM search_documents d WHERE NOT EXISTS (SELECT 1 FROM businesses b WHERE b.id = d.business_id)',
    );
    expect(orphans).toEqual([]);
  });
});
