// The admin Businesses table's sort and bulk actions (issue 15 §5): the query parameters of
// GET /api/admin/businesses and the body and answer of POST /api/admin/businesses/bulk. Plain types
// and constants only: the browser bundle imports this module.

/** The sortable columns, as the `sort` query parameter names them. */
export const ADMIN_SORT_COLUMNS = ['name', 'category', 'city', 'rating', 'status'] as const;
export type AdminSortColumn = (typeof ADMIN_SORT_COLUMNS)[number];

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export interface AdminSort {
  column: AdminSortColumn;
  order: SortOrder;
}

export const BULK_ACTIONS = ['verify', 'unverify', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** Most ids one bulk request may name: two full pages of 100 and more, and a write lock held for
 *  tens of milliseconds at most. */
export const MAX_BULK_IDS = 500;

/** POST /api/admin/businesses/bulk's body. */
export interface BulkRequest {
  action: BulkAction;
  ids: number[];
}

/** Its answer. Ids that do not exist are named, not an error: everything else is applied, in one
 *  transaction. */
export interface BulkResult {
  action: BulkAction;
  /** Distinct ids asked for. */
  requested: number;
  /** Businesses whose status changed, or that were deleted. */
  changed: number;
  /** Businesses already in the asked-for state (verify/unverify only; always 0 for delete). */
  unchanged: number;
  /** Ids asked for that name no business. */
  missingIds: number[];
  /** One sentence for the panel. */
  message: string;
}
