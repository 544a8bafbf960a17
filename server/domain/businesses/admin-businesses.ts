// The admin panel's business management: the filtered list, one business, an edit, a deletion. Each
// write is one short transaction that also updates the search index, the counts, the data version
// (which drops every cached public answer) and the activity log.
import { toFts5 } from '../../../db/search/match.ts';
import { textMatchOf } from '../search/search.ts';
import {
  type AdminBusinessFilter,
  deleteBusinessRow,
  isBusyError,
  listAdminBusinessIds,
  updateBusinessRow,
  withBusyTimeout,
} from '../../../db/admin-business-repository.ts';
import { logActivity } from '../../../db/activity-repository.ts';
import { findBusinessById } from '../../../db/business-repository.ts';
import { immediateTransaction, type Sqlite } from '../../../db/connection.ts';
import type { SeoRow } from '../../../db/seo-repository.ts';
import type { Business, PagedBusinesses } from '../../contract/business.ts';
import { buildSeoContent } from '../seo/build-seo-content.ts';
import { seoSourceFromRow } from '../seo/seo-source.ts';
import { businessesByIds, resolveCategory } from './business-queries.ts';
import { businessChanges } from './business-changes.ts';
import { toBusiness } from './to-business.ts';

export { EDITABLE_FIELDS, InvalidBusinessChange } from './business-changes.ts';

export const ADMIN_PAGE_SIZE = 50;
export const ADMIN_MAX_PAGE_SIZE = 100;

export interface AdminBusinessQuery {
  limit: number;
  offset: number;
  search?: string;
  /** A specific category name or a navigation group (name or slug). */
  category?: string;
  /** The exact country name, as the country list gives it. */
  country?: string;
  status?: 'verified' | 'pending';
}

/** The Businesses tab: every filter applied here, so that paging counts what the filters leave. */
export function listBusinessesForAdmin(sqlite: Sqlite, query: AdminBusinessQuery): PagedBusinesses {
  const empty = { businesses: [], totalCount: 0, totalPages: 0 };
  const filter: AdminBusinessFilter = {};
  if (query.search?.trim()) {
    // The public search's rules (word forms, synonyms, typos), every tier of them at once.
    const match = textMatchOf(sqlite, query.search);
    if (!match) return empty;
    filter.search = toFts5(match);
  }
  if (query.category?.trim()) {
    const category = resolveCategory(sqlite, query.category);
    // A category no business has: nothing to list (not everything).
    if (!category) return empty;
    filter.category = category;
  }
  if (query.country?.trim()) filter.country = query.country.trim();
  if (query.status) filter.verified = query.status === 'verified';
  const { ids, total } = listAdminBusinessIds(sqlite, filter, { limit: query.limit, offset: query.offset });
  return {
    businesses: businessesByIds(sqlite, ids),
    totalCount: total,
    totalPages: Math.ceil(total / query.limit),
  };
}

export function getBusinessForAdmin(sqlite: Sqlite, id: number): Business | undefined {
  const row = findBusinessById(sqlite, id);
  return row ? toBusiness(row) : undefined;
}

/** Another writer (an import's merge) held the database longer than an edit may wait. */
export class BusinessWriteBusy extends Error {
  constructor() {
    super('The database is busy with an import; try again in a few seconds.');
    this.name = 'BusinessWriteBusy';
  }
}

/** How long an edit waits for the write lock. The wait blocks the event loop (better-sqlite3 is
 *  synchronous), so it is short; an import's merge that takes longer gets a "try again". */
export const EDIT_LOCK_WAIT_MS = 250;

export interface AdminWriteOptions {
  /** Who, for the activity log ('admin:alice'). */
  actor: string;
  /** For the regenerated SEO text's canonical URL. */
  siteUrl: string;
  now?: () => Date;
}

/** Applies an edit (validated as the importer validates, see business-changes.ts). Undefined when there
 *  is no such business; throws InvalidBusinessChange naming the field at fault, or BusinessWriteBusy. */
export function editBusiness(
  sqlite: Sqlite,
  id: number,
  body: unknown,
  options: AdminWriteOptions,
): Business | undefined {
  return write(sqlite, () => {
    const row = findBusinessById(sqlite, id);
    if (!row) return undefined;
    const changes = businessChanges(body, row);
    const columns = Object.keys(changes);
    if (columns.length === 0) return toBusiness(row);
    // SEO text written by "Generate SEO" names the business, its city and hours: written again from the
    // edited data (about 50 µs), so the page never contradicts itself. A business without any keeps
    // none until the next run.
    if (row.seo_title !== null) {
      const seo = buildSeoContent(seoSourceFromRow({ ...row, ...changes } as SeoRow), options.siteUrl);
      Object.assign(changes, {
        about: seo.about,
        seo_title: seo.seoTitle,
        seo_description: seo.seoDescription,
        canonical_url: seo.canonicalUrl,
      });
    }
    const stamp = (options.now?.() ?? new Date()).toISOString();
    updateBusinessRow(sqlite, id, changes, stamp);
    const verifiedOnly = columns.length === 1 && changes.is_verified === 1;
    logActivity(sqlite, {
      kind: 'edit',
      actor: options.actor,
      detail: `${verifiedOnly ? 'Verified' : 'Edited'} ${label(row.name, id)}${
        verifiedOnly ? '' : `: ${editedFields(columns)}`
      }`,
    });
    const updated = findBusinessById(sqlite, id);
    return updated ? toBusiness(updated) : undefined;
  });
}

/** Removes one business from every public read at once. The name it had, or undefined when there is
 *  no such business. */
export function deleteBusiness(
  sqlite: Sqlite,
  id: number,
  options: Pick<AdminWriteOptions, 'actor'>,
): { name: string } | undefined {
  return write(sqlite, () => {
    const row = findBusinessById(sqlite, id);
    if (!row || !deleteBusinessRow(sqlite, id)) return undefined;
    logActivity(sqlite, {
      kind: 'delete',
      actor: options.actor,
      detail: `Deleted ${label(row.name, id)}`,
      count: 1,
    });
    return { name: row.name };
  });
}

function write<T>(sqlite: Sqlite, fn: () => T): T {
  try {
    return withBusyTimeout(sqlite, EDIT_LOCK_WAIT_MS, () => immediateTransaction(sqlite, fn));
  } catch (error) {
    if (isBusyError(error)) throw new BusinessWriteBusy();
    throw error;
  }
}

function label(name: string, id: number): string {
  return `"${name.length > 80 ? `${name.slice(0, 80)}…` : name}" (#${id})`;
}

/** The fields an admin touched, as the form names them (derived columns left out). */
const FIELD_OF_COLUMN: Record<string, string> = {
  name: 'name',
  category: 'category',
  description: 'description',
  address: 'address',
  city: 'city',
  state: 'state',
  country: 'country',
  zip_code: 'zip code',
  phone: 'phone',
  email: 'e-mail',
  website: 'website',
  rating: 'rating',
  review_count: 'review count',
  is_verified: 'status',
  photos: 'photos',
  latitude: 'location',
  longitude: 'location',
  hours: 'opening hours',
};

function editedFields(columns: readonly string[]): string {
  const fields = new Set<string>();
  for (const column of columns) {
    const field = FIELD_OF_COLUMN[column];
    if (field) fields.add(field);
  }
  return [...fields].join(', ');
}
