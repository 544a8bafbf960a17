// Businesses: find a business (search, country, category, status — all applied by the server, since
// a page of 50 filtered in the browser would be wrong), correct it, verify it, or delete it.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
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
import { BusinessFilters, type FilterValues, NO_FILTERS } from './business-filters.tsx';
import { BusinessTable } from './business-table.tsx';
import { EditBusinessDialog } from './edit-business-dialog.tsx';
import { Pagination } from './pagination.tsx';
import { useDebouncedValue } from './use-debounced-value.ts';

const t = messages.businesses;
const SEARCH_DELAY_MS = 300;

export function BusinessesTab() {
  const [filters, setFilters] = useState<FilterValues>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Business | null>(null);
  const [deleting, setDeleting] = useState<Business | null>(null);
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(new Set());
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
    }),
  );
  const countries = useQuery(adminCountriesQuery());
  const categories = useQuery(adminCategoriesQuery());
  useRequireLoginOn401(list.error);

  const changeFilters = (next: FilterValues) => {
    setFilters(next);
    // §4: a new filter starts again at page 1.
    setPage(1);
  };

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
  if (list.data && totalPages > 0 && page > totalPages) setPage(totalPages);

  return (
    <div className="admin-stack">
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
          <BusinessTable
            businesses={list.data.businesses}
            totalCount={list.data.totalCount}
            busyIds={busyIds}
            onEdit={setEditing}
            onDelete={setDeleting}
            onVerify={verify}
          />
          <Pagination page={page} totalPages={totalPages} onPage={setPage} />
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
    </div>
  );
}
