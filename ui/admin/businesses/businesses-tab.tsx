// Businesses: find a business (search, country, category, status and the column order — all applied
// by the server, since a page of 50 filtered or sorted in the browser would be wrong), correct it,
// verify it, or delete it; or tick several and verify, unverify or delete them at once. The ticks
// belong to the page on screen: a new page, search, filter or order clears them, as does the action.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { AdminSort, AdminSortColumn, BulkAction } from '../../../server/contract/admin-businesses.ts';
import type { Business } from '../../../server/contract/business.ts';
import { adminApi } from '../api/admin-api.ts';
import {
  ADMIN_PAGE_SIZE,
  adminBusinessesQuery,
  adminCategoriesQuery,
  adminCountriesQuery,
} from '../api/admin-queries.ts';
import { serverMessageOf, useAdminSession } from '../admin-session.tsx';
import { AlertDialog } from '../components/alert-dialog.tsx';
import { ErrorState, LoadingState } from '../components/query-state.tsx';
import { messages } from '../messages/catalog.ts';
import { refreshAfterDataChange } from '../refresh-data.ts';
import { useRequireLoginOn401 } from '../use-require-login-on-401.ts';
import { useToast } from '../../components/toast/toast-provider.tsx';
import { BulkActionsBar } from './bulk-actions-bar.tsx';
import { BusinessFilters, type FilterValues, NO_FILTERS } from './business-filters.tsx';
import { BusinessTable } from './business-table.tsx';
import { EditBusinessDialog } from './edit-business-dialog.tsx';
import { Pagination } from './pagination.tsx';
import { nextSort } from './sortable-header.tsx';
import { useDebouncedValue } from './use-debounced-value.ts';

const t = messages.businesses;
const SEARCH_DELAY_MS = 300;

export function BusinessesTab() {
  const [filters, setFilters] = useState<FilterValues>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Business | null>(null);
  const [deleting, setDeleting] = useState<Business | null>(null);
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(new Set());
  const [sort, setSort] = useState<AdminSort | undefined>(undefined);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [bulkAction, setBulkAction] = useState<BulkAction | null>(null);
  const [bulkBusy, setBulkBusy] = useState(false);
  const [refocus, setRefocus] = useState(false);
  const selectAllRef = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const session = useAdminSession();
  const toast = useToast();

  const search = useDebouncedValue(filters.search.trim(), SEARCH_DELAY_MS);
  const list = useQuery(
    adminBusinessesQuery({
      limit: ADMIN_PAGE_SIZE,
      offset: (page - 1) * ADMIN_PAGE_SIZE,
      search,
      category: filters.category,
      country: filters.country,
      status: filters.status || undefined,
      sort,
    }),
  );
  const countries = useQuery(adminCountriesQuery());
  const categories = useQuery(adminCategoriesQuery());
  useRequireLoginOn401(list.error);

  const clearSelection = () => setSelected(new Set());
  const changeFilters = (next: FilterValues) => {
    setFilters(next);
    // §4: a new filter starts again at page 1.
    setPage(1);
    clearSelection();
  };
  const changePage = (next: number) => {
    setPage(next);
    clearSelection();
  };
  const changeSort = (column: AdminSortColumn) => {
    setSort(nextSort(sort, column));
    setPage(1);
    clearSelection();
  };

  // Only rows on screen count as ticked: a row gone from the page (deleted elsewhere) is not acted on.
  const pageIds = list.data?.businesses.map((business) => business.id) ?? [];
  const selectedOnPage = pageIds.filter((id) => selected.has(id));
  const selectRow = (id: number, tick: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (tick) next.add(id);
      else next.delete(id);
      return next;
    });
  const selectPage = (tick: boolean) => setSelected(tick ? new Set(pageIds) : new Set());

  async function confirmBulk() {
    const action = bulkAction;
    if (!action || selectedOnPage.length === 0) return;
    setBulkBusy(true);
    try {
      const result = await adminApi.bulkBusinesses({ action, ids: selectedOnPage });
      setBulkAction(null);
      clearSelection();
      toast({ title: t.bulkDoneTitle[action], description: result.message, variant: 'success' });
      setRefocus(true);
      await refreshAfterDataChange(queryClient);
    } catch (error) {
      // One transaction: nothing was changed, and the ticks stay for another try.
      setBulkAction(null);
      session.reportError(error, {
        title: t.bulkFailedTitle,
        description: serverMessageOf(error, String(error)),
      });
    } finally {
      setBulkBusy(false);
    }
  }

  // The button that opened the dialog waits once nothing is ticked, so the dialog cannot hand focus
  // back to it: the table's "select all" takes it, after the dialog has closed (this effect runs after
  // the dialog's clean-up in the same commit).
  useEffect(() => {
    if (!refocus || bulkAction !== null) return;
    selectAllRef.current?.focus();
    setRefocus(false);
  }, [refocus, bulkAction]);

  const markBusy = (id: number, busy: boolean) =>
    setBusyIds((current) => {
      const next = new Set(current);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });

  async function verify(business: Business) {
    markBusy(business.id, true);
    try {
      await adminApi.updateBusiness(business.id, { isVerified: true });
      toast({
        title: t.verifiedTitle,
        description: t.verifiedDescription(business.name),
        variant: 'success',
      });
      await refreshAfterDataChange(queryClient);
    } catch (error) {
      session.reportError(error, {
        title: t.verifyFailedTitle,
        description: serverMessageOf(error, String(error)),
      });
    } finally {
      markBusy(business.id, false);
    }
  }

  async function confirmDelete() {
    const business = deleting;
    if (!business) return;
    markBusy(business.id, true);
    try {
      const { message } = await adminApi.deleteBusiness(business.id);
      setDeleting(null);
      toast({ title: t.deletedTitle, description: message, variant: 'success' });
      await refreshAfterDataChange(queryClient);
    } catch (error) {
      setDeleting(null);
      session.reportError(error, {
        title: t.deleteFailedTitle,
        description: serverMessageOf(error, String(error)),
      });
    } finally {
      markBusy(business.id, false);
    }
  }

  const totalPages = list.data?.totalPages ?? 0;
  // Deleting the last row of the last page leaves a page past the end: step back to the new last one.
  if (list.data && totalPages > 0 && page > totalPages) changePage(totalPages);

  return (
    <div className="admin-stack admin-businesses">
      <h2>{t.heading}</h2>
      <BusinessFilters
        values={filters}
        countries={countries.data}
        categories={categories.data}
        onChange={changeFilters}
      />
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.businesses.length === 0 ? (
        <p className="admin-muted" role="status">
          {t.empty}
        </p>
      ) : (
        <div className={list.isPlaceholderData ? 'admin-stale' : undefined} aria-busy={list.isFetching}>
          <BulkActionsBar
            count={selectedOnPage.length}
            busy={bulkBusy}
            onAction={setBulkAction}
            onClear={clearSelection}
          />
          <BusinessTable
            businesses={list.data.businesses}
            totalCount={list.data.totalCount}
            busyIds={busyIds}
            onEdit={setEditing}
            onDelete={setDeleting}
            onVerify={verify}
            selectedIds={selected}
            onSelect={selectRow}
            onSelectAll={selectPage}
            selectAllRef={selectAllRef}
            sort={sort}
            onSort={changeSort}
          />
          <Pagination page={page} totalPages={totalPages} onPage={changePage} />
        </div>
      )}

      {editing && (
        <EditBusinessDialog
          business={editing}
          onClose={() => setEditing(null)}
          onSaved={async (saved) => {
            setEditing(null);
            if (!saved) {
              toast({ title: t.noChanges });
              return;
            }
            toast({ title: t.savedTitle, description: t.savedDescription(saved.name), variant: 'success' });
            await refreshAfterDataChange(queryClient);
          }}
          onFailed={(error) => {
            setEditing(null);
            session.reportError(error, {
              title: t.saveFailedTitle,
              description: serverMessageOf(error, String(error)),
            });
          }}
        />
      )}
      {deleting && (
        <AlertDialog
          title={t.deleteTitle}
          description={<p>{t.deleteDescription(deleting.name)}</p>}
          cancelLabel={messages.common.cancel}
          confirmLabel={t.deleteConfirm}
          busy={busyIds.has(deleting.id)}
          onCancel={() => setDeleting(null)}
          onConfirm={confirmDelete}
        />
      )}
      {bulkAction && (
        <AlertDialog
          title={t.bulkConfirmTitle(bulkAction, selectedOnPage.length)}
          description={<p>{t.bulkConfirmDescription(bulkAction, selectedOnPage.length)}</p>}
          cancelLabel={messages.common.cancel}
          confirmLabel={t.bulkConfirmLabel(bulkAction, selectedOnPage.length)}
          confirmTone={bulkAction === 'delete' ? 'danger' : 'primary'}
          busy={bulkBusy}
          onCancel={() => setBulkAction(null)}
          onConfirm={confirmBulk}
        />
      )}
    </div>
  );
}
