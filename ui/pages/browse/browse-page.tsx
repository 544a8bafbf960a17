// Browse page (/businesses, §2): every business, 20 a page, filtered by a search text and a
// category. The state is in the URL, so the form is a plain GET form that works before hydration;
// after hydration it navigates without a reload (the category as soon as it is chosen). With a
// filter the page is a search result: noindex, follow. Plain pages are indexable, each with its own
// canonical.
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AppLink } from '../../components/app-link.tsx';
import { useApi } from '../../api/api-context.tsx';
import type { DirectoryApi } from '../../api/directory-api.ts';
import { browseQuery, categoriesQuery } from '../../api/queries.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { listOutcome, offsetOf, pageHref, shownRange } from '../../components/pagination/page-number.ts';
import { PageOutOfRange } from '../../components/pagination/page-out-of-range.tsx';
import { Pagination } from '../../components/pagination/pagination.tsx';
import { ResultFilterBar } from '../../components/result-filters/result-filter-bar.tsx';
import {
  apiFilterParams,
  filterPhrase,
  filteredHref,
  isRefined,
  type ResultFilters,
  readResultFilters,
  resultFilterParams,
} from '../../components/result-filters/result-filters.ts';
import { useUrlField } from '../../hooks/use-url-field.ts';
import { CardSkeletons } from '../../components/skeleton/card-skeleton.tsx';
import type { RouteLoader } from '../../route-types.ts';
import { BROWSE_PAGE_SIZE, BROWSE_PATH, browseTitle, readBrowseState } from './browse-state.ts';
import { BusinessList } from './business-list.tsx';
import { CategorySelect } from './category-select.tsx';

const RESULTS_ID = 'browse-results';

// §7: limit 20, offset (page-1)*20; search and category only when non-empty.
const browsePageQuery = (
  api: DirectoryApi,
  search: string,
  category: string,
  filters: ResultFilters,
  page: number,
) =>
  browseQuery(api, {
    limit: BROWSE_PAGE_SIZE,
    offset: offsetOf(page, BROWSE_PAGE_SIZE),
    search: search || undefined,
    category: category || undefined,
    ...apiFilterParams(filters),
  });

export const loadBrowse: RouteLoader = async ({ api, load, url }) => {
  const { search, category, page } = readBrowseState(url.searchParams);
  if (page === null) return { status: 404 };
  const filters = readResultFilters(url.searchParams);
  const [data] = await Promise.all([
    load(browsePageQuery(api, search, category, filters, page)),
    load(categoriesQuery(api)),
  ]);
  return listOutcome(data.totalCount, page, BROWSE_PAGE_SIZE) === 'out-of-range'
    ? { status: 404 }
    : undefined;
};

export function BrowsePage() {
  const api = useApi();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const state = readBrowseState(searchParams);
  const { search, category, page } = state;
  const filters = readResultFilters(searchParams);
  const results = useQuery({
    enabled: page !== null,
    ...browsePageQuery(api, search, category, filters, page ?? 1),
  });
  const categories = useQuery(categoriesQuery(api));
  // The fields follow the URL (back, forward, Clear Filters) and keep what is typed in between.
  const [text, setText] = useUrlField(search);
  const [chosen, setChosen] = useUrlField(category);

  const own = { search, category };
  const kept = resultFilterParams(filters);
  const firstPage = filteredHref(BROWSE_PATH, own, filters);
  if (page === null) return <PageOutOfRange listName="businesses" firstPageHref={firstPage} />;
  const data = results.data;
  if (data && listOutcome(data.totalCount, page, BROWSE_PAGE_SIZE) === 'out-of-range')
    return <PageOutOfRange listName="businesses" firstPageHref={firstPage} />;

  const filtered = Boolean(search || category) || isRefined(filters);
  // Changing the search or the category starts again at page 1 (§4).
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(filteredHref(BROWSE_PATH, { search: text, category: chosen }, filters));
  };

  return (
    <main id="main" className="container lists">
      <PageMeta
        title={browseTitle(state, page)}
        description={
          data
            ? `Browse ${data.totalCount.toLocaleString('en-US')} local businesses: ratings, addresses, phone numbers and opening hours.${page > 1 ? ` Page ${page} of ${data.totalPages}.` : ''}`
            : 'Browse local businesses.'
        }
        // Filtered and sorted views point at the unfiltered list (issue 16).
        canonicalPath={filtered ? BROWSE_PATH : pageHref(BROWSE_PATH, {}, page)}
        noindex={filtered}
      />
      <header className="lists-hero lists-hero--banner">
        <h1 className="lists-hero__title">Browse All Businesses</h1>
        {data && (
          <p className="lists-hero__lead">{data.totalCount.toLocaleString('en-US')} Total Businesses</p>
        )}
      </header>
      {/* A form with the search role rather than <search>: older browsers do not know that element. */}
      {/* biome-ignore lint/a11y/useSemanticElements: see above */}
      <form
        role="search"
        aria-label="Filter businesses"
        method="get"
        action={BROWSE_PATH}
        className="lists-filter"
        onSubmit={submit}
      >
        <div className="lists-filter__field lists-filter__field--grow">
          <label htmlFor="browse-search">Search businesses</label>
          <input
            id="browse-search"
            type="search"
            name="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            maxLength={200}
            className="lists-filter__input"
          />
        </div>
        <div className="lists-filter__field">
          <label htmlFor="browse-category">Category</label>
          <CategorySelect
            id="browse-category"
            value={chosen}
            categories={categories.data}
            onChange={(event) => {
              setChosen(event.target.value);
              navigate(filteredHref(BROWSE_PATH, { search: text, category: event.target.value }, filters));
            }}
          />
        </div>
        {Object.entries(kept).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="btn btn--primary lists-filter__submit">
          Search
        </button>
      </form>
      <ResultFilterBar path={BROWSE_PATH} own={own} filters={filters} distance={filters.point !== null} />
      <section id={RESULTS_ID} className="lists-results" tabIndex={-1} aria-label="Businesses">
        <p className="lists-count" role="status">
          {data &&
            (data.totalCount === 0
              ? 'No businesses match.'
              : `Showing ${shownRange(page, BROWSE_PAGE_SIZE, data.businesses.length, data.totalCount)} businesses${filterPhrase(filters)}`)}
        </p>
        {results.isError ? (
          <div className="lists-empty" role="alert">
            <h2>Error Loading Businesses</h2>
            <p>Unable to load businesses. Please try again later.</p>
          </div>
        ) : !data ? (
          <CardSkeletons count={6} />
        ) : data.businesses.length === 0 ? (
          <div className="lists-empty">
            <h2>No businesses found</h2>
            <p>Try adjusting your search criteria or browse all categories.</p>
            <p>
              <AppLink to={BROWSE_PATH} className="btn btn--outline">
                Clear Filters
              </AppLink>
            </p>
          </div>
        ) : (
          <BusinessList businesses={data.businesses} />
        )}
        {data && (
          <Pagination
            page={page}
            totalPages={data.totalPages}
            hrefFor={(n) => pageHref(BROWSE_PATH, { ...own, ...kept }, n)}
            label="Pages of businesses"
            resultsId={RESULTS_ID}
          />
        )}
      </section>
    </main>
  );
}
