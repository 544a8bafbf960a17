// Search results (/search?q=&location=&category=&exact=1&page=): the search API's answer, best
// first, 20 a page with real paging links, the count announced, a category filter. The heading says
// how the server read the query; a corrected query says so, with a link that searches the words as
// typed; words that matched nothing are named; an empty answer offers categories and places that do
// have businesses. A place alone lists its businesses. Always noindex, follow (a result page is not
// a page of the site). With neither a service nor a place the page is a friendly prompt with the
// search form, not an error.
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import type { SearchAlternative, SearchAnswer } from '../../../server/contract/search.ts';
import { useApi } from '../../api/api-context.tsx';
import type { DirectoryApi } from '../../api/directory-api.ts';
import { categoriesQuery, searchQuery } from '../../api/queries.ts';
import { AppLink } from '../../components/app-link.tsx';
import { PageMeta } from '../../components/page-meta.tsx';
import { listOutcome, pageHref } from '../../components/pagination/page-number.ts';
import { PageOutOfRange } from '../../components/pagination/page-out-of-range.tsx';
import { Pagination } from '../../components/pagination/pagination.tsx';
import { ResultFilterBar } from '../../components/result-filters/result-filter-bar.tsx';
import {
  apiFilterParams,
  filterPhrase,
  isRefined,
  type ResultFilters,
  resultFilterParams,
} from '../../components/result-filters/result-filters.ts';
import { ResultsMap } from '../../components/results-map/results-map.tsx';
import { CardSkeletons } from '../../components/skeleton/card-skeleton.tsx';
import { businessCountText } from '../../format/counts.ts';
import { sitePath } from '../../format/safe-url.ts';
import type { RouteLoader } from '../../route-types.ts';
import { BusinessList } from '../browse/business-list.tsx';
import { filterHref } from '../browse/filter-text.ts';
import { SearchForm } from './search-form.tsx';
import { UseMyLocation } from './use-my-location.tsx';
import {
  ignoredWordsNote,
  isSearched,
  isSearchedWith,
  readSearchFilters,
  readSearchState,
  SEARCH_PATH,
  type SearchState,
  searchHeading,
  searchParamsOf,
} from './search-state.ts';

/** The search API's page size (SEARCH_PAGE_SIZE on the server). */
const SEARCH_PAGE_SIZE = 20;
const RESULTS_ID = 'search-results';

const searchPageQuery = (api: DirectoryApi, state: SearchState, filters: ResultFilters, page: number) =>
  searchQuery(api, {
    q: state.q,
    location: state.location || undefined,
    category: state.category || undefined,
    page,
    exact: state.exact || undefined,
    ...apiFilterParams(filters),
  });

export const loadSearch: RouteLoader = async ({ api, load, url }) => {
  const state = readSearchState(url.searchParams);
  if (state.page === null) return { status: 404 };
  const filters = readSearchFilters(url.searchParams);
  await load(categoriesQuery(api));
  if (!isSearchedWith(state, filters)) return undefined;
  const data = await load(searchPageQuery(api, state, filters, state.page));
  return listOutcome(data.totalCount, state.page, SEARCH_PAGE_SIZE) === 'out-of-range'
    ? { status: 404 }
    : undefined;
};

function pageDescription(state: SearchState): string {
  if (!isSearched(state)) return 'Search local businesses by service and location.';
  const where = state.location ? ` in ${state.location}` : '';
  return state.q ? `Local businesses matching "${state.q}"${where}.` : `Local businesses${where}.`;
}

export function SearchPage() {
  const api = useApi();
  const [searchParams] = useSearchParams();
  const state = readSearchState(searchParams);
  const filters = readSearchFilters(searchParams);
  const { page } = state;
  const searched = isSearchedWith(state, filters);
  const categories = useQuery(categoriesQuery(api));
  const results = useQuery({
    enabled: searched && page !== null,
    ...searchPageQuery(api, state, filters, page ?? 1),
  });

  // The search without its filters: the canonical of a filtered or sorted view (issue 16).
  const unfiltered = filterHref(SEARCH_PATH, searchParamsOf(state));
  const own = searchParamsOf(state);
  const firstPage = pageHref(SEARCH_PATH, { ...own, ...resultFilterParams(filters) }, 1);
  if (page === null) return <PageOutOfRange listName="search results" firstPageHref={firstPage} />;
  const data = searched ? results.data : undefined;
  if (data && listOutcome(data.totalCount, page, SEARCH_PAGE_SIZE) === 'out-of-range')
    return <PageOutOfRange listName="search results" firstPageHref={firstPage} />;

  const heading =
    !isSearched(state) && filters.point ? 'Businesses near you' : searchHeading(state, data?.understood);
  const locate = <UseMyLocation path={SEARCH_PATH} own={own} filters={filters} />;
  return (
    <main id="main" className="container lists">
      <PageMeta
        title={page > 1 ? `${heading} – Page ${page}` : heading}
        description={pageDescription(state)}
        canonicalPath={isRefined(filters) ? unfiltered : undefined}
        noindex
      />
      <header className="lists-hero">
        <h1 className="lists-hero__title">{heading}</h1>
      </header>
      <SearchForm state={state} categories={categories.data} filters={filters} />
      {searched ? (
        <ResultFilterBar
          path={SEARCH_PATH}
          own={own}
          filters={filters}
          distance={filters.point !== null || state.location !== ''}
        >
          {locate}
        </ResultFilterBar>
      ) : (
        locate
      )}
      {searched ? (
        <section id={RESULTS_ID} className="lists-results" tabIndex={-1} aria-label="Search results">
          <p className="lists-count" role="status">
            {data && searchCountText(data, filters)}
          </p>
          {data && <SearchNotes typed={state.q} answer={data} />}
          <SearchResults state={state} filters={filters} page={page} data={data} failed={results.isError} />
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

/** "25 businesses found"; filtered, what the filters keep: "24 businesses open now and rated 4+". */
function searchCountText(data: SearchAnswer, filters: ResultFilters): string {
  const phrase = filterPhrase(filters);
  return `${data.totalCountEstimated ? 'About ' : ''}${businessCountText(data.totalCount)}${phrase || ' found'}`;
}

/** What the server did with the words: corrected them (with a way back to the words as typed), or
 *  left some out because nothing matched them. */
function SearchNotes({ typed, answer }: { typed: string; answer: SearchAnswer }) {
  const exactPath = sitePath(answer.exactSearchUrl);
  const ignored = ignoredWordsNote(answer.understood.ignoredWords);
  return (
    <>
      {answer.correctedQuery && (
        <p className="search-note search-note--correction">
          Showing results for <strong>{answer.correctedQuery}</strong>
          {exactPath && (
            <>
              {' — search instead for '}
              <AppLink to={exactPath}>{typed}</AppLink>
            </>
          )}
        </p>
      )}
      {ignored && <p className="search-note">{ignored}</p>}
    </>
  );
}

function SearchResults({
  state,
  filters,
  page,
  data,
  failed,
}: {
  state: SearchState;
  filters: ResultFilters;
  page: number;
  data: SearchAnswer | undefined;
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
        <AlternativeLinks
          id="search-try-categories"
          title="Try a category:"
          items={data.alternatives?.categories}
        />
        <AlternativeLinks id="search-try-places" title="Or a place:" items={data.alternatives?.places} />
        <BrowseLinks />
      </div>
    );
  return (
    <>
      <BusinessList businesses={data.businesses} />
      <ResultsMap businesses={data.businesses} label="Map of these results" />
      <Pagination
        page={page}
        totalPages={data.totalPages}
        hrefFor={(n) =>
          pageHref(SEARCH_PATH, { ...searchParamsOf(state), ...resultFilterParams(filters) }, n)
        }
        label="Pages of search results"
        numbered
        resultsId={RESULTS_ID}
      />
    </>
  );
}

/** Categories or places that have businesses, each a link with its count. */
function AlternativeLinks({
  id,
  title,
  items,
}: {
  id: string;
  title: string;
  items: readonly SearchAlternative[] | undefined;
}) {
  const links = (items ?? []).flatMap((item) => {
    const path = sitePath(item.url);
    return path ? [{ ...item, path }] : [];
  });
  if (links.length === 0) return null;
  return (
    <div className="search-alternatives">
      <p id={id} className="search-alternatives__title">
        {title}
      </p>
      <ul className="search-alternatives__list" aria-labelledby={id}>
        {links.map((link) => (
          <li key={link.path}>
            <AppLink to={link.path}>{link.label}</AppLink>{' '}
            <span className="search-alternatives__count">
              (
              {link.countCapped
                ? `${link.count.toLocaleString('en-US')}+ businesses`
                : businessCountText(link.count)}
              )
            </span>
          </li>
        ))}
      </ul>
    </div>
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
