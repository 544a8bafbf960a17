// City page (/city/:cityName, §2): the businesses of one city, 20 a page with real paging links.
// The loader fills the cache on the server and answers 404 for a city without businesses or a page
// past the end; the page reads the same query, and fetches it (showing 6 skeletons) on client-side
// navigation.
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router-dom';
import { cityPath } from '../../../server/contract/paths.ts';
import { useApi } from '../../api/api-context.tsx';
import type { CountedBusinesses } from '../../api/directory-api.ts';
import { cityQuery } from '../../api/queries.ts';
import { ViewDetailsContext } from '../../components/business-card/view-details.tsx';
import { PageMeta } from '../../components/page-meta.tsx';
import { offsetOf, pageCount, pageHref, parsePageParam } from '../../components/pagination/page-number.ts';
import { PageOutOfRange } from '../../components/pagination/page-out-of-range.tsx';
import { ResultFilterBar } from '../../components/result-filters/result-filter-bar.tsx';
import {
  apiFilterParams,
  filteredHref,
  filteredListOutcome,
  filterPhrase,
  isRefined,
  type ResultFilters,
  readResultFilters,
  resultFilterParams,
} from '../../components/result-filters/result-filters.ts';
import { CardSkeletons } from '../../components/skeleton/card-skeleton.tsx';
import type { RouteLoader } from '../../route-types.ts';
import { breadcrumbList } from '../../seo/breadcrumb-list.ts';
import { useSiteConfig } from '../../site-config.ts';
import { PagedBusinessList } from '../browse/paged-business-list.tsx';
import { BreadcrumbNav } from '../business/breadcrumb-nav.tsx';
import { CITY_PAGE_SIZE, cityCrumbs, cityDescription, cityPageHref, cityTitle } from './city-meta.ts';
import { CityNotFound } from './city-not-found.tsx';

const RESULTS_ID = 'city-results';

const cityPageQuery = (
  api: Parameters<typeof cityQuery>[0],
  city: string,
  filters: ResultFilters,
  page: number,
) =>
  cityQuery(
    api,
    city,
    { limit: CITY_PAGE_SIZE, offset: offsetOf(page, CITY_PAGE_SIZE) },
    apiFilterParams(filters),
  );

export const loadCity: RouteLoader = async ({ api, load, params, url }) => {
  const city = (params.cityName ?? '').trim();
  const page = parsePageParam(url.searchParams.get('page'));
  // §4: no query without a city name.
  if (!city || page === null) return { status: 404 };
  const filters = readResultFilters(url.searchParams);
  const data = await load(cityPageQuery(api, city, filters, page));
  return filteredListOutcome(data.totalCount, page, CITY_PAGE_SIZE, filters) === 'ok'
    ? undefined
    : { status: 404 };
};

export function CityPage() {
  const api = useApi();
  const { cityName = '' } = useParams();
  const [searchParams] = useSearchParams();
  const city = cityName.trim();
  const page = parsePageParam(searchParams.get('page'));
  const filters = readResultFilters(searchParams);
  const query = useQuery({
    enabled: Boolean(city) && page !== null,
    ...cityPageQuery(api, city, filters, page ?? 1),
  });

  if (!city) return <CityNotFound />;
  if (page === null)
    return <PageOutOfRange listName={`businesses in ${city}`} firstPageHref={cityPageHref(city, 1)} />;
  // Skeletons inside the same page structure, so a pager click keeps focus on the results.
  if (query.isPending) return <CityView city={city} page={page} filters={filters} />;
  if (query.isError) return <CityNotFound />;
  const outcome = filteredListOutcome(query.data.totalCount, page, CITY_PAGE_SIZE, filters);
  if (outcome === 'empty') return <CityNotFound />;
  // The name as the data spells it ("New York", not the URL's "new%20york").
  const displayName = query.data.businesses[0]?.city.trim() || city;
  if (outcome === 'out-of-range')
    return (
      <PageOutOfRange
        listName={`businesses in ${displayName}`}
        firstPageHref={filteredHref(cityPath(displayName), {}, filters)}
      />
    );
  return <CityView city={displayName} page={page} filters={filters} data={query.data} />;
}

function CityView({
  city,
  page,
  filters,
  data,
}: {
  city: string;
  page: number;
  filters: ResultFilters;
  data?: CountedBusinesses;
}) {
  const site = useSiteConfig();
  const crumbs = cityCrumbs(city);
  const refined = isRefined(filters);
  const path = cityPath(city);
  return (
    <main id="main" className="container lists">
      {data && (
        <PageMeta
          title={cityTitle(city, page)}
          description={cityDescription(
            city,
            data.totalCount,
            page,
            pageCount(data.totalCount, CITY_PAGE_SIZE),
          )}
          // Filtered and sorted views: noindex, the canonical at the unfiltered list (issue 16).
          canonicalPath={refined ? cityPageHref(city, 1) : cityPageHref(city, page)}
          noindex={refined}
          jsonLd={[breadcrumbList(site.siteUrl, crumbs)]}
        />
      )}
      <BreadcrumbNav crumbs={crumbs} />
      <header className="lists-hero">
        <h1 className="lists-hero__title">Businesses in {city}</h1>
        {data && <CityCounts city={city} total={data.totalCount} />}
      </header>
      <ResultFilterBar path={path} own={{}} filters={filters} distance={filters.point !== null} />
      <section id={RESULTS_ID} className="lists-results" tabIndex={-1} aria-label={`Businesses in ${city}`}>
        {data ? (
          // §2: each card of the city page has a View Details button.
          <ViewDetailsContext.Provider value={true}>
            <PagedBusinessList
              data={data}
              page={page}
              pageSize={CITY_PAGE_SIZE}
              hrefFor={(n) => pageHref(path, resultFilterParams(filters), n)}
              countSuffix={filterPhrase(filters)}
              pagerLabel={`Pages of businesses in ${city}`}
              mapLabel={`Map of these businesses in ${city}`}
              resultsId={RESULTS_ID}
              empty={
                <>
                  <h2>No businesses found</h2>
                  <p>
                    {refined
                      ? `No businesses in ${city} match these filters.`
                      : `There are no businesses listed in ${city} yet.`}
                  </p>
                </>
              }
            />
          </ViewDetailsContext.Provider>
        ) : (
          <CardSkeletons count={6} />
        )}
      </section>
    </main>
  );
}

function CityCounts({ city, total }: { city: string; total: number }) {
  const count = total.toLocaleString('en-US');
  return (
    <>
      <p className="lists-hero__lead">
        {total === 1 ? '1 local business' : `${count} local businesses`} in {city}, with ratings, addresses
        and opening hours.
      </p>
      <p className="lists-badge">{count} Results</p>
    </>
  );
}
