// The admin list's sorts on PostgreSQL walk an index to their last term, as SQLite's do: a page of a
// large site is then 50 index entries, never a sort of the whole table (which took 100–430 ms a
// page at 100,000 businesses when the indexes were in the database's collation and the sorts in
// "C"). Checked on the plan with sorting switched off: a sort the planner cannot avoid still shows.
import { describe, expect, it } from 'vitest';
import { usePostgresPlans } from '../server/domain/testing/postgres-plans.ts';
import { adminListOrder } from './admin-business-list-postgres.ts';
import type { AdminSortColumn } from './admin-business-repository.ts';

const COLUMNS: readonly AdminSortColumn[] = ['name', 'category', 'city', 'rating', 'status'];

describe('the admin list on PostgreSQL', () => {
  const planOf = usePostgresPlans(['enable_sort', 'enable_incremental_sort', 'enable_seqscan']);
  const plan = (order: string, where = '') =>
    planOf(`SELECT b.id FROM businesses b ${where} ORDER BY ${order} LIMIT 50 OFFSET 100`);

  it.each(COLUMNS.flatMap((column) => (['asc', 'desc'] as const).map((order) => ({ column, order }))))(
    'sorts by $column $order along an index',
    async (sort) => {
      const text = await plan(adminListOrder(sort));
      expect(text).toMatch(/Index (Only )?Scan/);
      expect(text).not.toMatch(/Sort/);
    },
  );

  it('lists newest first along the primary key, and a filtered sort along an index', async () => {
    expect(await plan(adminListOrder(undefined))).not.toMatch(/Sort/);
    const verified = await plan(adminListOrder({ column: 'name', order: 'asc' }), 'WHERE b.is_verified = 1');
    expect(verified).toMatch(/Index (Only )?Scan/);
    expect(verified).not.toMatch(/Sort/);
  });
});
