// All cities (/cities): every city with its number of businesses, most businesses first, linked to
// its city page. A directory of a million businesses has tens of thousands of cities, so the list is
// paged by 200 (short rows: a name and a count) with real links, each page its own canonical.
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { AppLink } from '../../components/app-link.tsx';
import { cityPath } from '../../../server/contract/paths.ts';
import { useApi } from '../../api/api-context.tsx';
import type { CityEntry, DirectoryApi } from '../../api/directory-api.ts';
import { citiesQuery } from '../../api/queries.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import {
  listOutcome,
  offsetOf,
  pageCount,
  pageHref,
  parsePageParam,
  shownRange,
} from '../../components/pagination/page-number.ts';
import { PageOutOfRange } from '../../components/pagination/page-out-of-range.tsx';
import { Pagination } from '../../components/pagination/pagination.tsx';
import type { RouteLoader } from '../../route-types.ts';

/** Cities a page; the JSON API accepts up to 200 (MAX_CITY_PAGE_SIZE). */
export const CITIES_PAGE_SIZE = 200;
const RESULTS_ID = 'cities-results';

const citiesPageQuery = (api: DirectoryApi, page: number) =>
  citiesQuery(api, { limit: CITIES_PAGE_SIZE, offset: offsetOf(page, CITIES_PAGE_SIZE) });

const citiesHref = (page: number) => pageHref('/cities', {}, page);

export const loadCities: RouteLoader = async ({ api, load, url }) => {
  const page = parsePageParam(url.searchParams.get('page'));
  if (page === null) return { status: 404 };
  const data = await load(citiesPageQuery(api, page));
  return listOutcome(data.totalCount, page, CITIES_PAGE_SIZE) === 'out-of-range'
    ? { status: 404 }
    : undefined;
};

export function CitiesPage() {
  const api = useApi();
  const [searchParams] = useSearchParams();
  const page = parsePageParam(searchParams.get('page'));
  const query = useQuery({ enabled: page !== null, ...citiesPageQuery(api, page ?? 1) });
  if (
    page === null ||
    (query.data && listOutcome(query.data.totalCount, page, CITIES_PAGE_SIZE) === 'out-of-range')
  )
    return <PageOutOfRange listName="all cities" firstPageHref="/cities" />;
  const data = query.data;
  const totalPages = pageCount(data?.totalCount ?? 0, CITIES_PAGE_SIZE);
  const count = data?.totalCount.toLocaleString('en-US');
  return (
    <main id="main" className="container lists">
      <PageMeta
        title={page > 1 ? `All Cities – Page ${page}` : 'All Cities – Local Businesses by City'}
        description={
          data
            ? `Find local businesses in ${count} cities: browse every city of the directory with its number of businesses.${page > 1 ? ` Page ${page} of ${totalPages}.` : ''}`
            : 'Find local businesses by city.'
        }
        canonicalPath={citiesHref(page)}
      />
      <header className="lists-hero">
        <h1 className="lists-hero__title">All Cities</h1>
        <p className="lists-hero__lead">Find local businesses in every city of the directory.</p>
        {data && <p className="lists-badge">{count} Cities</p>}
      </header>
      <section id={RESULTS_ID} className="lists-results" tabIndex={-1} aria-label="Cities">
        {query.isError ? (
          <div className="lists-empty" role="alert">
            <h2>Error Loading Cities</h2>
            <p>Unable to load cities. Please try again later.</p>
          </div>
        ) : !data ? (
          <p role="status" className="lists-count">
            Loading cities…
          </p>
        ) : data.totalCount === 0 ? (
          <div className="lists-empty">
            <h2>No cities yet</h2>
            <p>There are no businesses listed yet.</p>
          </div>
        ) : (
          <>
            <p className="lists-count" role="status">
              Showing {shownRange(page, CITIES_PAGE_SIZE, data.cities.length, data.totalCount)} cities, most
              businesses first
            </p>
            <CityLinks cities={data.cities} />
            <Pagination
              page={page}
              totalPages={totalPages}
              hrefFor={citiesHref}
              label="Pages of cities"
              numbered
              resultsId={RESULTS_ID}
            />
          </>
        )}
      </section>
    </main>
  );
}

function CityLinks({ cities }: { cities: readonly CityEntry[] }) {
  return (
    <ul className="lists-links">
      {cities.map((city) => (
        <li key={city.name} className="lists-links__item">
          <AppLink to={cityPath(city.name)} className="lists-links__link">
            {city.name}
          </AppLink>{' '}
          <span className="lists-links__count">
            {city.businessCount.toLocaleString('en-US')}{' '}
            {city.businessCount === 1 ? 'business' : 'businesses'}
          </span>
        </li>
      ))}
    </ul>
  );
}
