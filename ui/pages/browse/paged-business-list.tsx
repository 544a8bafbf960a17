// One page of a fixed list of businesses (a city, a category): "Showing a–b of n", the cards or the
// list's own empty view, a map of the page's businesses (as the search page has; loaded only when it
// comes into view), and the numbered pager whose clicks move focus to the results.
import type { ReactNode } from 'react';
import type { CountedBusinesses } from '../../api/directory-api.ts';
import { pageCount, shownRange } from '../../components/pagination/page-number.ts';
import { Pagination } from '../../components/pagination/pagination.tsx';
import { ResultsMap } from '../../components/results-map/results-map.tsx';
import { BusinessList } from './business-list.tsx';

export function PagedBusinessList({
  data,
  page,
  pageSize,
  hrefFor,
  pagerLabel,
  resultsId,
  empty,
  countSuffix = '',
  mapLabel,
}: {
  data: CountedBusinesses;
  page: number;
  pageSize: number;
  hrefFor: (page: number) => string;
  pagerLabel: string;
  resultsId: string;
  /** Shown instead of the cards when the list has none. */
  empty: ReactNode;
  /** What the active filters keep, after the count (" open now and rated 4+"). */
  countSuffix?: string;
  /** The map region's accessible name. */
  mapLabel: string;
}) {
  return (
    <>
      <p className="lists-count" role="status">
        Showing {shownRange(page, pageSize, data.businesses.length, data.totalCount)} businesses{countSuffix}
      </p>
      {data.businesses.length === 0 ? (
        <div className="lists-empty">{empty}</div>
      ) : (
        <>
          <BusinessList businesses={data.businesses} />
          <ResultsMap businesses={data.businesses} label={mapLabel} />
        </>
      )}
      <Pagination
        page={page}
        totalPages={pageCount(data.totalCount, pageSize)}
        hrefFor={hrefFor}
        label={pagerLabel}
        numbered
        resultsId={resultsId}
      />
    </>
  );
}
