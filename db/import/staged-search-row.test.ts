// The stager's search rows: the same index row as index-row.ts computes for the stored business, and
// terms written as tsvector input that PostgreSQL reads back as the same lexemes the index's own
// writes make (array_to_tsvector over the split terms).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_BITS } from '../search/analyzer.ts';
import { indexRow } from '../search/index-row.ts';
import { rankBandTerms } from '../search/rank-bands.ts';
import { createPostgresDatabase, type TestPostgresDatabase } from '../testing/postgres-database.ts';
import { stagedSearchRow, tsvectorText } from './staged-search-row.ts';

let database: TestPostgresDatabase;
let client: pg.Client;
beforeAll(async () => {
  database = await createPostgresDatabase();
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
});
afterAll(async () => {
  await client.end();
  await database.drop();
});

const staged = {
  name: 'Zoë’s Café & Bakery',
  category: 'Coffee shop',
  category_group: 'Food & Drink',
  description: 'Fresh bread since 1990',
  address: '12 Rue de Rivoli',
  city: 'Paris',
  city_key: 'paris',
  state: 'Île-de-France',
  zip_code: '75001',
  country: 'France',
  country_code: 'FR',
  is_verified: 1,
  latitude: 48.8566,
  longitude: 2.3522,
  rating: 4.6,
  review_count: 37,
};

describe('stagedSearchRow', () => {
  it('is the index row of the stored business, its rowid less the id', () => {
    const row = stagedSearchRow(staged as Parameters<typeof stagedSearchRow>[0]);
    const id = 4242;
    // What the businesses table's generated column holds for these ratings.
    const rankScore = (37 * 4.6 + 80.0) / (37 + 20);
    const stored = indexRow({ ...staged, id, rank_score: rankScore });
    expect(row.search_rank + id).toBe(stored.rowid);
    expect(row.search_rank % ID_BITS).toBe(0);
    // The PostgreSQL index's terms: the row's, then its rank band's (rank-bands.ts).
    expect(row.search_terms).toBe(`${stored.terms} ${rankBandTerms(stored.rowid)}`);
    expect(row.search_name).toBe(stored.name);
    expect(new Set(row.vocab)).toEqual(
      new Set([
        ...[...stored.vocab.word].map((w) => `w_${w}`),
        ...[...stored.vocab.form].map((f) => `f_${f}`),
      ]),
    );
  });

  it('writes terms PostgreSQL reads as the lexemes array_to_tsvector makes of them', async () => {
    const plain = stagedSearchRow(staged as Parameters<typeof stagedSearchRow>[0]).search_terms;
    for (const terms of [plain, "w_it's o_back\\slash o_a:1 w_zoë", ' w_a  w_a ']) {
      const { rows } = await client.query(
        `SELECT $1::tsvector::text AS staged,
                array_to_tsvector(array_remove(string_to_array($2, ' '), ''))::text AS written`,
        [tsvectorText(terms), terms],
      );
      expect(rows[0].staged).toBe(rows[0].written);
    }
  });
});
