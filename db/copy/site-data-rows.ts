// Whether a copy's target holds a site: the rows of the tables that only a site fills (merely opening
// a database fills others: shipped synonyms, derivation versions, zeroed counts). One query for both
// dialects.
import { preparedQuery } from '../query/prepared-query.ts';

export interface SiteDataRows {
  businesses: number;
  submission_queue: number;
  business_submissions: number;
  import_runs: number;
  activity_log: number;
  admin_credentials: number;
  /** The administrator's own synonym groups (the shipped ones come with every database). */
  search_synonyms: number;
}

export const siteDataRowsQuery = preparedQuery('copy_site_data_rows', (db) =>
  db.selectNoFrom((eb) => [
    eb.selectFrom('businesses').select(eb.fn.countAll<number>().as('n')).as('businesses'),
    eb.selectFrom('submission_queue').select(eb.fn.countAll<number>().as('n')).as('submission_queue'),
    eb.selectFrom('business_submissions').select(eb.fn.countAll<number>().as('n')).as('business_submissions'),
    eb.selectFrom('import_runs').select(eb.fn.countAll<number>().as('n')).as('import_runs'),
    eb.selectFrom('activity_log').select(eb.fn.countAll<number>().as('n')).as('activity_log'),
    eb.selectFrom('admin_credentials').select(eb.fn.countAll<number>().as('n')).as('admin_credentials'),
    eb
      .selectFrom('search_synonyms')
      .select(eb.fn.countAll<number>().as('n'))
      .where('source', '=', 'admin')
      .as('search_synonyms'),
  ]),
);
