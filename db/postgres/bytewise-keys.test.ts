// The joins between businesses' text (bytewise since decision 0047) and other tables' keys walk those
// tables' indexes: with the keys in the database's collation a join compared in "C", which their
// indexes cannot serve, and an edit's look-up of its weekly-hours pattern read the whole patterns
// table. Checked on the plan with every other way to join switched off (a join filter still shows).
import { describe, expect, it } from 'vitest';
import { usePostgresPlans } from '../../server/domain/testing/postgres-plans.ts';

describe('joins to businesses on PostgreSQL', () => {
  const plan = usePostgresPlans(['enable_seqscan', 'enable_hashjoin', 'enable_mergejoin']);

  it.each([
    [
      'a business to its weekly-hours pattern',
      `SELECT p.id FROM businesses b
       JOIN hours_patterns p ON p.hours = b.hours AND p.time_zone = COALESCE(b.time_zone, '')
       WHERE b.id = 1`,
      'hours_patterns_hours_time_zone_key',
    ],
    [
      'a business to its city count',
      'SELECT cs.name FROM businesses b JOIN city_stats cs ON cs.city_key = b.city_key WHERE b.id = 1',
      'city_stats_pkey',
    ],
    [
      'a business to its category count',
      'SELECT s.business_count FROM businesses b JOIN category_stats s ON s.category = b.category WHERE b.id = 1',
      'category_stats_pkey',
    ],
    [
      'a business to its country count',
      'SELECT s.business_count FROM businesses b JOIN country_stats s ON s.country = b.country WHERE b.id = 1',
      'country_stats_pkey',
    ],
  ])('joins %s along the index', async (_name, query, index) => {
    const text = await plan(query);
    expect(text).toContain(index);
    expect(text).not.toMatch(/Join Filter/);
  });
});
