// Rows made from raw arrays are the rows better-sqlite3 makes itself: same keys in the same order,
// same values and types, for any column names a query can give.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { allRows, firstRow } from './row-objects.ts';

function database() {
  const sqlite = new Database(':memory:');
  sqlite.exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, rating REAL, photo BLOB, note TEXT);
    INSERT INTO t VALUES (1, 'Café "Ü"', 4.5, x'00ff', NULL), (2, '', 0, NULL, 'x'), (3, NULL, -1.25, x'', '');`);
  return sqlite;
}

const QUERIES = [
  'SELECT * FROM t ORDER BY id',
  'SELECT id, name AS "a b", rating AS "quote""d", note AS "1" FROM t ORDER BY id DESC',
  // Two columns of one name: the later one wins, as better-sqlite3 has it.
  'SELECT id, name AS v, rating AS v FROM t ORDER BY id',
  'SELECT t.id, u.id FROM t JOIN t AS u ON u.id = t.id + 1',
  'SELECT id FROM t WHERE id > ?',
];

describe('rows from raw arrays', () => {
  it.each(QUERIES)('equal better-sqlite3 rows for %s', (sql) => {
    const sqlite = database();
    const parameters = sql.includes('?') ? [1] : [];
    const expected = sqlite.prepare(sql).all(...parameters) as Record<string, unknown>[];
    const rows = allRows<Record<string, unknown>>(sqlite, sql, parameters);
    expect(rows).toEqual(expected);
    expect(rows.map((row) => Object.keys(row))).toEqual(expected.map((row) => Object.keys(row)));
    expect(firstRow(sqlite, sql, parameters)).toEqual(expected[0]);
  });

  it('keeps a column named __proto__ an own value, not a prototype', () => {
    const sqlite = database();
    const sql = 'SELECT id, name AS "__proto__" FROM t ORDER BY id';
    const rows = allRows<Record<string, unknown>>(sqlite, sql, []);
    expect(rows).toEqual(sqlite.prepare(sql).all());
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
  });

  it('answers undefined when there is no first row', () => {
    expect(firstRow(database(), 'SELECT id FROM t WHERE id > 10', [])).toBeUndefined();
  });
});
