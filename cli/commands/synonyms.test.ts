// directory synonyms import | list through the real CLI, and the groups reaching a search.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mapsRow, writeWorkbook } from '../../server/domain/import/testing/workbook.ts';
import { createTestStore, DIALECTS } from '../../server/domain/testing/test-store.ts';
import { runCli } from '../testing/run-cli.ts';

let dir: string;
let db: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'directory-synonyms-'));
  db = join(dir, 'directory.db');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('directory synonyms', () => {
  it('adds an administrator’s groups once, lists them with the shipped ones, and searches use them', async () => {
    const file = join(dir, 'ours.txt');
    writeFileSync(file, '# our trade words\ntradie, electrician\nsparky, electrician\n');
    const first = await runCli(['synonyms', 'import', file, '--db', db, '--json']);
    expect(first.exitCode).toBe(0);
    expect(JSON.parse(String(first.stdout))).toEqual({ added: 2, alreadyPresent: 0, errors: [] });
    const again = await runCli(['synonyms', 'import', file, '--db', db]);
    expect(again.exitCode).toBe(0);
    expect(String(again.stderr)).toContain('0 synonym groups added, 2 already present');

    const list = await runCli(['synonyms', 'list', '--db', db, '--json']);
    const groups = JSON.parse(String(list.stdout)) as { terms: string[]; source: string }[];
    expect(groups.filter((g) => g.source === 'admin').map((g) => g.terms)).toEqual([
      ['tradie', 'electrician'],
      ['sparky', 'electrician'],
    ]);
    expect(groups.filter((g) => g.source === 'shipped').length).toBeGreaterThan(150);

    const workbook = writeWorkbook(join(dir, 'sparks.xlsx'), [
      mapsRow({ name: 'Volt & Co', category: 'Electrician' }),
    ]);
    expect((await runCli(['import', workbook, '--db', db])).exitCode).toBe(0);
    const { openAndPrepareDatabase } = await import('../../server/domain/open-database.ts');
    const { searchDirectory } = await import('../../server/domain/search/search.ts');
    const handle = await openAndPrepareDatabase(db);
    try {
      const { createSqliteStore } = await import('../../db/store/sqlite-store.ts');
      const found = await searchDirectory(createSqliteStore(handle.sqlite), {
        q: 'sparky',
        page: 1,
        pageSize: 20,
      });
      expect(found.businesses.map((b) => b.name)).toEqual(['Volt & Co']);
    } finally {
      await handle.close();
    }
  });

  it('refuses a file with a bad line whole, naming the line, and a missing file in words', async () => {
    const file = join(dir, 'bad.txt');
    writeFileSync(file, 'tradie, electrician\nlonely\nplumber => drain\n');
    const bad = await runCli(['synonyms', 'import', file, '--db', db]);
    expect(bad.exitCode).toBe(1);
    expect(String(bad.stderr)).toContain('line 2: a group needs at least two different terms');
    expect(String(bad.stderr)).toContain('line 3: one-way rules');
    const list = await runCli(['synonyms', 'list', '--db', db, '--json']);
    expect(JSON.parse(String(list.stdout)).filter((g: { source: string }) => g.source === 'admin')).toEqual(
      [],
    );

    const missing = await runCli(['synonyms', 'import', join(dir, 'nope.txt'), '--db', db]);
    expect(missing.exitCode).toBe(1);
    expect(String(missing.stderr)).toContain('No such file: ');
    expect(String(missing.stderr)).not.toContain('ENOENT');
  });
});

describe('directory synonyms on PostgreSQL', () => {
  it('imports and lists the groups as on a SQLite file, in the same order and words', async () => {
    const file = join(dir, 'ours.txt');
    writeFileSync(file, 'tradie, electrician\nsparky, electrician\n');
    const replacement = join(dir, 'replacement.txt');
    writeFileSync(replacement, 'plumber, drainlayer\nsparky, electrician\n');
    const tests = await Promise.all(DIALECTS.map((dialect) => createTestStore(dialect)));
    try {
      const runs = [];
      for (const { address } of tests) {
        const first = await runCli(['synonyms', 'import', file, '--db', address, '--json']);
        const again = await runCli(['synonyms', 'import', file, '--db', address]);
        const replaced = await runCli(['synonyms', 'import', replacement, '--replace', '--db', address]);
        const list = await runCli(['synonyms', 'list', '--db', address]);
        const json = await runCli(['synonyms', 'list', '--db', address, '--json']);
        runs.push({ first, again, replaced, list, json });
      }
      const [sqlite, postgres] = runs;
      if (!sqlite || !postgres) throw new Error('unreachable');
      for (const run of [sqlite, postgres]) {
        expect([run.first, run.again, run.replaced, run.list, run.json].map((r) => r.exitCode)).toEqual([
          0, 0, 0, 0, 0,
        ]);
      }
      expect(JSON.parse(String(postgres.first.stdout))).toEqual({ added: 2, alreadyPresent: 0, errors: [] });
      expect(String(postgres.again.stderr)).toContain('0 synonym groups added, 2 already present');
      expect(String(postgres.replaced.stderr)).toContain('2 synonym groups added, 0 already present');
      expect(String(postgres.list.stdout)).toMatch(
        /\nadmin\tplumber, drainlayer\nadmin\tsparky, electrician$/,
      );
      expect(String(postgres.list.stdout)).toMatch(/^shipped\t/);
      expect(String(postgres.list.stdout)).toBe(String(sqlite.list.stdout));
      expect(String(postgres.json.stdout)).toBe(String(sqlite.json.stdout));
    } finally {
      await Promise.all(tests.map((test) => test.dispose()));
    }
  }, 120_000);

  it('refuses a file with a bad line whole, naming the line', async () => {
    const test = await createTestStore('postgres');
    try {
      const file = join(dir, 'bad.txt');
      writeFileSync(file, 'tradie, electrician\nlonely\n');
      const bad = await runCli(['synonyms', 'import', file, '--db', test.address]);
      expect(bad.exitCode).toBe(1);
      expect(String(bad.stderr)).toContain('line 2: a group needs at least two different terms');
      const list = await runCli(['synonyms', 'list', '--db', test.address, '--json']);
      expect(JSON.parse(String(list.stdout)).filter((g: { source: string }) => g.source === 'admin')).toEqual(
        [],
      );
    } finally {
      await test.dispose();
    }
  }, 60_000);
});
