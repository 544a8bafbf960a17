// Measures the knots of db/search/rank-bands.ts from a site's businesses: the rank part of each
// business's index rowid, and at chosen shares of the rank order (finer near the top, where first
// pages are read) the share ranked strictly better, in bands. Prints the table to paste.
//   npx tsx bench/rank-band-knots.ts [--db bench/out/million.db]
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { ID_BITS, searchRowid } from '../db/search/analyzer.ts';
import { RANK_BANDS } from '../db/search/rank-bands.ts';

const { values } = parseArgs({
  options: { db: { type: 'string', default: join('bench', 'out', 'million.db') } },
});
const sqlite = new Database(values.db!, { readonly: true });
const rows = sqlite.prepare('SELECT id, rank_score FROM businesses').all() as {
  id: number;
  rank_score: number;
}[];
sqlite.close();
const inverted = Float64Array.from(rows, (row) =>
  Math.floor(searchRowid(row.rank_score, row.id) / ID_BITS),
).sort();
const total = inverted.length;

/** Position of the first rank part ≥ value (how many are ranked strictly better). */
function better(value: number): number {
  let low = 0;
  let high = total;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (inverted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

const shares = new Set<number>();
for (let k = 12; k >= 1; k--) shares.add(2 ** -k);
for (let k = 1; k < 32; k++) shares.add(k / 32);
const knots = new Map<number, number>([[0, 0]]);
for (const share of [...shares].sort((a, b) => a - b)) {
  const value = inverted[Math.min(total - 1, Math.floor(share * total))]!;
  knots.set(value, Math.round((better(value) * RANK_BANDS) / total));
}
const last = inverted[total - 1]!;
knots.set(last + 1, RANK_BANDS);
console.log(`// ${total} businesses`);
console.log([...knots].map(([value, band]) => `[${value}, ${band}]`).join(', '));
