// Test support: a store on either dialect holding the demo spreadsheet, imported the way the server
// and the CLI import it (on PostgreSQL the import's own process connects by the test database's URL).
import type { Dialect } from '../../../db/query/prepared-query.ts';
import { FIXTURE_FILES_DIR } from '../../../fixtures/generate.ts';
import { type ImportReport, importSpreadsheet } from '../../domain/import/import-spreadsheet.ts';
import { settledDataVersion } from '../../domain/testing/settled-data-version.ts';
import { createTestStore, type TestStore } from '../../domain/testing/test-store.ts';

export const DEMO_SPREADSHEET = `${FIXTURE_FILES_DIR}/demo-businesses.xlsx`;

/** Imports the demo spreadsheet into the test's database; resolves once this process has heard of the
 *  new data version (PostgreSQL announces it just after the commit), so cached answers are fresh. */
export async function importDemo(test: TestStore): Promise<ImportReport> {
  const { store } = test;
  const database = store.dialect === 'sqlite' ? store : { store, url: test.address };
  const report = await importSpreadsheet(database, { filePath: DEMO_SPREADSHEET, startedBy: 'test' });
  await settledDataVersion(store);
  return report;
}

/** A new database on that dialect with the demo spreadsheet imported. */
export async function createDemoTestStore(dialect: Dialect): Promise<TestStore> {
  const test = await createTestStore(dialect);
  try {
    await importDemo(test);
  } catch (error) {
    await test.dispose();
    throw error;
  }
  return test;
}
