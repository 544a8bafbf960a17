// The admin panel's business management: the filtered and sorted list, one business, an edit, a
// deletion, and verify/unverify/delete of several at once, on either dialect. Each write is one short
// transaction that also updates the search and discovery indexes, the counts, the data version (which
// drops every cached public answer, on every instance) and the activity log.
import { logActivityIn } from '../../../db/activity-repository.ts';
import {
  type AdminBusinessFilter,
  type AdminBusinessIds,
  deleteBusinessRow,
  deleteBusinessRows,
  filterAdminBusinessIds,
  listAdminBusinessIds,
  lockBusinessRows,
  setVerifiedRows,
  updateBusinessRow,
} from '../../../db/admin-business-repository.ts';
import { boundedWriteTransaction, isBusyError } from '../../../db/bounded-write.ts';
import { findBusinessById } from '../../../db/business-repository.ts';
import { indexQueryText } from '../../../db/search/search-index.ts';
import type { SeoRow } from '../../../db/seo-repository.ts';
import type { Store } from '../../../db/store/store.ts';
import {
  type AdminSort,
  BULK_ACTIONS,
  type BulkAction,
  type BulkRequest,
  type BulkResult,
  MAX_BULK_IDS,
} from '../../contract/admin-businesses.ts';
import type { Business, PagedBusinesses } from '../../contract/business.ts';
import { textMatchOf } from '../search/search.ts';
import { buildSeoContent } from '../seo/build-seo-content.ts';
import { seoSourceFromRow } from '../seo/seo-source.ts';
import { identifierMatches } from './admin-identifier-search.ts';
import { businessChanges } from './business-changes.ts';
import { businessesByIds, resolveCategory } from './business-queries.ts';
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
  /** A column order; newest first (best match first for a search) without one. */
  sort?: AdminSort;
}

/** The Businesses tab: every filter applied here, so that paging counts what the filters leave. A
 *  search also looks the text up as a phone number and a place id: businesses it names exactly come
 *  first (in the list's order), then the text matches without them. */
export async function listBusinessesForAdmin(
  store: Store,
  query: AdminBusinessQuery,
): Promise<PagedBusinesses> {
  const empty = { businesses: [], totalCount: 0, totalPages: 0 };
  const filter: AdminBusinessFilter = {};
  if (query.category?.trim()) {
    const category = await resolveCategory(store, query.category);
    // A category no business has: nothing to list (not everything).
    if (!category) return empty;
    filter.category = category;
  }
  if (query.country?.trim()) filter.country = query.country.trim();
  if (query.status) filter.verified = query.status === 'verified';
  const page = { limit: query.limit, offset: query.offset };
  const text = query.search?.trim() ?? '';
  if (!text) return pageOf(store, await listAdminBusinessIds(store, filter, page, query.sort), query.limit);

  const named = await identifierMatches(store, text);
  const exact = await filterAdminBusinessIds(store, filter, named, query.sort);
  // The public search's rules (word forms, synonyms, typos), every tier of them at once, as the
  // index's own query (FTS5 on SQLite, a tsquery on PostgreSQL).
  const match = await textMatchOf(store, text);
  const search = match ? indexQueryText(store.dialect, match) : undefined;
  if (exact.length === 0) {
    if (!search) return empty;
    return pageOf(
      store,
      await listAdminBusinessIds(store, { ...filter, search }, page, query.sort),
      query.limit,
    );
  }
  const first = exact.slice(query.offset, query.offset + query.limit);
  const rest = search
    ? await listAdminBusinessIds(
        store,
        { ...filter, search, excludeIds: named },
        { limit: query.limit - first.length, offset: Math.max(0, query.offset - exact.length) },
        query.sort,
      )
    : { ids: [], total: 0 };
  return pageOf(store, { ids: [...first, ...rest.ids], total: exact.length + rest.total }, query.limit);
}

async function pageOf(
  store: Store,
  { ids, total }: AdminBusinessIds,
  limit: number,
): Promise<PagedBusinesses> {
  return {
    businesses: await businessesByIds(store, ids),
    totalCount: total,
    totalPages: Math.ceil(total / limit),
  };
}

export async function getBusinessForAdmin(store: Store, id: number): Promise<Business | undefined> {
  const row = await findBusinessById(store, id);
  return row ? toBusiness(row) : undefined;
}

/** Another writer (an import's merge) held the database longer than an edit may wait. */
export class BusinessWriteBusy extends Error {
  constructor() {
    super('The database is busy with an import; try again in a few seconds.');
    this.name = 'BusinessWriteBusy';
  }
}

/** How long an edit waits for the write lock on SQLite. The wait blocks the event loop (better-sqlite3
 *  is synchronous), so it is short; an import's merge that takes longer gets a "try again". On
 *  PostgreSQL an edit waits for the rows an import's merge holds up to POSTGRES_LOCK_WAIT_MS
 *  (db/bounded-write.ts), blocking nothing else, and gets the same "try again" after. */
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
export async function editBusiness(
  store: Store,
  id: number,
  body: unknown,
  options: AdminWriteOptions,
): Promise<Business | undefined> {
  return write(store, async (tx) => {
    await lockBusinessRows(tx, [id]);
    const row = await findBusinessById(tx, id);
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
    await updateBusinessRow(tx, id, changes, stamp);
    const verifiedOnly = columns.length === 1 && changes.is_verified === 1;
    await logActivityIn(tx, {
      kind: 'edit',
      actor: options.actor,
      detail: `${verifiedOnly ? 'Verified' : 'Edited'} ${label(row.name, id)}${
        verifiedOnly ? '' : `: ${editedFields(columns)}`
      }`,
    });
    const updated = await findBusinessById(tx, id);
    return updated ? toBusiness(updated) : undefined;
  });
}

/** Removes one business from every public read at once. The name it had, or undefined when there is
 *  no such business. */
export async function deleteBusiness(
  store: Store,
  id: number,
  options: Pick<AdminWriteOptions, 'actor'>,
): Promise<{ name: string } | undefined> {
  return write(store, async (tx) => {
    await lockBusinessRows(tx, [id]);
    const row = await findBusinessById(tx, id);
    if (!row || !(await deleteBusinessRow(tx, id))) return undefined;
    await logActivityIn(tx, {
      kind: 'delete',
      actor: options.actor,
      detail: `Deleted ${label(row.name, id)}`,
      count: 1,
    });
    return { name: row.name };
  });
}

/** A bulk request the rules refuse: `field` names the part at fault (action or ids). */
export class InvalidBulkRequest extends Error {
  readonly code = 'invalid_field';
  constructor(
    message: string,
    readonly field: 'action' | 'ids' | undefined,
  ) {
    super(message);
    this.name = 'InvalidBulkRequest';
  }
}

/** Reads POST /api/admin/businesses/bulk's body: {action, ids}, ids whole numbers from 1, at most
 *  MAX_BULK_IDS of them (repeats count once). Throws InvalidBulkRequest naming what is wrong. */
export function parseBulkRequest(body: unknown): BulkRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new InvalidBulkRequest('The body must be a JSON object {action, ids}.', undefined);
  const { action, ids, ...rest } = body as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined)
    throw new InvalidBulkRequest(`"${unknown.slice(0, 40)}" is not a field of a bulk request.`, undefined);
  if (!BULK_ACTIONS.includes(action as BulkAction))
    throw new InvalidBulkRequest(`action must be one of ${BULK_ACTIONS.join(', ')}.`, 'action');
  if (!Array.isArray(ids)) throw new InvalidBulkRequest('ids must be a list of business ids.', 'ids');
  if (ids.length === 0) throw new InvalidBulkRequest('ids must name at least one business.', 'ids');
  const bad = ids.find((id) => !(typeof id === 'number' && Number.isSafeInteger(id) && id >= 1));
  if (bad !== undefined)
    throw new InvalidBulkRequest(
      `ids must be whole numbers from 1; ${JSON.stringify(bad)?.slice(0, 40) ?? String(bad)} is not.`,
      'ids',
    );
  const unique = [...new Set(ids as number[])];
  if (unique.length > MAX_BULK_IDS)
    throw new InvalidBulkRequest(
      `ids names ${unique.length} businesses; at most ${MAX_BULK_IDS} can be changed at once.`,
      'ids',
    );
  return { action: action as BulkAction, ids: unique };
}

/** Verifies, unverifies or deletes the businesses in ONE transaction, each through the one-row write
 *  (search entry, counts, data version), with one activity entry for them all. Ids that name no
 *  business are reported in the answer, the others applied; a business already verified (or not) is
 *  left as it is and counted apart. Throws BusinessWriteBusy. */
export async function bulkBusinessAction(
  store: Store,
  request: BulkRequest,
  options: Pick<AdminWriteOptions, 'actor' | 'now'>,
): Promise<BulkResult> {
  const ids = [...new Set(request.ids)];
  return write(store, async (tx) => {
    await lockBusinessRows(tx, ids);
    const stamp = (options.now?.() ?? new Date()).toISOString();
    const outcome =
      request.action === 'delete'
        ? await deleteBusinessRows(tx, ids)
        : await setVerifiedRows(tx, ids, request.action === 'verify', stamp);
    if (outcome.changed.length > 0) {
      await logActivityIn(tx, {
        kind: request.action === 'delete' ? 'delete' : 'edit',
        actor: options.actor,
        detail: `${BULK_VERB[request.action]} ${businessesText(outcome.changed.length)}: ${labels(outcome.changed)}`,
        count: outcome.changed.length,
      });
    }
    return {
      action: request.action,
      requested: ids.length,
      changed: outcome.changed.length,
      unchanged: outcome.unchanged.length,
      missingIds: outcome.missing,
      message: bulkMessage(request.action, outcome.changed.length, outcome.unchanged.length, outcome.missing),
    };
  });
}

const BULK_VERB: Record<BulkAction, string> = {
  verify: 'Verified',
  unverify: 'Unverified',
  delete: 'Deleted',
};
const BULK_STATE: Record<BulkAction, string> = {
  verify: 'already verified',
  unverify: 'already pending',
  delete: 'already gone',
};
/** Names listed in one activity entry; the rest are counted. */
const LABELS_LISTED = 10;

const businessesText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'business' : 'businesses'}`;

function labels(rows: ReadonlyArray<{ id: number; name: string }>): string {
  const listed = rows.slice(0, LABELS_LISTED).map((row) => label(row.name, row.id));
  const more = rows.length - listed.length;
  return `${listed.join(', ')}${more > 0 ? ` and ${more.toLocaleString('en-US')} more` : ''}`;
}

function bulkMessage(
  action: BulkAction,
  changed: number,
  unchanged: number,
  missing: readonly number[],
): string {
  const parts = [`${BULK_VERB[action]} ${businessesText(changed)}.`];
  if (unchanged > 0)
    parts.push(`${businessesText(unchanged)} ${unchanged === 1 ? 'was' : 'were'} ${BULK_STATE[action]}.`);
  if (missing.length > 0) {
    const shown = missing.slice(0, LABELS_LISTED).map((id) => `#${id}`);
    const more = missing.length - shown.length;
    parts.push(
      `${missing.length === 1 ? 'This id names' : 'These ids name'} no business: ${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}.`,
    );
  }
  return parts.join(' ');
}

async function write<T>(store: Store, fn: (tx: Store) => Promise<T>): Promise<T> {
  try {
    return await boundedWriteTransaction(store, EDIT_LOCK_WAIT_MS, fn);
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
