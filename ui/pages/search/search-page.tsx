// Search results (/search?q=&location=&category=&page=): the search API's answer, best first, 20 a
// page with real paging links, the count announced, a category filter. Always noindex, follow (a
// result page is not a page of the site). Without a service text the page is a friendly prompt with
// the search form, not an error.
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { AppLink } from '../../components/app-link.tsx';
import { useApi } from '../../api/api-context.tsx';
import type { DirectoryApi, SearchResult } from '../../api/directory-api.ts';
import { categoriesQuery, searchQuery } from '../../api/queries.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { listOutcome, pageHref } from '../../components/pagination/page-number.ts';
import { PageOutOfRange } from '../../components/pagination/page-out-of-range.tsx';
import { Pagination } from '../../components/pagination/pagination.tsx';
import { CardSkeletons } from '../../components/skeleton/card-skeleton.tsx';
import type { RouteLoader } from '../../route-types.ts';
import { BusinessList } from '../browse/business-list.tsx';
import { filterHref } from '../browse/filter-text.ts';
import { SearchForm } from './search-form.tsx';
import {
  readSearchState,
  SEARCH_PATH,
  type SearchState,
  searchHeading,
  searchParamsOf,
} from './search-state.ts';

/** The search API's page size (SEARCH_PAGE_SIZE on the server). */
const SEARCH_PAGE_SIZE = 20;
const RESULTS_ID = 'search-results';

const searchPageQuery = (api: DirectoryApi, state: SearchState, page: number) =>
  searchQuery(api, {
    q: state.q,
    location: state.location || undefined,
    category: state.category || undefined,
    page,
  });

export const loadSearch: RouteLoader = async ({ api, load, url }) => {
  const state = readSearchState(url.searchParams);
  if (state.page === null) return { status: 404 };
  await load(categoriesQuery(api));
  if (!state.q) return undefined;
  const data = await load(searchPageQuery(api, state, state.page));
  return listOutcome(data.totalCount, state.page, SEARCH_PAGE_SIZE) === 'out-of-range'
    ? { status: 404 }
    : undefined;
};

export function SearchPage() {
  const api = useApi();
  const [searchParams] = useSearchParams();
  const state = readSearchState(searchParams);
  const { page } = state;
  const categories = useQuery(categoriesQuery(api));
  const results = useQuery({
    enabled: state.q !== '' && page !== null,
    ...searchPageQuery(api, state, page ?? 1),
  });

  const firstPage = filterHref(SEARCH_PATH, searchParamsOf(state));
  if (page === null) return <PageOutOfRange listName="search results" firstPageHref={firstPage} />;
  const data = results.data;
  if (data && listOutcome(data.totalCount, page, SEARCH_PAGE_SIZE) === 'out-of-range')
    return <PageOutOfRange listName="search results" firstPageHref={firstPage} />;

  const heading = state.q ? searchHeading(state) : 'Search Local Businesses';
  return (
    <main id="main" className="container lists">
      <PageMeta
        title={page > 1 ? `${heading} – Page ${page}` : heading}
        description={
          state.q
            ? `Local businesses matching "${state.q}"${state.location ? ` in ${state.location}` : ''}.`
            : 'Search local businesses by service and location.'
        }
        noindex
      />
      <header className="lists-hero">
        <h1 className="lists-hero__title">{heading}</h1>
      </header>
      <SearchForm state={state} categories={categories.data} />
      {state.q ? (
        <section id={RESULTS_ID} className="lists-results" tabIndex={-1} aria-label="Search results">
          <p className="lists-count" role="status">
            {data &&
              (data.totalCount === 1
                ? '1 business found'
                : `${data.totalCount.toLocaleString('en-US')} businesses found`)}
          </p>
          <SearchResults state={state} page={page} data={data} failed={results.isError} />
        </section>
      ) : (
        <div className="lists-empty">
          <h2>What are you looking for?</h2>
          <p>
            Type a service, such as a plumber, a dentist or a pizza place, and where you are; we'll show the
            best matches first.
          </p>
          <BrowseLinks />
        </div>
      )}
    </main>
  );
}

function SearchResults({
  state,
  page,
  data,
  failed,
}: {
  state: SearchState;
  page: number;
  data: SearchResult | undefined;
  failed: boolean;
}) {
  if (failed)
    return (
      <div className="lists-empty" role="alert">
        <h2>Error Loading Businesses</h2>
        <p>Unable to load businesses. Please try again later.</p>
      </div>
    );
  if (!data) return <CardSkeletons count={6} />;
  if (data.businesses.length === 0)
    return (
      <div className="lists-empty">
        <h2>No businesses found</h2>
        <p>Try a different service or location, or browse all categories.</p>
        <BrowseLinks />
      </div>
    );
  return (
    <>
      <BusinessList businesses={data.businesses} />
      <Pagination
        page={page}
        totalPages={data.totalPages}
        hrefFor={(n) => pageHref(SEARCH_PATH, searchParamsOf(state), n)}
        label="Pages of search results"
        numbered
        resultsId={RESULTS_ID}
      />
    </>
  );
}

function BrowseLinks() {
  return (
    <p className="lists-missing__actions">
      <AppLink to="/businesses" className="btn btn--outline">
        Browse All Businesses
      </AppLink>
      <AppLink to="/categories" className="btn btn--outline">
        All Categories
      </AppLink>
    </p>
  );
}
